import { sql } from '@payloadcms/db-postgres'

import {
  createTriggerIfMissing,
  rowChangeTriggers,
  type SchemaPiece,
  type SqlRunner,
} from './pieces'

/*
 * What may have moved the events lists, beside the items they show: the change log's second half
 * (`./changeLog.ts` names the items changed). A kept events list stays right after a transaction
 * unless (a) an item it shows changed (the items its reads recorded, `src/calendar/dependencies.ts`)
 * or (b) which events match its conditions, in which order, and how many, may have changed.
 * (b) is logged here, as one of two facts:
 *
 * - `list-members`: a row that a list's conditions, order, total, paging or visitors' read rule
 *   read (an event's status, password, dates, …; its relations; its occurrences) changed;
 * - `list-texts`: a row of the texts a search compares (an event's title, excerpt and description
 *   as text, in each language) changed, which only lists with a `search` read.
 *
 * Each changed row is logged with a fingerprint of its columns other than those that no list reads
 * (LIST_ROWS), with -1 for the row as it was and +1 for the row as it is, added up per transaction
 * and fingerprint: a save that writes a column no list reads (`updated_at`, a title for the lists
 * that do not search), or that deletes and inserts again rows whose columns the lists read are the
 * same (Payload's save of an event's relations, which renews their serial ids), adds up to 0. A
 * fact holds for a transaction when one of its fingerprints does not (`endpoints/freshness.ts`).
 * Any other table (venues, organizers, terms, media) is not classified here: a change of one of
 * its items drops the lists through the items' log, as any change did before.
 */

/** The log's facts (`endpoints/freshness.ts` reads them under these names). */
export const LIST_MEMBERS = 'list-members'
export const LIST_TEXTS = 'list-texts'

/** The occurrences' table, made by the occurrences step (`./occurrences.ts`) before this one. */
const OCCURRENCES = 'calendar_occurrences'

/** A table whose rows the lists read: the fact its changes bear, the column naming the event, and the columns no list reads. */
type ListTable = {
  table: string
  fact: typeof LIST_MEMBERS | typeof LIST_TEXTS
  event: string
  /** Columns that no list condition, order, total, paging or read rule reads; every other column counts, new ones too. */
  ignored: readonly string[]
  /** Rows that no list reads, as a condition on the row `r` (SQL); every other row counts. */
  ignoredRows?: string
  why: string
}

/**
 * The classification, once. The lists' conditions are `src/calendar/events/eventsSql.ts` and
 * `eventsWhere.ts` (from `endpoints/events/listQuery.ts`), their order `src/lib/eventOrder.ts`
 * with the occurrences' (`occurrences.ts`), the visitors' rule `src/calendar/postReadRule.ts`
 * and `src/access/posts.ts`, the locks `src/access/hiddenFieldConditions.ts`.
 */
export const LIST_TABLES: readonly ListTable[] = [
  {
    table: 'events',
    fact: LIST_MEMBERS,
    event: 'id',
    ignored: [
      'updated_at',
      'cost',
      'website',
      'cost_details_currency_symbol',
      'cost_details_currency_code',
      'cost_details_currency_position',
      'image_id',
      'sticky',
      'show_map',
      'show_map_link',
      'slug',
      'slug_typed',
      'status_before_trash',
      'materialized_until',
    ],
    why:
      'Read by lists: status, password, hide_from_listings, featured, venue_id, author_id, the dates ' +
      '(start_date, end_date, start_local, end_local, timezone, all_day), post_date (the order), ' +
      'published_at, series_root (post_parent), recurrence_rule, and any column not named here. ' +
      'Ignored: what only an event shown shows (cost, website, image, flags of its page, slug), ' +
      'the time of the save, the status a trashed event had before, and how far its occurrences ' +
      'are made (the occurrences themselves are logged below).',
  },
  {
    table: 'events_rels',
    fact: LIST_MEMBERS,
    event: 'parent_id',
    ignored: ['id'],
    why: 'Categories, tags and organizers filter lists; the serial id is renewed by every save.',
  },
  {
    table: 'events_texts',
    fact: LIST_MEMBERS,
    event: 'parent_id',
    ignored: ['id'],
    ignoredRows: `r.path LIKE 'costDetails.%'`,
    why:
      'Added and excluded dates make occurrences, and any other repeated text counts; the values ' +
      'of the cost only an event shown shows. The serial id is renewed by every save.',
  },
  {
    table: OCCURRENCES,
    fact: LIST_MEMBERS,
    event: 'event_id',
    ignored: ['override', 'sequence', 'from_rdate'],
    why:
      'An occurrence is a list item: its id, event, dates and status place it. Ignored: what only ' +
      'the occurrence shown shows (its own title), its iCalendar sequence, where it came from.',
  },
  {
    table: 'events_locales',
    fact: LIST_TEXTS,
    event: '_parent_id',
    ignored: ['id', 'description', 'description_html', 'summary_text'],
    why:
      'Searches compare title, excerpt and description_text in a language; no other list condition ' +
      'reads a translation. Ignored: the description as stored and rendered (its text is ' +
      'description_text), the summary, the serial id.',
  },
]

