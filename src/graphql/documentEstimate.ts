import type {
  DocumentNode,
  FieldNode,
  FragmentDefinitionNode,
  OperationDefinitionNode,
  SelectionSetNode,
  ValueNode,
} from 'graphql'

import { VISITOR_MAX_PAGE_SIZE } from '../hooks/capVisitorPageSize'

/** Payload's page size when a list names none (`payload/dist/collections/operations/find.js`). */
const DEFAULT_LIST_LIMIT = 10

/** Fields of Payload's paginated answer (`docs`, `totalDocs`, …): a field selecting one of them is a list. */
const PAGE_FIELDS = new Set([
  'docs',
  'hasNextPage',
  'hasPrevPage',
  'limit',
  'nextPage',
  'page',
  'pagingCounter',
  'prevPage',
  'totalDocs',
  'totalPages',
])

/** Arguments only lists take (Payload's collection and version lists, join fields, `EventOccurrences`). */
const LIST_ARGUMENTS = new Set(['limit', 'page', 'pagination', 'sort', 'where'])

/** Payload's `count{Collection}` queries answer `totalDocs` by counting: they read no document. */
const isCount = (field: FieldNode) => /^count[A-Z]/.test(field.name.value)

/**
 * About how many documents a GraphQL operation reads, from its text alone (so that the server can
 * judge a request before Payload parses it, and the validation rule without the schema's types):
 * a list (a field with a list's arguments, or selecting a field of Payload's paginated answer:
 * its collection and version lists, join fields) reads its page, `limit` items (Payload's 10 when
 * it names none), whatever is selected of it: Payload reads and runs the read hooks of a whole
 * page to answer its `totalDocs` alone; each item costs one plus what its own selection reads,
 * as any other selected object (a relationship, an upload) does. Each fragment is estimated once,
 * so fragments spread many times cost linear work.
 */
export function estimateDocuments(
  document: DocumentNode,
  operation: OperationDefinitionNode,
  variables: Record<string, unknown>,
): number {
  const ofSelections = selectionCounter(document, (field, ofChildren) => {
    if (!field.selectionSet) return 0
    if (isCount(field)) return 0
    const isList =
      field.arguments?.some((arg) => LIST_ARGUMENTS.has(arg.name.value)) === true ||
      field.selectionSet.selections.some(
        (selection) => selection.kind === 'Field' && PAGE_FIELDS.has(selection.name.value),
      )
    // A list's own object (`totalDocs`, `docs`…) is no document; `docs` counts as one per item,
    // and a page is read whole even when none of its items is selected.
    if (isList) return pageOf(field, variables) * Math.max(1, ofChildren(field.selectionSet))
    return 1 + ofChildren(field.selectionSet)
  })
  return ofSelections(operation.selectionSet)
}

/**
 * The items a list reads: its `limit`; with `pagination: false`, the largest page a visitor gets
 * (an editor's is larger: a heavy read either way).
 */
function pageOf(field: FieldNode, variables: Record<string, unknown>): number {
  const argument = (name: string) => field.arguments?.find((arg) => arg.name.value === name)
  const pagination = argument('pagination')?.value
  const unpaged =
    pagination !== undefined &&
    (pagination.kind === 'Variable'
      ? variables[pagination.name.value] === false
      : pagination.kind === 'BooleanValue' && !pagination.value)
  return unpaged ? VISITOR_MAX_PAGE_SIZE : limitOf(argument('limit')?.value, variables)
}

/** The page size a list asks for: its literal or variable `limit`, Payload's default when none, the largest a visitor gets when it is 0 or unreadable. */
function limitOf(value: ValueNode | undefined, variables: Record<string, unknown>): number {
  if (!value) return DEFAULT_LIST_LIMIT
  const raw =
    value.kind === 'Variable'
      ? variables[value.name.value]
      : value.kind === 'IntValue'
        ? value.value
        : undefined
  if (raw === undefined || raw === null)
    return value.kind === 'Variable' ? DEFAULT_LIST_LIMIT : VISITOR_MAX_PAGE_SIZE
  const limit = Number(raw)
  return Number.isInteger(limit) && limit > 0
    ? Math.min(limit, VISITOR_MAX_PAGE_SIZE)
    : VISITOR_MAX_PAGE_SIZE
}

/**
 * How many fields a document selects once every fragment spread is written out in place. Checking
 * that fields which share a name can be merged, and Payload's complexity rule, both walk the
 * document that way: thirty fragments each spreading the next twice select a billion fields and
 * hold the server for good, though the text is a few kilobytes. Counted here with each fragment
 * counted once (linear work), so such a document is refused before either runs.
 */
export function expandedFieldCount(document: DocumentNode): number {
  const ofSelections = selectionCounter(
    document,
    (field, ofChildren) => 1 + ofChildren(field.selectionSet),
  )
  let fields = 0
  for (const definition of document.definitions) {
    if (definition.kind === 'OperationDefinition') fields += ofSelections(definition.selectionSet)
  }
  return fields
}

/**
 * A count over a selection set: `ofField` for each field (given the count of a child selection),
 * inline fragments and spread fragments written out in place, each named fragment counted once
 * and remembered, so a document that doubles at each level costs linear work.
 */
function selectionCounter(
  document: DocumentNode,
  ofField: (
    field: FieldNode,
    ofChildren: (selectionSet: SelectionSetNode | undefined) => number,
  ) => number,
) {
  const fragments = new Map<string, FragmentDefinitionNode>()
  for (const definition of document.definitions) {
    if (definition.kind === 'FragmentDefinition') fragments.set(definition.name.value, definition)
  }
  const fragmentCounts = new Map<string, number>()
  const ofSelections = (selectionSet: SelectionSetNode | undefined): number => {
    let count = 0
    for (const selection of selectionSet?.selections ?? []) {
      if (selection.kind === 'InlineFragment') count += ofSelections(selection.selectionSet)
      else if (selection.kind === 'FragmentSpread') count += ofFragment(selection.name.value)
      else count += ofField(selection, ofSelections)
    }
    return count
  }
  const ofFragment = (name: string): number => {
    const known = fragmentCounts.get(name)
    if (known !== undefined) return known
    // A fragment spreading itself is refused by graphql-js's own rules; counted as nothing meanwhile.
    fragmentCounts.set(name, 0)
    const count = ofSelections(fragments.get(name)?.selectionSet)
    fragmentCounts.set(name, count)
    return count
  }
  return ofSelections
}
