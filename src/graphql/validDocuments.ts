import type { DocumentNode, GraphQLError, GraphQLSchema, ValidationRule } from 'graphql'

// Payload's own instance of graphql-js (as `./readBudget.ts`): its schema and rules are that
// instance's.
import { GraphQL } from '@payloadcms/graphql/types'

import { processRegion } from '../calendar/cache/registry'

/** The longest query text whose verdict is kept; a longer one is validated whole on every request. */
export const MAX_REMEMBERED_QUERY_CHARS = 8_192

/**
 * Query texts that passed graphql-js's own rules (`specifiedRules`), with the schema they passed
 * against. Those rules judge the document against the schema and nothing else (no variables, no
 * caller), so their verdict on a text holds as long as the schema does; running them costs more
 * than many a small query's execution (one of them lists every type of Payload's schema). Only
 * passes are kept: a document they refuse is judged again each time, with the same errors.
 * Bounded in count and in characters, since callers may send any number of distinct texts.
 */
const passed = processRegion<GraphQLSchema>('graphql-valid-documents', {
  maxBytes: 1024 * 1024,
  maxEntries: 1_000,
})

const SPECIFIED_RULES: ReadonlySet<ValidationRule> = new Set(GraphQL.specifiedRules)

/** The text each document was parsed from, for `validateKnowingPasses`. */
const textOf = new WeakMap<DocumentNode, string>()

/** `query` parsed (or `parsed`, the same text parsed already in this request), remembering its text. */
export function parseRememberingText(query: string, parsed?: DocumentNode | null): DocumentNode {
  const document = parsed ?? GraphQL.parse(query)
  textOf.set(document, query)
  return document
}

/**
 * graphql-js's `validate`, answering exactly as it does: for a document parsed by
 * `parseRememberingText` from a text that already passed graphql-js's own rules against this
 * schema, only the other rules run (Payload's complexity limit, the read budget, the host's rules:
 * they may read the variables and the caller, so they run on every request).
 */
export function validateKnowingPasses(
  schema: GraphQLSchema,
  document: DocumentNode,
  rules: readonly ValidationRule[] = GraphQL.specifiedRules,
): readonly GraphQLError[] {
  const text = textOf.get(document)
  const judgesAll = rules.length >= SPECIFIED_RULES.size && everySpecifiedIn(rules)
  if (text !== undefined && judgesAll && passed.get(text) === schema) {
    const others = rules.filter((rule) => !SPECIFIED_RULES.has(rule))
    return others.length ? GraphQL.validate(schema, document, others) : []
  }
  const errors = GraphQL.validate(schema, document, rules)
  if (
    errors.length === 0 &&
    judgesAll &&
    text !== undefined &&
    text.length <= MAX_REMEMBERED_QUERY_CHARS
  )
    passed.set(text, schema, text.length)
  return errors
}

function everySpecifiedIn(rules: readonly ValidationRule[]): boolean {
  const given = new Set(rules)
  for (const rule of SPECIFIED_RULES) if (!given.has(rule)) return false
  return true
}