const ROWS_TABLE = 'calendar_change_rows'

/** A trigger's argument: a string constant. */
const literal = (text: string) => `'${text.replaceAll("'", "''")}'`

const triggers = () =>
  LIST_TABLES.flatMap(({ event, fact, ignored, ignoredRows = 'false', table }) =>
    rowChangeTriggers(
      table,
      'list_rows',
      `calendar_log_list_rows(${[fact, event, `{${ignored.join(',')}}`, ignoredRows].map(literal).join(', ')})`,
    ),
  )

/** The log of list rows and its triggers (see the top); idempotent. The occurrences' table must exist. */
export async function createListRows(db: SqlRunner): Promise<void> {
  await db.execute(
    sql.raw(`
  CREATE TABLE IF NOT EXISTS "${ROWS_TABLE}" (
    "txid" xid8 NOT NULL,
    "fact" text NOT NULL,
    "fingerprint" text NOT NULL,
    "event_id" integer,
    "delta" integer NOT NULL,
    PRIMARY KEY ("txid", "fact", "fingerprint")
  );
  -- TG_ARGV: the fact, the column naming the event, the columns left out of the fingerprint, the
  -- rows left out (a condition on r). The table's name is in the fingerprint, so that rows of two
  -- tables never cancel out.
  CREATE OR REPLACE FUNCTION calendar_log_list_rows() RETURNS trigger AS $$
  DECLARE
    fingerprint text := format('md5(%L || (to_jsonb(r) - %L::text[])::text)', TG_TABLE_NAME, TG_ARGV[2]);
    changed text;
  BEGIN
    changed := CASE TG_OP
      WHEN 'INSERT' THEN format('SELECT %s AS fingerprint, r.%I AS event_id, 1 AS delta FROM new_rows r WHERE NOT (%s)',
        fingerprint, TG_ARGV[1], TG_ARGV[3])
      WHEN 'DELETE' THEN format('SELECT %s AS fingerprint, r.%I AS event_id, -1 AS delta FROM old_rows r WHERE NOT (%s)',
        fingerprint, TG_ARGV[1], TG_ARGV[3])
      ELSE format('SELECT %s AS fingerprint, r.%I AS event_id, -1 AS delta FROM old_rows r WHERE NOT (%s)
        UNION ALL SELECT %s, r.%I, 1 FROM new_rows r WHERE NOT (%s)',
        fingerprint, TG_ARGV[1], TG_ARGV[3], fingerprint, TG_ARGV[1], TG_ARGV[3])
    END;
    EXECUTE format(
      'INSERT INTO ${ROWS_TABLE} (txid, fact, fingerprint, event_id, delta)
       SELECT pg_current_xact_id(), %L, c.fingerprint, min(c.event_id), sum(c.delta) FROM (%s) c GROUP BY c.fingerprint
       ON CONFLICT (txid, fact, fingerprint) DO UPDATE SET delta = ${ROWS_TABLE}.delta + excluded.delta',
      TG_ARGV[0], changed);
    RETURN NULL;
  END;
  $$ LANGUAGE plpgsql;`),
  )
  for (const trigger of triggers())
    await db.execute(
      sql.raw(createTriggerIfMissing(trigger.table, trigger.name, trigger.definition)),
    )
}

/** What `createListRows` makes. */
export async function dropListRows(db: SqlRunner): Promise<void> {
  await db.execute(
    sql.raw(`
  DROP FUNCTION IF EXISTS calendar_log_list_rows() CASCADE;
  DROP TABLE IF EXISTS "${ROWS_TABLE}";`),
  )
}

export function listRowPieces(): SchemaPiece[] {
  return [
    { kind: 'table', name: ROWS_TABLE },
    { kind: 'function', name: 'calendar_log_list_rows' },
    // Not the occurrences' triggers: their table is the occurrences step's, and a database without
    // it (a host's where only Payload made the tables) is told of that table missing.
    ...triggers()
      .filter(({ table }) => table !== OCCURRENCES)
      .map(({ name, table }): SchemaPiece => ({ kind: 'trigger', name, table })),
  ]
}
