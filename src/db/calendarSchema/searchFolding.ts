import { sql } from '@payloadcms/db-postgres'

import type { SchemaPiece, SqlRunner } from './pieces'

import { createTrigramIndexes } from './listIndexes'

/*
 * Searches compare without regard to case or accents, as the original's collation does
 * (`src/db/foldedSearch.ts`): both sides go through `calendar_search_fold`, lower case of the text
 * without its accents. Postgres's `unaccent` ships with it but a host may not offer it: the
 * function then only lowers the case (`Jàz` no longer finds Jazz; a notice says so). Lower case
 * follows Unicode (ICU's) where the server has ICU, the database's own rules otherwise.
 *
 * unaccent is only STABLE (its rules are a dictionary that could change), so the function is
 * declared IMMUTABLE to be indexed, as is usual: the function is made once and kept as made, and
 * its indexes with it (dropping the step drops them together). Where the database lets us declare
 * unaccent's C function IMMUTABLE (`calendar_unaccent`, the same C code), `calendar_search_fold`
 * is inlined into each query: a search that checks rows one by one (the events list's page,
 * walked in date order) then costs one C call per text, not a SQL function's own execution
 * (which the plans of `npm run bench` showed as one nested statement per row). The trigram
 * indexes match the inlined expression as well. Otherwise it calls unaccent's SQL function.
 *
 * The events' searched texts get trigram indexes of their folded form: a search reads only the
 * translations that may match, at 100,000 events as at 100 (`bench/`). Venues, organizers and
 * terms are searched on their own (much smaller) tables, not indexed (`searchIndexes.ts`).
 */
const FOLDED: [table: string, column: string][] = [
  ['events_locales', 'title'],
  ['events_locales', 'excerpt'],
  ['events_locales', 'description_text'],
]
const INDEXES = FOLDED.map(([table, column]) => ({
  expression: `calendar_search_fold("${column}")`,
  name: `${table}_${column}_fold_trgm_idx`,
  table,
}))

export async function createSearchFolding(db: SqlRunner): Promise<void> {
  await db.execute(
    sql.raw(`
  DO $$
  BEGIN
    CREATE EXTENSION IF NOT EXISTS unaccent;
  EXCEPTION WHEN OTHERS THEN
    RAISE NOTICE 'unaccent is not available here; searches will not ignore accents';
  END $$;`),
  )
  await db.execute(
    sql.raw(`
  DO $$
  DECLARE
    folded text := '$1';
    home text;
  BEGIN
    IF to_regproc('calendar_search_fold') IS NOT NULL THEN
      RETURN;
    END IF;
    SELECT n.nspname INTO home FROM pg_extension e JOIN pg_namespace n ON n.oid = e.extnamespace WHERE e.extname = 'unaccent';
    IF home IS NOT NULL THEN
      folded := format('%I.unaccent(%L::regdictionary, $1)', home, quote_ident(home) || '.unaccent');
      BEGIN
        CREATE OR REPLACE FUNCTION calendar_unaccent(regdictionary, text) RETURNS text LANGUAGE c IMMUTABLE STRICT PARALLEL SAFE AS '$libdir/unaccent', 'unaccent_dict';
        folded := format('calendar_unaccent(regdictionary %L, $1)', quote_ident(home) || '.unaccent');
      EXCEPTION WHEN OTHERS THEN
        RAISE NOTICE 'unaccent is called through its SQL function here (no right to declare a C function): searches cost more per row';
      END;
    END IF;
    IF EXISTS (SELECT 1 FROM pg_collation WHERE collname = 'und-x-icu') THEN
      folded := format('lower(%s COLLATE "und-x-icu")', folded);
    ELSE
      folded := format('lower(%s)', folded);
    END IF;
    EXECUTE format('CREATE FUNCTION calendar_search_fold(text) RETURNS text LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE AS %L', 'SELECT ' || folded);
  END $$;`),
  )
  await createTrigramIndexes(
    db,
    'event searches will read every translation of every event',
    INDEXES,
  )
}

/** Leaves unaccent and pg_trgm installed: other things in the database may use them. */
export async function dropSearchFolding(db: SqlRunner): Promise<void> {
  for (const { name } of INDEXES) await db.execute(sql.raw(`DROP INDEX IF EXISTS "${name}";`))
  await db.execute(sql.raw('DROP FUNCTION IF EXISTS calendar_search_fold(text);'))
  await db.execute(sql.raw('DROP FUNCTION IF EXISTS calendar_unaccent(regdictionary, text);'))
}

export function searchFoldingPieces(): SchemaPiece[] {
  return [
    { kind: 'function', name: 'calendar_search_fold' },
    ...INDEXES.map(({ name }): SchemaPiece => ({ kind: 'trigram index', name })),
  ]
}
