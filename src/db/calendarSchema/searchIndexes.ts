import { sql } from '@payloadcms/db-postgres'

import type { SchemaPiece, SqlRunner } from './pieces'

import { createTrigramIndexes } from './listIndexes'

/*
 * The events list's `search` (issue 17) asks `ILIKE '%word%'` of each event's title, excerpt and
 * description text in its translations (`endpoints/events/listQuery.ts`): without an index every
 * search read all of `events_locales`, so its time grew with the calendar. Trigram indexes serve
 * those look-ups where pg_trgm is available. Venues, organizers and terms are searched on their
 * own (much smaller) tables, which grow with the calendar by a twentieth at most: not indexed, so
 * that their writes cost nothing more.
 */
const SEARCHED: [table: string, column: string][] = [
  ['events_locales', 'title'],
  ['events_locales', 'excerpt'],
  ['events_locales', 'description_text'],
]
const INDEXES = SEARCHED.map(([table, column]) => ({ column, name: `${table}_${column}_trgm_idx`, table }))

export async function createSearchIndexes(db: SqlRunner): Promise<void> {
  await createTrigramIndexes(db, 'event searches will read every translation of every event', INDEXES)
}

/** Leaves pg_trgm installed: other things in the database may use it. */
export async function dropSearchIndexes(db: SqlRunner): Promise<void> {
  for (const { name } of INDEXES) await db.execute(sql.raw(`DROP INDEX IF EXISTS "${name}";`))
}

export function searchIndexPieces(): SchemaPiece[] {
  return INDEXES.map(({ name }): SchemaPiece => ({ kind: 'trigram index', name }))
}
