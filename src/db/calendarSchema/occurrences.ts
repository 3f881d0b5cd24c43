import { sql } from '@payloadcms/db-postgres'

import { createTriggerIfMissing, type SchemaPiece, type SqlRunner } from './pieces'
import { logChangesOf } from './changeLog'

/*
 * One row per occurrence of every event, materialised to the horizon (docs/recurrence.md, "The
 * occurrence table"): a single event has one, with its own id; a series has one per start its
 * recurrence gives. `original_start` (the start the rule gave, as a wall-clock time in the
 * event's zone) is an occurrence's identity, unique within its event; its current dates are the
 * four columns after it, as the original's `tec_occurrences` keeps local and UTC twins.
 *
 * Ids come from the sequence events, venues and organizers share, and each is claimed in
 * `calendar_post_id_owners` in the creating transaction (./sharedIdSequences.ts), so an
 * occurrence id never names a post and is never handed out again. The occurrence whose id is its
 * event's own id is the event's to claim: the event already owns that id.
 */
const TABLE = 'calendar_occurrences'
const OWNERS = 'calendar_post_id_owners'
const SEQUENCE = 'calendar_post_ids'

const INDEXES = [
  // Lists ordered by start, windows by start; the id breaks ties as the lists' order does.
  ['calendar_occurrences_start_idx', '("start_utc", "id")'],
  // The compatibility API's list: its order (each occurrence's wall-clock start, then the event's
  // post date, then the id) and its window, as the events' list-order index serves single events.
  // The window's other conditions and the event are read from the index too, so a count or a
  // page of a window reads its part of the index and not one table page per occurrence.
  [
    'calendar_occurrences_window_idx',
    '("start_local", "id") INCLUDE ("end_local", "status", "event_id")',
  ],
  // Windows that bound only the end.
  ['calendar_occurrences_end_idx', '("end_utc")'],
  // A series' own occurrences, and `post_parent`.
  ['calendar_occurrences_event_start_idx', '("event_id", "start_utc")'],
  // An event's occurrences in a window of wall times, and an occurrence's number on its date. The
  // window's other conditions are read from the index too: a search's total counts the
  // occurrences of each matching event without reading their rows (`occurrenceCount`).
  [
    'calendar_occurrences_event_window_idx',
    '("event_id", "start_local", "id") INCLUDE ("end_local", "status")',
  ],
  // The longest occurrence, read with max() from the top: a window's bound from below on the end
  // gives one on the start (`occurrencesSql`), which the list index serves.
  ['calendar_occurrences_duration_idx', '(("end_local" - "start_local"))'],
] as const

