import { sql } from '@payloadcms/db-postgres'

import { CALENDAR_SLUGS } from '../../slugs'
import { createTriggerIfMissing, type SchemaPiece, type SqlRunner } from './pieces'

/*
 * A log of the transactions that changed calendar content, one row per transaction (so writers
 * never wait on one another), and of the items each one changed. A server may keep what it read
 * (related items, list totals, whole answers) for as long as no transaction it could not see has
 * committed since, which one indexed lookup tells it, and then drop only what depends on the items
 * those transactions changed: `endpoints/freshness.ts`. Without the log, it keeps nothing.
 *
 * `calendar_change_items` names each changed item as `(collection, id)`, from statement triggers
 * that read the rows a statement changed (transition tables): the item a table's row belongs to
 * (an event's translations, relations and repeated texts are the event's). A term whose count of
 * published events moved is logged as `('term-counts', term)` with the net change of the count,
 * so that a transaction that removes and adds back an event's terms (as Payload saves them) moves
 * no count. A transaction that changed no row (or emptied a table) logs no item: a reader then
 * drops everything.
 */
/** Each content table, with the collection its rows belong to and the column naming the item. */
const CONTENT: [table: string, collection: string, idColumn: string][] = [
  ['events', 'events', 'id'],
  ['events_locales', 'events', '_parent_id'],
  ['events_rels', 'events', 'parent_id'],
  ['events_texts', 'events', 'parent_id'],
  ['venues', 'venues', 'id'],
  ['venues_locales', 'venues', '_parent_id'],
  ['venues_texts', 'venues', 'parent_id'],
  ['organizers', 'organizers', 'id'],
  ['organizers_locales', 'organizers', '_parent_id'],
  ['organizers_texts', 'organizers', 'parent_id'],
  ['event_categories', 'event-categories', 'id'],
  ['event_categories_locales', 'event-categories', '_parent_id'],
  ['event_tags', 'event-tags', 'id'],
  ['event_tags_locales', 'event-tags', '_parent_id'],
  ['media', 'media', 'id'],
  ['media_locales', 'media', '_parent_id'],
]
const CONTENT_TABLES = CONTENT.map(([table]) => table)

/** The log's name of a term's count: the items are `term-counts:{term id}`. */
export const TERM_COUNTS = 'term-counts'

/**
 * What the change log names whose items an event is read and shown with (its venue, organizers,
 * categories and tags, and their counts: `src/calendar/events/leanEvent.ts`), any change of which
 * may change an event's answer and an events list: the server's kept answers
 * (`endpoints/freshness.ts`) and a shared cache's keys (`src/cdn/surrogateKeys.ts`) depend on them.
 */
export const SHOWN_WITH_EVENTS = [
  CALENDAR_SLUGS.venues,
  CALENDAR_SLUGS.organizers,
  CALENDAR_SLUGS.eventCategories,
  CALENDAR_SLUGS.eventTags,
  TERM_COUNTS,
] as const
/** The table whose rows add up to each term's count (`./termCounts.ts`). */
const COUNTS_TABLE = 'calendar_term_counts'

/** A row change's trigger of one kind: each logs the items of the rows it saw. */
const ITEM_TRIGGERS = [
  ['inserted', 'INSERT', 'REFERENCING NEW TABLE AS changed_rows'],
  ['updated', 'UPDATE', 'REFERENCING OLD TABLE AS changed_rows NEW TABLE AS changed_rows_after'],
  ['deleted', 'DELETE', 'REFERENCING OLD TABLE AS changed_rows'],
] as const

/** Every content table of `tables` with its trigger of each kind. */
function itemTriggers(tables: LoggedTable[]) {
  return tables.flatMap(([table, collection, idColumn]) =>
    ITEM_TRIGGERS.map(([suffix, event, referencing]) => ({
      definition: `AFTER ${event} ON "${table}" ${referencing}
      FOR EACH STATEMENT EXECUTE FUNCTION calendar_log_items('${collection}', '${idColumn}')`,
      name: `${table}_log_${suffix}`,
      table,
    })),
  )
}

/** The counts' triggers: the net change of each term's count, added up per transaction. */
const COUNT_TRIGGERS = [
  {
    definition: `AFTER INSERT ON "${COUNTS_TABLE}" REFERENCING NEW TABLE AS changed_rows
      FOR EACH STATEMENT EXECUTE FUNCTION calendar_log_counts('1')`,
    name: `${COUNTS_TABLE}_log_inserted`,
    table: COUNTS_TABLE,
  },
  {
    definition: `AFTER DELETE ON "${COUNTS_TABLE}" REFERENCING OLD TABLE AS changed_rows
      FOR EACH STATEMENT EXECUTE FUNCTION calendar_log_counts('-1')`,
    name: `${COUNTS_TABLE}_log_deleted`,
    table: COUNTS_TABLE,
  },
]

/** The trigger that logs each transaction changing `table` in `calendar_changes`. */
const transactionTrigger = (table: string) =>
  createTriggerIfMissing(
    table,
    `${table}_log_change`,
    `AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "${table}"
      FOR EACH STATEMENT EXECUTE FUNCTION calendar_log_change()`,
  )

/** A content table of its own step, made after this one: the rows and the item each belongs to. */
export type LoggedTable = [table: string, collection: string, idColumn: string]

