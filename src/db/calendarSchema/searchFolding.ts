import { sql } from '@payloadcms/db-postgres'

import type { SchemaPiece, SqlRunner } from './pieces'

import { createTrigramIndexes } from './listIndexes'
import { createTriggerIfMissing } from './pieces'

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
 *
 * The compatibility API's SQL reads (`src/calendar/events/eventsSql.ts`) search the folded texts
 * as stored (FOLDED_TEXTS, one row per translation, kept by triggers on `events_locales` in the
 * writing transaction, indexed the same way): the rows the trigram indexes find are checked
 * against a column, not folded again one by one, which cost a search at a million occurrences most
 * of its time (bench/RESULTS.md, issue 26). Payload's own queries (`src/db/foldedSearch.ts`) fold
 * `events_locales`' texts as they read them, through the expression indexes above.
 */
const FOLDED: [table: string, column: string][] = [
  ['events_locales', 'title'],
  ['events_locales', 'excerpt'],
  ['events_locales', 'description_text'],
]
/** The trigram indexes of the translations' folded texts. */
export const EVENT_FOLD_INDEXES = FOLDED.map(([table, column]) => ({
  expression: `calendar_search_fold("${column}")`,
  name: `${table}_${column}_fold_trgm_idx`,
  table,
}))
/** The events' searched texts of each translation, folded: `parent_id`, `locale` and FOLDED's columns. */
export const FOLDED_TEXTS = 'calendar_event_folded_texts'
const FOLDED_COLUMNS = FOLDED.map(([, column]) => column)
const FOLDED_INDEXES = FOLDED_COLUMNS.map((column) => ({
  column,
  name: `${FOLDED_TEXTS}_${column}_trgm_idx`,
  table: FOLDED_TEXTS,
}))
/**
 * An event's folded texts in a language: a search's walk of the list's index checks each event it
 * meets against its own texts (`src/calendar/events/eventsSql.ts`).
 */
const FOLDED_PARENT_INDEX = `${FOLDED_TEXTS}_parent_idx`
const KEEP = 'calendar_keep_folded_texts'
const KEEP_TRIGGERS = ['events_locales_keep_folded_texts', 'events_locales_clear_folded_texts']

export async function createSearchFolding(db: SqlRunner): Promise<void> {
  await createSearchFold(db)
  await createTrigramIndexes(
    db,
    'event searches will read every translation of every event',
    EVENT_FOLD_INDEXES,
  )
  await createFoldedTexts(db)
}

/**
 * `calendar_search_fold` (and unaccent where the server offers it), made once: the indexes of the
 * folded texts need it before they are made, a development push's too (`pushSchema.ts`).
 */
export async function createSearchFold(db: SqlRunner): Promise<void> {
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
}

/**
 * FOLDED_TEXTS, filled from the translations already stored, and the triggers that keep it: each
 * translation written (inserted, or its texts, language or event changed) is folded again in the
 * same statement, one removed is removed, and emptying `events_locales` empties it.
 */
async function createFoldedTexts(db: SqlRunner): Promise<void> {
  const folded = FOLDED_COLUMNS.map((column) => `calendar_search_fold(source."${column}")`)
  const columns = FOLDED_COLUMNS.map((column) => `"${column}"`)
  const fill = (source: string) => `
    INSERT INTO "${FOLDED_TEXTS}" ("id", "parent_id", "locale", ${columns.join(', ')})
    SELECT source."id", source."_parent_id", source."_locale"::text, ${folded.join(', ')} FROM ${source}
    ON CONFLICT ("id") DO UPDATE SET "parent_id" = EXCLUDED."parent_id", "locale" = EXCLUDED."locale",
      ${columns.map((column) => `${column} = EXCLUDED.${column}`).join(', ')}`
  await db.execute(
    sql.raw(`
  CREATE TABLE IF NOT EXISTS "${FOLDED_TEXTS}" (
    "id" integer PRIMARY KEY NOT NULL,
    "parent_id" integer NOT NULL,
    "locale" text NOT NULL,
    ${FOLDED_COLUMNS.map((column) => `"${column}" text`).join(', ')}
  );
  CREATE INDEX IF NOT EXISTS "${FOLDED_PARENT_INDEX}" ON "${FOLDED_TEXTS}" USING btree ("parent_id", "locale");
  CREATE OR REPLACE FUNCTION ${KEEP}() RETURNS trigger AS $$
  BEGIN
    IF TG_OP = 'TRUNCATE' THEN
      TRUNCATE "${FOLDED_TEXTS}";
    ELSIF TG_OP = 'DELETE' THEN
      DELETE FROM "${FOLDED_TEXTS}" WHERE "id" = OLD."id";
    ELSE
      ${fill('(SELECT NEW.*) source')};
    END IF;
    RETURN NULL;
  END $$ LANGUAGE plpgsql;
  ${createTriggerIfMissing('events_locales', KEEP_TRIGGERS[0]!, `AFTER INSERT OR DELETE OR UPDATE OF "_locale", "_parent_id", ${columns.join(', ')} ON "events_locales" FOR EACH ROW EXECUTE FUNCTION ${KEEP}()`)}
  ${createTriggerIfMissing('events_locales', KEEP_TRIGGERS[1]!, `AFTER TRUNCATE ON "events_locales" FOR EACH STATEMENT EXECUTE FUNCTION ${KEEP}()`)}
  DO $$
  BEGIN
    IF to_regclass('"events_locales"') IS NOT NULL
      AND NOT EXISTS (SELECT 1 FROM "${FOLDED_TEXTS}") THEN
      ${fill('"events_locales" source')};
      ANALYZE "${FOLDED_TEXTS}";
    END IF;
  END $$;`),
  )
  await createTrigramIndexes(
    db,
    'event searches will fold every translation they find',
    FOLDED_INDEXES,
  )
}

/** Leaves unaccent and pg_trgm installed: other things in the database may use them. */
export async function dropSearchFolding(db: SqlRunner): Promise<void> {
  await db.execute(sql.raw(`DROP TABLE IF EXISTS "${FOLDED_TEXTS}";`))
  await db.execute(sql.raw(`DROP FUNCTION IF EXISTS ${KEEP}() CASCADE;`))
  for (const { name } of EVENT_FOLD_INDEXES)
    await db.execute(sql.raw(`DROP INDEX IF EXISTS "${name}";`))
  await db.execute(sql.raw('DROP FUNCTION IF EXISTS calendar_search_fold(text);'))
  await db.execute(sql.raw('DROP FUNCTION IF EXISTS calendar_unaccent(regdictionary, text);'))
}

export function searchFoldingPieces(): SchemaPiece[] {
  return [
    { kind: 'function', name: 'calendar_search_fold' },
    ...EVENT_FOLD_INDEXES.map(({ name }): SchemaPiece => ({ kind: 'trigram index', name })),
    { kind: 'table', name: FOLDED_TEXTS },
    { kind: 'index', name: FOLDED_PARENT_INDEX },
    ...KEEP_TRIGGERS.map((name): SchemaPiece => ({
      kind: 'trigger',
      name,
      table: 'events_locales',
    })),
    ...FOLDED_INDEXES.map(({ name }): SchemaPiece => ({ kind: 'trigram index', name })),
  ]
}
