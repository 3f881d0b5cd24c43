import { sql } from '@payloadcms/db-postgres'

import type { SchemaPiece, SqlRunner } from './pieces'

/*
 * Indexes Payload does not make, which the compatibility API's lists need to stay fast as the
 * calendar grows (issue 6). Every read of an event (or venue, organizer, term, image) gathers
 * its translations and its hasMany values with a lateral subquery per row keyed on the parent's
 * id, but the generated schema indexes `*_locales` only on (_locale, _parent_id) and `*_texts`
 * only on (order, parent_id): each of those subqueries read the whole child table. Lists sort
 * events by start then id, which one index serves without a sort.
 *
 * A child table exists only while its collection has translated or hasMany fields (a host's media
 * collection may have none, and `overrides` may change the calendar's): each of those indexes is
 * made, and expected, only where its table is.
 */
const PARENT_INDEXES: [table: string, column: string][] = [
  ['events_locales', '_parent_id'],
  ['events_texts', 'parent_id'],
  ['venues_locales', '_parent_id'],
  ['venues_texts', 'parent_id'],
  ['organizers_locales', '_parent_id'],
  ['organizers_texts', 'parent_id'],
  ['event_categories_locales', '_parent_id'],
  ['event_tags_locales', '_parent_id'],
  ['media_locales', '_parent_id'],
]
/**
 * An event's links to one kind of item, by the item, the relationship's path and the event: a
 * list of a category (tag, organizer) finds its events from the item, in the events' order, and
 * checks an event it meets in the list's order with one probe, both from the index alone, where
 * the parent's index read each link of the event from the table. Partial: a link names one kind.
 */
export const RELATION_INDEXES = ['event_categories_id', 'event_tags_id', 'organizers_id'].map(
  (column) => ({ column, name: `events_rels_${column}_path_parent_idx` }),
)
const TRIGRAM_INDEXES = ['events', 'venues', 'organizers'].map((table) => ({
  name: `${table}_slug_trgm_idx`,
  table,
}))

export async function createListIndexes(db: SqlRunner): Promise<void> {
  for (const [table, column] of PARENT_INDEXES) {
    await db.execute(
      sql.raw(`
  DO $$
  BEGIN
    IF to_regclass('"${table}"') IS NOT NULL THEN
      CREATE INDEX IF NOT EXISTS "${table}_parent_lookup_idx" ON "${table}" USING btree ("${column}");
    END IF;
  END $$;`),
    )
  }
  for (const { column, name } of RELATION_INDEXES) {
    await db.execute(
      sql.raw(`
  DO $$
  BEGIN
    IF EXISTS (SELECT 1 FROM information_schema.columns WHERE table_schema = current_schema() AND table_name = 'events_rels' AND column_name = '${column}') THEN
      CREATE INDEX IF NOT EXISTS "${name}" ON "events_rels" USING btree ("${column}", "path", "parent_id") WHERE "${column}" IS NOT NULL;
    END IF;
  END $$;`),
    )
  }
  await db.execute(sql`
  CREATE INDEX IF NOT EXISTS "events_start_date_id_idx" ON "events" USING btree ("start_date", "id");
  -- The list's window on the UTC start, which the list no longer filters on (it reads wall times,
  -- \`listOrder.ts\`; its total is served by the window index of collections/Events/index.ts):
  -- no query used it, and it cost every write of an event (migration 20261124_090000_search_indexes).
  DROP INDEX IF EXISTS "events_listing_idx";`)
  // Every write of a post looks for slugs like its own ('title', 'title-2', …) with ILIKE
  // '%title-%', which no btree serves: 110 ms per create at 100,000 events, 1 ms with trigrams.
  await createTrigramIndexes(
    db,
    'slug look-ups will scan their table',
    TRIGRAM_INDEXES.map(({ name, table }) => ({ column: 'slug', name, table })),
  )
}

/** A trigram index of a column, or of an expression of the table's columns (`searchFolding.ts`). */
type TrigramIndex = { name: string; table: string } & ({ column: string } | { expression: string })

/**
 * Trigram (GIN) indexes, which serve `ILIKE '%…%'`, where the server offers pg_trgm. It ships with
 * Postgres but a host may not offer it: then nothing is made (a notice says what stays slow), and
 * the start-up check does not expect these indexes (`findMissingPieces`).
 */
export async function createTrigramIndexes(
  db: SqlRunner,
  withoutIt: string,
  indexes: TrigramIndex[],
): Promise<void> {
  await db.execute(
    sql.raw(`
  DO $$
  BEGIN
    CREATE EXTENSION IF NOT EXISTS pg_trgm;
  EXCEPTION WHEN OTHERS THEN
    RAISE NOTICE 'pg_trgm is not available here; ${withoutIt.replace(/'/g, "''")}';
  END $$;`),
  )
  await db.execute(
    sql.raw(`
  DO $$
  BEGIN
    IF EXISTS (SELECT 1 FROM pg_extension WHERE extname = 'pg_trgm') THEN
      ${indexes.map((index) => `CREATE INDEX IF NOT EXISTS "${index.name}" ON "${index.table}" USING gin (${'expression' in index ? index.expression : `"${index.column}"`} gin_trgm_ops);`).join('\n      ')}
    END IF;
  END $$;`),
  )
}

/** Leaves pg_trgm installed: other things in the database may use it. */
export async function dropListIndexes(db: SqlRunner): Promise<void> {
  const names = [
    ...TRIGRAM_INDEXES.map(({ name }) => name),
    ...RELATION_INDEXES.map(({ name }) => name),
    'events_listing_idx',
    'events_start_date_id_idx',
    ...PARENT_INDEXES.map(([table]) => `${table}_parent_lookup_idx`),
  ]
  for (const name of names) await db.execute(sql.raw(`DROP INDEX IF EXISTS "${name}";`))
}

export function listIndexPieces(): SchemaPiece[] {
  return [
    ...PARENT_INDEXES.map(([table]): SchemaPiece => ({
      kind: 'index',
      name: `${table}_parent_lookup_idx`,
      table,
    })),
    { kind: 'index', name: 'events_start_date_id_idx' },
    ...RELATION_INDEXES.map(({ name }): SchemaPiece => ({
      kind: 'index',
      name,
      table: 'events_rels',
    })),
    ...TRIGRAM_INDEXES.map(({ name }): SchemaPiece => ({ kind: 'trigram index', name })),
  ]
}
