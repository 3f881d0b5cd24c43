import { sql } from '@payloadcms/db-postgres'

import type { SchemaPiece, SqlRunner } from './pieces'

import { createTrigramIndexes } from './listIndexes'

/*
 * A trigram index of the events' titles as stored, which serves Payload's own `like` (`ILIKE
 * '%word%'`): the admin's search of events (`listSearchableFields` in collections/Events/index.ts).
 * The compatibility API's searches compare folded texts, which the indexes of `searchFolding.ts`
 * serve; the raw excerpt and description indexes made here before served nothing else and cost
 * every write of an event: dropped (migration 20261124_090000_search_indexes).
 */
const SEARCHED: [table: string, column: string][] = [['events_locales', 'title']]
const INDEXES = SEARCHED.map(([table, column]) => ({
  column,
  name: `${table}_${column}_trgm_idx`,
  table,
}))
const SUPERSEDED = ['events_locales_excerpt_trgm_idx', 'events_locales_description_text_trgm_idx']

export async function createSearchIndexes(db: SqlRunner): Promise<void> {
  await createTrigramIndexes(
    db,
    "the admin's search of events will read every translation of every event",
    INDEXES,
  )
  for (const name of SUPERSEDED) await db.execute(sql.raw(`DROP INDEX IF EXISTS "${name}";`))
}

/** Leaves pg_trgm installed: other things in the database may use it. */
export async function dropSearchIndexes(db: SqlRunner): Promise<void> {
  for (const { name } of INDEXES) await db.execute(sql.raw(`DROP INDEX IF EXISTS "${name}";`))
}

export function searchIndexPieces(): SchemaPiece[] {
  return INDEXES.map(({ name }): SchemaPiece => ({ kind: 'trigram index', name }))
}
