import { sql } from '@payloadcms/db-postgres'

import { createTriggerIfMissing, type SchemaPiece, type SqlRunner } from './pieces'

/*
 * A log of the transactions that changed calendar content, one row per transaction (so writers
 * never wait on one another). A server may keep what it read (related items, list totals) for as
 * long as no transaction it could not see has committed since, which one indexed lookup tells
 * it: `endpoints/freshness.ts`. Without the log, it keeps nothing.
 */
const CONTENT_TABLES = [
  'events',
  'events_locales',
  'events_rels',
  'events_texts',
  'venues',
  'venues_locales',
  'venues_texts',
  'organizers',
  'organizers_locales',
  'organizers_texts',
  'event_categories',
  'event_categories_locales',
  'event_tags',
  'event_tags_locales',
  'media',
  'media_locales',
]

export async function createChangeLog(db: SqlRunner): Promise<void> {
  await db.execute(sql`
  CREATE TABLE IF NOT EXISTS "calendar_changes" (
    "txid" xid8 PRIMARY KEY NOT NULL,
    "at" timestamp(3) with time zone DEFAULT now() NOT NULL
  );
  CREATE OR REPLACE FUNCTION calendar_log_change() RETURNS trigger AS $$
  BEGIN
    INSERT INTO calendar_changes (txid) VALUES (pg_current_xact_id()) ON CONFLICT (txid) DO NOTHING;
    RETURN NULL;
  END;
  $$ LANGUAGE plpgsql;`)
  for (const table of [...CONTENT_TABLES, ...(await mediaTablesOtherThanDefault(db))]) {
    await db.execute(
      sql.raw(
        createTriggerIfMissing(
          table,
          `${table}_log_change`,
          `AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "${table}"
      FOR EACH STATEMENT EXECUTE FUNCTION calendar_log_change()`,
        ),
      ),
    )
  }
}

/**
 * A host may name its media collection otherwise (the plugin's `mediaCollection`): its tables are
 * the ones the events' `image` column points at, read from the catalog, since these steps get
 * only a database (a host's migration) and not the plugin's options.
 */
async function mediaTablesOtherThanDefault(db: SqlRunner): Promise<string[]> {
  const { rows } = (await db.execute(sql`
    SELECT target.relname AS name
    FROM pg_constraint fk
    JOIN pg_class target ON target.oid = fk.confrelid
    JOIN pg_attribute att ON att.attrelid = fk.conrelid AND att.attnum = fk.conkey[1]
    WHERE fk.contype = 'f' AND fk.conrelid = to_regclass('"events"') AND att.attname = 'image_id'`)) as {
    rows: { name: string }[]
  }
  const media = rows[0]?.name
  if (!media || CONTENT_TABLES.includes(media)) return []
  return [media, `${media}_locales`].filter((table) => /^[a-z0-9_]+$/.test(table))
}

export async function dropChangeLog(db: SqlRunner): Promise<void> {
  for (const table of [...CONTENT_TABLES, ...(await mediaTablesOtherThanDefault(db))])
    await db.execute(sql.raw(`DROP TRIGGER IF EXISTS "${table}_log_change" ON "${table}";`))
  await db.execute(sql`
  DROP FUNCTION IF EXISTS calendar_log_change();
  DROP TABLE IF EXISTS "calendar_changes";`)
}

export function changeLogPieces(): SchemaPiece[] {
  return [
    { kind: 'table', name: 'calendar_changes' },
    { kind: 'function', name: 'calendar_log_change' },
    ...CONTENT_TABLES.map((table): SchemaPiece => ({
      kind: 'trigger',
      name: `${table}_log_change`,
      table,
    })),
  ]
}
