import { type DocumentNode, parse } from 'graphql'

import { estimateDocuments } from '../graphql/documentEstimate'
import { type NoTurn, Turns } from '../lib/turns'

/**
 * Reads of at least this many documents take turns: a REST page of 100 at depth 0, of 50 at depth 1
 * or of 34 at Payload's default depth 2, or a GraphQL operation estimated as many
 * (`src/graphql/documentEstimate.ts`). Smaller reads never wait.
 */
export const HEAVY_READ_DOCUMENTS = 100

/** What an unbounded page (`limit=0`, `pagination=false`, which only editors get) is counted as. */
const UNBOUNDED_PAGE = 1_000

/**
 * One heavy read at a time in this process. Payload reads and populates the documents of a page
 * in one stretch of the event loop (its `afterRead` runs every document at once), so eight pages
 * of 100 events at depth 2 asked together hold the loop for seconds and every other client waits,
 * whatever its own request. Taking turns, a heavy read waits for the one before it, and the others'
 * requests run between them. The event loop is the process's, so the turns are too.
 */
const heavyReads = new Turns({ concurrent: 1, maxWaiting: 64, maxWaitMs: 15_000 })

/**
 * A turn for a read of `documents` documents: null when the read is light and needs none, a
 * function that gives it back, or why none was given (the caller answers 503).
 */
export async function takeHeavyReadTurn(
  documents: number,
  signal?: AbortSignal,
): Promise<(() => void) | NoTurn | null> {
  if (documents < HEAVY_READ_DOCUMENTS) return null
  return heavyReads.take(signal)
}

/**
 * A turn for an events list of the compatibility API that may cost the database seconds
 * (`reads.heavyTurn`, `endpoints/events/heavyLists.ts`), in the same line as the other heavy reads.
 */
export const takeHeavyListTurn = (signal?: AbortSignal): Promise<(() => void) | NoTurn> =>
  heavyReads.take(signal)

/**
 * The documents a REST read of Payload's API reads: a collection's page (`/api/events`, its
 * `/versions`) of `limit` documents (10 when none is named), each with its related documents to
 * `depth` levels (the config's default depth when none is named). Reads of one document are light.
 */
export function restReadDocuments(
  slug: string[],
  search: URLSearchParams,
  defaultDepth: number,
): number {
  if (!(slug.length === 1 || (slug.length === 2 && slug[1] === 'versions'))) return 0
  const limit = search.has('limit') ? Number(search.get('limit')) : 10
  const page =
    search.get('pagination') === 'false' || !(limit > 0)
      ? UNBOUNDED_PAGE
      : Math.min(limit, UNBOUNDED_PAGE)
  const depth = search.has('depth') ? Number(search.get('depth')) : defaultDepth
  return page * (1 + (Number.isFinite(depth) && depth > 0 ? Math.min(depth, 10) : 0))
}

/** A GraphQL operation of a request's body, parsed once for every check that needs it: its document is null when it does not parse (Payload refuses it). */
export type GraphqlOperation = { document: DocumentNode | null; variables: Record<string, unknown> }

/** An operation's text parsed; check its nesting first (`./graphqlDepth.ts`): graphql-js parses by recursion. */
export function parsedGraphqlOperation(query: string, variables: unknown): GraphqlOperation {
  let document: DocumentNode | null
  try {
    document = parse(query)
  } catch {
    document = null
  }
  return {
    document,
    variables:
      variables && typeof variables === 'object' ? (variables as Record<string, unknown>) : {},
  }
}

/** The documents GraphQL operations read (`src/graphql/documentEstimate.ts`); nothing for one that does not parse. */
export function graphqlReadDocuments(operations: GraphqlOperation[]): number {
  let documents = 0
  for (const { document, variables } of operations) {
    for (const definition of document?.definitions ?? []) {
      if (definition.kind === 'OperationDefinition')
        documents += estimateDocuments(document!, definition, variables)
    }
  }
  return documents
}

/** More fields than any real client selects once its fragments are spread; the admin and the calendar stay in the hundreds. */
export const MAX_GRAPHQL_EXPANDED_FIELDS = 10_000