export async function createOccurrences(db: SqlRunner): Promise<void> {
  await db.execute(
    sql.raw(`
  CREATE TABLE IF NOT EXISTS "${TABLE}" (
    "id" integer PRIMARY KEY NOT NULL DEFAULT nextval('${SEQUENCE}'),
    "event_id" integer NOT NULL REFERENCES "events" ("id") ON DELETE CASCADE,
    "original_start" timestamp(0) without time zone NOT NULL,
    "start_local" timestamp(0) without time zone NOT NULL,
    "end_local" timestamp(0) without time zone NOT NULL,
    "start_utc" timestamp(3) with time zone NOT NULL,
    "end_utc" timestamp(3) with time zone NOT NULL,
    "status" text NOT NULL DEFAULT 'scheduled' CHECK ("status" IN ('scheduled', 'cancelled')),
    "override" jsonb,
    "sequence" integer NOT NULL DEFAULT 0,
    "from_rdate" boolean NOT NULL DEFAULT false,
    -- Checked at the end of each statement: one update may move a series' starts along by a week.
    CONSTRAINT "calendar_occurrences_event_original_start_key" UNIQUE ("event_id", "original_start") DEFERRABLE INITIALLY IMMEDIATE
  );
  ${INDEXES.map(([name, columns]) => `CREATE INDEX IF NOT EXISTS "${name}" ON "${TABLE}" USING btree ${columns};`).join('\n  ')}
  -- A series' edit or deletion leaves hundreds of dead rows at once, which every plan that joins
  -- the table on its event reads past until they are vacuumed: vacuumed once a fiftieth of the
  -- table is dead, not Postgres's default fifth (200,000 rows at a million occurrences).
  ALTER TABLE "${TABLE}" SET (autovacuum_vacuum_scale_factor = 0.02, autovacuum_analyze_scale_factor = 0.02);

  -- The event's own id is already the event's; any other id is claimed as the posts' are, but
  -- once per statement: a series' save inserts hundreds of rows at once. ON CONFLICT waits for
  -- a claim not yet committed; an id another table holds is refused. Explicit ids (kept from an
  -- import) move the shared sequence past them.
  CREATE OR REPLACE FUNCTION calendar_claim_occurrence_ids() RETURNS trigger AS $$
  DECLARE
    clash record;
    last bigint;
    called boolean;
    highest integer;
  BEGIN
    INSERT INTO ${OWNERS} (id, owner)
    SELECT added.id, TG_TABLE_NAME FROM added WHERE added.id <> added.event_id ORDER BY added.id
    ON CONFLICT (id) DO NOTHING;
    SELECT added.id, owners.owner INTO clash FROM added JOIN ${OWNERS} owners ON owners.id = added.id
    WHERE added.id <> added.event_id AND owners.owner <> TG_TABLE_NAME LIMIT 1;
    IF FOUND THEN
      RAISE EXCEPTION 'id % is already used in %', clash.id, clash.owner
        USING ERRCODE = 'unique_violation', DETAIL = format('Key (id)=(%s) already exists.', clash.id);
    END IF;
    SELECT max(added.id) INTO highest FROM added;
    SELECT last_value, is_called INTO last, called FROM ${SEQUENCE};
    IF highest > (CASE WHEN called THEN last ELSE last - 1 END) THEN
      PERFORM setval('${SEQUENCE}', highest, true);
    END IF;
    RETURN NULL;
  END;
  $$ LANGUAGE plpgsql;

  -- An id changed by hand: the new one claimed, the old one given back.
  CREATE OR REPLACE FUNCTION calendar_claim_occurrence_id() RETURNS trigger AS $$
  DECLARE
    holder text;
  BEGIN
    IF NEW.id = OLD.id THEN RETURN NEW; END IF;
    DELETE FROM ${OWNERS} WHERE id = OLD.id AND owner = TG_TABLE_NAME;
    IF NEW.id = NEW.event_id THEN RETURN NEW; END IF;
    INSERT INTO ${OWNERS} (id, owner) VALUES (NEW.id, TG_TABLE_NAME) ON CONFLICT (id) DO NOTHING;
    SELECT owner INTO holder FROM ${OWNERS} WHERE id = NEW.id;
    IF holder <> TG_TABLE_NAME THEN
      RAISE EXCEPTION 'id % is already used in %', NEW.id, holder
        USING ERRCODE = 'unique_violation', DETAIL = format('Key (id)=(%s) already exists.', NEW.id);
    END IF;
    RETURN NEW;
  END;
  $$ LANGUAGE plpgsql;

  -- The table's own (not the posts' calendar_release_shared_id), so that each step is undone alone.
  CREATE OR REPLACE FUNCTION calendar_release_occurrence_ids() RETURNS trigger AS $$
  BEGIN
    IF TG_OP = 'TRUNCATE' THEN
      DELETE FROM ${OWNERS} WHERE owner = TG_TABLE_NAME;
    ELSE
      DELETE FROM ${OWNERS} owners USING removed WHERE owners.id = removed.id AND owners.owner = TG_TABLE_NAME;
    END IF;
    RETURN NULL;
  END;
  $$ LANGUAGE plpgsql;`),
  )
  await db.execute(
    sql.raw(`
  ${createTriggerIfMissing(
    TABLE,
    `${TABLE}_claim_shared_ids`,
    `AFTER INSERT ON "${TABLE}"
    REFERENCING NEW TABLE AS added FOR EACH STATEMENT EXECUTE FUNCTION calendar_claim_occurrence_ids()`,
  )}
  ${createTriggerIfMissing(
    TABLE,
    `${TABLE}_claim_shared_id`,
    `BEFORE UPDATE OF id ON "${TABLE}"
    FOR EACH ROW EXECUTE FUNCTION calendar_claim_occurrence_id()`,
  )}
  ${createTriggerIfMissing(
    TABLE,
    `${TABLE}_release_shared_ids`,
    `AFTER DELETE ON "${TABLE}"
    REFERENCING OLD TABLE AS removed FOR EACH STATEMENT EXECUTE FUNCTION calendar_release_occurrence_ids()`,
  )}
  ${createTriggerIfMissing(
    TABLE,
    `${TABLE}_release_all_shared_ids`,
    `AFTER TRUNCATE ON "${TABLE}"
    FOR EACH STATEMENT EXECUTE FUNCTION calendar_release_occurrence_ids()`,
  )}`),
  )
  // An occurrence's change is its event's, whichever process or statement makes it (the horizon
  // job, an import's ids): kept answers showing the event are dropped (./changeLog.ts).
  await logChangesOf(db, [TABLE, 'events', 'event_id'])
  await backfillSingleOccurrences(db)
}

