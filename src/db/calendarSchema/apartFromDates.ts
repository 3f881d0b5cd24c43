import { sql } from '@payloadcms/db-postgres'

import { createTriggerIfMissing, type SchemaPiece, type SqlRunner } from './pieces'

/*
 * The events "apart from their dates": those that are not exactly their one occurrence (a series, a
 * split's second half, an event whose occurrence is cancelled or moved, an event without
 * occurrences). When Payload, not the SQL, finds the events of the list, it reads each event's own
 * dates and can list only the others as they are (`src/calendar/events/eventsApartFromDates.ts`);
 * these must be listed by their occurrences. Finding them among the window's occurrences read every
 * occurrence of the window; APART_EVENTS holds them, so that the list reads only them (bounded by the
 * number of series and exceptions, not by the calendar).
 *
 * Kept by statement triggers on `events` and `calendar_occurrences` (transition tables, as
 * `./changeLog.ts` reads them): after each statement the events whose rows or occurrences it
 * changed are judged again by APART_FROM_ITS_DATES, in the writing transaction. The writers of an
 * event's occurrences hold the event's row (`lockEvent`, `src/db/occurrences.ts`), and a write of
 * the event itself holds it too, so two transactions never judge one event at once. A reader still
 * applies the rule to what it finds here, so that a row too many changes no answer.
 */

/** The events apart from their dates, one row each. */
export const APART_EVENTS = 'calendar_events_apart_from_dates'
const KEEP = 'calendar_keep_apart_from_dates'

/** The event `e` (an alias of `events`) is not exactly its one occurrence (see the comment at the top). */
export const APART_FROM_ITS_DATES = `NOT (
  EXISTS (SELECT 1 FROM calendar_occurrences s WHERE s.id = e.id AND s.event_id = e.id AND s.status = 'scheduled'
    AND to_char(s.start_local, 'YYYY-MM-DD HH24:MI:SS') = e.start_local AND to_char(s.end_local, 'YYYY-MM-DD HH24:MI:SS') = e.end_local)
  AND NOT EXISTS (SELECT 1 FROM calendar_occurrences x WHERE x.event_id = e.id AND x.id <> e.id))`

/** Each table's triggers: the column naming the event in its rows, and the statements that change it. */
const WATCHED: [table: string, eventColumn: string][] = [
  ['events', 'id'],
  ['calendar_occurrences', 'event_id'],
]
const TRIGGERS = WATCHED.flatMap(([table, column]) => [
  {
    definition: `AFTER INSERT ON "${table}" REFERENCING NEW TABLE AS new_rows
      FOR EACH STATEMENT EXECUTE FUNCTION ${KEEP}('${column}')`,
    name: `${table}_apart_inserted`,
    table,
  },
  {
    definition: `AFTER UPDATE ON "${table}" REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
      FOR EACH STATEMENT EXECUTE FUNCTION ${KEEP}('${column}')`,
    name: `${table}_apart_updated`,
    table,
  },
  {
    definition: `AFTER DELETE ON "${table}" REFERENCING OLD TABLE AS old_rows
      FOR EACH STATEMENT EXECUTE FUNCTION ${KEEP}('${column}')`,
    name: `${table}_apart_deleted`,
    table,
  },
  {
    definition: `AFTER TRUNCATE ON "${table}" FOR EACH STATEMENT EXECUTE FUNCTION ${KEEP}('${column}')`,
    name: `${table}_apart_truncated`,
    table,
  },
])

/** The events among `ids` (SQL of an `int[]`) judged again by `rule`: rows taken out, then rows added, each only where it changes. */
const judgeAgain = (rule: string, ids: string) => `
    DELETE FROM "${APART_EVENTS}" a WHERE a.event_id = ANY(${ids})
      AND NOT EXISTS (SELECT 1 FROM events e WHERE e.id = a.event_id AND ${rule});
    INSERT INTO "${APART_EVENTS}" (event_id) SELECT e.id FROM events e WHERE e.id = ANY(${ids}) AND ${rule}
      ON CONFLICT (event_id) DO NOTHING;`

/** Every event judged again by `rule`: the step's own fill, and after the occurrences are emptied. */
const judgeAll = (rule: string) => `
    DELETE FROM "${APART_EVENTS}" a
      WHERE NOT EXISTS (SELECT 1 FROM events e WHERE e.id = a.event_id AND ${rule});
    INSERT INTO "${APART_EVENTS}" (event_id) SELECT e.id FROM events e WHERE ${rule}
      ON CONFLICT (event_id) DO NOTHING;`

