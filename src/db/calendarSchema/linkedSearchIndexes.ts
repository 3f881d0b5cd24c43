import { sql } from '@payloadcms/db-postgres'

import type { SchemaPiece, SqlRunner } from './pieces'

import { createTrigramIndexes } from './listIndexes'

/*
 * Trigram indexes of the folded texts (`calendar_search_fold`, `searchFolding.ts`) that a venue or
 * organizer search compares (`SEARCH_FIELDS` in `endpoints/linkedPostController.ts`): the search
 * then reads only the items that may match (`endpoints/linkedPosts/leanLinkedList.ts`) instead of folding
 * every text of every venue at each request (5,000 venues at 100,000 events: 26–77 ms a statement,
 * bench/RESULTS.md). Made after `searchFolding.ts`, whose function they index.
 */
const FOLDED: [table: string, column: string][] = [
  ['venues_locales', 'name'],
  ['venues_locales', 'description_text'],
  ['venues_locales', 'excerpt'],
  ['venues', 'address'],
  ['venues', 'city'],
  ['venues', 'province'],
  ['venues', 'state'],
  ['venues', 'state_province'],
  ['venues', 'zip'],
  ['venues', 'phone'],
  ['organizers_locales', 'name'],
  ['organizers_locales', 'description_text'],
  ['organizers_locales', 'excerpt'],
  ['organizers', 'phone'],
  ['organizers', 'email'],
  ['organizers', 'website'],
]
/** The trigram indexes of the venues' and organizers' folded texts. */
export const LINKED_FOLD_INDEXES = FOLDED.map(([table, column]) => ({
  expression: `calendar_search_fold("${column}")`,
  name: `${table}_${column}_fold_trgm_idx`,
  table,
}))

export async function createLinkedSearchIndexes(db: SqlRunner): Promise<void> {
  await createTrigramIndexes(
    db,
    'venue and organizer searches will read every venue and organizer',
    LINKED_FOLD_INDEXES,
  )
}

export async function dropLinkedSearchIndexes(db: SqlRunner): Promise<void> {
  for (const { name } of LINKED_FOLD_INDEXES)
    await db.execute(sql.raw(`DROP INDEX IF EXISTS "${name}";`))
}

export function linkedSearchIndexPieces(): SchemaPiece[] {
  return LINKED_FOLD_INDEXES.map(({ name }): SchemaPiece => ({ kind: 'trigram index', name }))
}