/**
 * Every event stored without its occurrence gets its one, with its own id and dates: the list
 * order's wall times (./listOrder.ts, which runs before this step) where the host's schema has
 * them, else the UTC times (the next save of the event puts its own).
 */
async function backfillSingleOccurrences(db: SqlRunner): Promise<void> {
  const { rows } = (await db.execute(sql`
    SELECT count(*)::int AS n FROM information_schema.columns
    WHERE table_schema = current_schema() AND table_name = 'events' AND column_name IN ('start_local', 'end_local')`)) as {
    rows: { n: number }[]
  }
  const wall = (column: 'end' | 'start') =>
    Number(rows[0]?.n) === 2
      ? `COALESCE(e.${column}_local::timestamp, e.${column}_date AT TIME ZONE 'UTC')`
      : `e.${column}_date AT TIME ZONE 'UTC'`
  await db.execute(
    sql.raw(`
  INSERT INTO "${TABLE}" ("id", "event_id", "original_start", "start_local", "end_local", "start_utc", "end_utc")
  SELECT e.id, e.id, starts.local, starts.local, GREATEST(${wall('end')}, starts.local), e.start_date, GREATEST(e.end_date, e.start_date)
  FROM "events" e
  CROSS JOIN LATERAL (SELECT ${wall('start')} AS local) starts
  WHERE e.start_date IS NOT NULL AND e.end_date IS NOT NULL AND NOT EXISTS (SELECT 1 FROM "${TABLE}" o WHERE o.event_id = e.id)
  ON CONFLICT ("id") DO NOTHING;`),
  )
}

export async function dropOccurrences(db: SqlRunner): Promise<void> {
  await db.execute(
    sql.raw(`
  DROP TABLE IF EXISTS "${TABLE}";
  DO $$
  BEGIN
    IF to_regclass('"${OWNERS}"') IS NOT NULL THEN DELETE FROM "${OWNERS}" WHERE owner = '${TABLE}'; END IF;
  END $$;
  DROP FUNCTION IF EXISTS calendar_claim_occurrence_ids();
  DROP FUNCTION IF EXISTS calendar_claim_occurrence_id();
  DROP FUNCTION IF EXISTS calendar_release_occurrence_ids();`),
  )
}

export function occurrencePieces(): SchemaPiece[] {
  return [
    { kind: 'table', name: TABLE },
    { kind: 'function', name: 'calendar_claim_occurrence_ids' },
    { kind: 'function', name: 'calendar_claim_occurrence_id' },
    { kind: 'function', name: 'calendar_release_occurrence_ids' },
    ...INDEXES.map(([name]): SchemaPiece => ({ kind: 'index', name })),
    // The table's triggers are made with it, in the same step: a trigger piece is looked for only
    // where its table exists (./pieces.ts), which would leave them out of the list of what a
    // database without the table lacks.
  ]
}