/**
 * The events an update of `events` may move in or out: those whose id, start or end (the columns
 * of theirs APART_FROM_ITS_DATES reads; the rest of the rule reads their occurrences) is not as it
 * was. An update that changes none of them (a rename) judges no event again. Written only with
 * that rule, whose columns exist where it applies.
 */
const eventsUpdated = `ELSIF TG_TABLE_NAME = 'events' THEN
      SELECT array_agg(DISTINCT moved.id) INTO touched FROM (
        SELECT o.id FROM old_rows o WHERE NOT EXISTS (SELECT 1 FROM new_rows n WHERE n.id = o.id
          AND n.start_local IS NOT DISTINCT FROM o.start_local AND n.end_local IS NOT DISTINCT FROM o.end_local)
        UNION ALL
        SELECT n.id FROM new_rows n WHERE NOT EXISTS (SELECT 1 FROM old_rows o WHERE o.id = n.id
          AND o.start_local IS NOT DISTINCT FROM n.start_local AND o.end_local IS NOT DISTINCT FROM n.end_local)
      ) moved;
    `

/**
 * The rule the triggers apply: APART_FROM_ITS_DATES where `events` has its list-order columns and
 * the occurrences' table exists. A host's schema from before them (its own migrations add them
 * later) gets every event kept, which changes no answer (a reader applies the rule), until the
 * step runs again and judges every event.
 */
async function ruleFor(db: SqlRunner): Promise<string> {
  const { rows } = (await db.execute(sql`
    SELECT (SELECT count(*)::int FROM information_schema.columns
      WHERE table_schema = current_schema() AND table_name = 'events' AND column_name IN ('start_local', 'end_local')) = 2
      AND to_regclass('"calendar_occurrences"') IS NOT NULL AS complete`)) as {
    rows: { complete: boolean }[]
  }
  return rows[0]?.complete ? APART_FROM_ITS_DATES : 'true'
}

export async function createApartFromDates(db: SqlRunner): Promise<void> {
  const rule = await ruleFor(db)
  await db.execute(
    sql.raw(`
  CREATE TABLE IF NOT EXISTS "${APART_EVENTS}" ("event_id" integer PRIMARY KEY NOT NULL);
  -- TG_ARGV[0]: the column naming the event in the changed rows. The transition tables are named
  -- alike on both tables, so that one function serves them.
  CREATE OR REPLACE FUNCTION ${KEEP}() RETURNS trigger AS $$
  DECLARE
    touched integer[];
  BEGIN
    IF TG_OP = 'TRUNCATE' THEN
      IF TG_TABLE_NAME = 'events' THEN
        DELETE FROM "${APART_EVENTS}";
      ELSE
        ${judgeAll(rule)}
      END IF;
      RETURN NULL;
    END IF;
    IF TG_OP = 'INSERT' THEN
      EXECUTE format('SELECT array_agg(DISTINCT %I) FROM new_rows', TG_ARGV[0]) INTO touched;
    ELSIF TG_OP = 'DELETE' THEN
      EXECUTE format('SELECT array_agg(DISTINCT %I) FROM old_rows', TG_ARGV[0]) INTO touched;
    ${rule === APART_FROM_ITS_DATES ? eventsUpdated : ''}ELSE
      EXECUTE format('SELECT array_agg(DISTINCT event) FROM (SELECT %I AS event FROM old_rows UNION ALL SELECT %I FROM new_rows) changed',
        TG_ARGV[0], TG_ARGV[0]) INTO touched;
    END IF;
    IF touched IS NOT NULL THEN
      ${judgeAgain(rule, 'touched')}
    END IF;
    RETURN NULL;
  END;
  $$ LANGUAGE plpgsql;
  ${TRIGGERS.map((trigger) => createTriggerIfMissing(trigger.table, trigger.name, trigger.definition)).join('\n  ')}
  DO $$
  BEGIN
    IF to_regclass('"events"') IS NOT NULL THEN
      ${judgeAll(rule)}
    END IF;
  END $$;`),
  )
}

export async function dropApartFromDates(db: SqlRunner): Promise<void> {
  await db.execute(
    sql.raw(`
  DROP TABLE IF EXISTS "${APART_EVENTS}";
  DROP FUNCTION IF EXISTS ${KEEP}() CASCADE;`),
  )
}

export function apartFromDatesPieces(): SchemaPiece[] {
  return [
    { kind: 'table', name: APART_EVENTS },
    { kind: 'function', name: KEEP },
    // Those on `events` only: a trigger piece is looked for only where its table exists (./pieces.ts),
    // and `calendar_occurrences` is made by a step of its own (see `occurrencePieces`).
    ...TRIGGERS.filter(({ table }) => table === 'events').map(({ name, table }): SchemaPiece => ({
      kind: 'trigger',
      name,
      table,
    })),
  ]
}