/**
 * Logs the changes of a table another step makes (`calendar_occurrences`: an occurrence is its
 * event's), as this step logs its own: whatever writes it, a reader sees the change and drops
 * what depends on its items. The step that makes the table calls this after making it.
 */
export async function logChangesOf(db: SqlRunner, logged: LoggedTable): Promise<void> {
  await db.execute(sql.raw(transactionTrigger(logged[0])))
  for (const trigger of itemTriggers([logged]))
    await db.execute(
      sql.raw(createTriggerIfMissing(trigger.table, trigger.name, trigger.definition)),
    )
}

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
  await createChangedItems(db)
  for (const table of [...CONTENT_TABLES, ...(await mediaTablesOtherThanDefault(db))])
    await db.execute(sql.raw(transactionTrigger(table)))
}

/** The log of changed items, and the triggers that fill it (see the top). */
export async function createChangedItems(db: SqlRunner): Promise<void> {
  await db.execute(sql`
  CREATE TABLE IF NOT EXISTS "calendar_change_items" (
    "txid" xid8 NOT NULL,
    "collection" text NOT NULL,
    "id" integer NOT NULL,
    "delta" integer DEFAULT 0 NOT NULL,
    PRIMARY KEY ("txid", "collection", "id")
  );
  -- TG_ARGV: the collection, the column naming the item. The transition tables are named alike
  -- on every table, so that one function serves them all.
  CREATE OR REPLACE FUNCTION calendar_log_items() RETURNS trigger AS $$
  BEGIN
    EXECUTE format(
      'INSERT INTO calendar_change_items (txid, collection, id) SELECT DISTINCT pg_current_xact_id(), %L, %I FROM changed_rows WHERE %I IS NOT NULL ON CONFLICT DO NOTHING',
      TG_ARGV[0], TG_ARGV[1], TG_ARGV[1]);
    IF TG_OP = 'UPDATE' THEN
      EXECUTE format(
        'INSERT INTO calendar_change_items (txid, collection, id) SELECT DISTINCT pg_current_xact_id(), %L, %I FROM changed_rows_after WHERE %I IS NOT NULL ON CONFLICT DO NOTHING',
        TG_ARGV[0], TG_ARGV[1], TG_ARGV[1]);
    END IF;
    RETURN NULL;
  END;
  $$ LANGUAGE plpgsql;
  -- TG_ARGV[0]: 1 for rows added to the counts, -1 for rows taken away (a fold takes and adds the same sum).
  CREATE OR REPLACE FUNCTION calendar_log_counts() RETURNS trigger AS $$
  BEGIN
    INSERT INTO calendar_change_items (txid, collection, id, delta)
    SELECT pg_current_xact_id(), '${sql.raw(TERM_COUNTS)}', term_id, TG_ARGV[0]::integer * sum(delta)
    FROM changed_rows GROUP BY term_id
    ON CONFLICT (txid, collection, id) DO UPDATE SET delta = calendar_change_items.delta + excluded.delta;
    RETURN NULL;
  END;
  $$ LANGUAGE plpgsql;`)
  for (const trigger of [
    ...itemTriggers([...CONTENT, ...(await loggedMedia(db))]),
    ...COUNT_TRIGGERS,
  ])
    await db.execute(
      sql.raw(createTriggerIfMissing(trigger.table, trigger.name, trigger.definition)),
    )
}

/** What `createChangedItems` makes. */
export async function dropChangedItems(db: SqlRunner): Promise<void> {
  for (const trigger of [
    ...itemTriggers([...CONTENT, ...(await loggedMedia(db))]),
    ...COUNT_TRIGGERS,
  ])
    await db.execute(
      sql.raw(`DO $$ BEGIN
        IF to_regclass('"${trigger.table}"') IS NOT NULL THEN
          DROP TRIGGER IF EXISTS "${trigger.name}" ON "${trigger.table}";
        END IF;
      END $$;`),
    )
  await db.execute(sql`
  -- CASCADE: the triggers other steps' tables got from logChangesOf go with the functions.
  DROP FUNCTION IF EXISTS calendar_log_items() CASCADE;
  DROP FUNCTION IF EXISTS calendar_log_counts();
  DROP TABLE IF EXISTS "calendar_change_items";`)
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

/** A host's own media tables (above), logged as the default ones are. */
async function loggedMedia(db: SqlRunner): Promise<LoggedTable[]> {
  return (await mediaTablesOtherThanDefault(db)).map((table) => [
    table,
    'media',
    table.endsWith('_locales') ? '_parent_id' : 'id',
  ])
}

export async function dropChangeLog(db: SqlRunner): Promise<void> {
  await dropChangedItems(db)
  for (const table of [...CONTENT_TABLES, ...(await mediaTablesOtherThanDefault(db))])
    await db.execute(sql.raw(`DROP TRIGGER IF EXISTS "${table}_log_change" ON "${table}";`))
  await db.execute(sql`
  DROP FUNCTION IF EXISTS calendar_log_change() CASCADE;
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
    { kind: 'table', name: 'calendar_change_items' },
    { kind: 'function', name: 'calendar_log_items' },
    { kind: 'function', name: 'calendar_log_counts' },
    // Not the counts' triggers: their table is the term counts step's, and a database without it
    // (a host's where only Payload made the tables) is told of that table missing.
    ...itemTriggers(CONTENT).map(({ name, table }): SchemaPiece => ({
      kind: 'trigger',
      name,
      table,
    })),
  ]
}
