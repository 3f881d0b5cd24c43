import { sql } from '@payloadcms/db-postgres'

import type { SqlQuerier } from './payloadInternals/adapter'

import { TEXT_LIMITS } from '../lib/textLimits'
import { titleAsKept } from '../lib/htmlSafety'
import { withoutNul } from '../lib/withoutNul'

import {
  type Occurrence,
  planOccurrenceIds,
  type SeriesStart,
  type StoredOccurrence,
} from '../recurrence/index'
import { instantToWall, utcText, wallToInstant } from '../recurrence/wallTime'

/*
 * Writes an event's occurrences into `calendar_occurrences` (./calendarSchema/occurrences.ts), in
 * the caller's transaction: the event's save (collections/Events/hooks/materializeOccurrences.ts)
 * or the horizon job (src/jobs/extendRecurrences.ts). The event's row is locked first, so that two
 * writers of one series take turns and each plans against what the other stored: no occurrence is
 * lost or doubled. Ids are kept by `original_start` (`planOccurrenceIds`, docs/recurrence.md "Ids
 * that never change").
 */

const DAY_MS = 86_400_000

/** An event's dates as the occurrences repeat them. */
export interface EventSpan {
  id: number
  /** The event's own start and end instants: their difference is each occurrence's length. */
  startDate: Date
  endDate: Date
  /** The start and end as wall times in the event's zone (`YYYY-MM-DD HH:MM:SS`, the list order's columns). */
  startLocal: string
  endLocal: string
}

type Row = {
  id: number
  original_start: string
  start_local: string
  end_local: string
  start_utc: string
  end_utc: string
  from_rdate: boolean
  override: null | Record<string, unknown>
}

/** An occurrence's row as it should be: its dates from the series' own length. */
interface Planned {
  id?: number
  originalStart: string
  startLocal: string
  endLocal: string
  startUtc: string
  endUtc: string
  fromRdate: boolean
}

const wall = (text: string) => text.replace(' ', 'T').slice(0, 19)
const isoUtc = (value: Date | string) => utcText(new Date(value))

function plannedOf(
  occurrence: Occurrence,
  series: SeriesStart,
  span: EventSpan,
): Omit<Planned, 'id'> {
  if (series.allDay) {
    // Whole days: the event's last day as many days after each occurrence's first as the event's.
    const days = Math.round(
      (Date.parse(span.endLocal.slice(0, 10)) - Date.parse(span.startLocal.slice(0, 10))) / DAY_MS,
    )
    const lastDay = new Date(Date.parse(occurrence.start) + Math.max(days, 0) * DAY_MS)
      .toISOString()
      .slice(0, 10)
    const endLocal = `${lastDay}T23:59:59`
    return {
      originalStart: `${occurrence.start}T00:00:00`,
      startLocal: `${occurrence.start}T00:00:00`,
      endLocal,
      startUtc: occurrence.startUtc,
      endUtc: utcText(wallToInstant(endLocal, series.timeZone)),
      fromRdate: occurrence.fromRdate,
    }
  }
  const length = Math.max(span.endDate.getTime() - span.startDate.getTime(), 0)
  const end = new Date(Date.parse(occurrence.startUtc) + length)
  return {
    originalStart: occurrence.start,
    startLocal: occurrence.start,
    endLocal: instantToWall(end, series.timeZone),
    startUtc: occurrence.startUtc,
    endUtc: utcText(end),
    fromRdate: occurrence.fromRdate,
  }
}

/** Locks the event's row for the rest of the transaction: writers of one series take turns. */
export async function lockEvent(db: SqlQuerier, id: number): Promise<boolean> {
  const { rows } = await db.execute(sql`SELECT "id" FROM "events" WHERE "id" = ${id} FOR UPDATE`)
  return rows.length > 0
}

async function storedRows(db: SqlQuerier, eventId: number): Promise<Row[]> {
  const { rows } = await db.execute(sql`
    SELECT "id", to_char("original_start", 'YYYY-MM-DD"T"HH24:MI:SS') AS original_start,
      to_char("start_local", 'YYYY-MM-DD"T"HH24:MI:SS') AS start_local, to_char("end_local", 'YYYY-MM-DD"T"HH24:MI:SS') AS end_local,
      "start_utc", "end_utc", "from_rdate", "override"
    FROM "calendar_occurrences" WHERE "event_id" = ${eventId}`)
  return rows as unknown as Row[]
}

const changed = (row: Row, planned: Planned) =>
  row.original_start !== planned.originalStart ||
  row.start_local !== planned.startLocal ||
  row.end_local !== planned.endLocal ||
  isoUtc(row.start_utc) !== planned.startUtc ||
  isoUtc(row.end_utc) !== planned.endUtc ||
  row.from_rdate !== planned.fromRdate

/** Rows with an override of their times keep them; the rest follow the series. */
const keepsOwnTimes = (row: Row) =>
  Boolean(row.override && ('startLocal' in row.override || 'endLocal' in row.override))

/** The rows' values as one JSON parameter, read back with `json_to_recordset`: one parameter however many rows a series has. */
const RECORD = sql.raw(
  `"id" integer, "original_start" timestamp, "start_local" timestamp, "end_local" timestamp, "start_utc" timestamptz, "end_utc" timestamptz, "from_rdate" boolean`,
)

const recordOf = (row: Planned) => ({
  id: row.id ?? null,
  original_start: row.originalStart,
  start_local: row.startLocal,
  end_local: row.endLocal,
  start_utc: row.startUtc,
  end_utc: row.endUtc,
  from_rdate: row.fromRdate,
})

async function updateRows(
  db: SqlQuerier,
  eventId: number,
  rows: { planned: Planned; row: Row }[],
  withMark: ReturnType<typeof sql>,
): Promise<void> {
  const records = rows.map(({ planned, row }) =>
    // A row whose override moved it keeps its own times.
    keepsOwnTimes(row)
      ? {
          ...recordOf(planned),
          start_local: row.start_local,
          end_local: row.end_local,
          start_utc: isoUtc(row.start_utc),
          end_utc: isoUtc(row.end_utc),
        }
      : recordOf(planned),
  )
  // One statement: the unique (event, original start) is checked at its end, so a series moved
  // by a week can hand each start on to the row before it.
  await db.execute(sql`${withMark}
    UPDATE "calendar_occurrences" o SET "original_start" = v.original_start, "start_local" = v.start_local, "end_local" = v.end_local,
      "start_utc" = v.start_utc, "end_utc" = v.end_utc, "from_rdate" = v.from_rdate,
      "sequence" = o."sequence" + CASE WHEN (o."start_utc", o."end_utc") IS DISTINCT FROM (v.start_utc, v.end_utc) THEN 1 ELSE 0 END
    FROM json_to_recordset(${JSON.stringify(records)}::json) AS v(${RECORD})
    WHERE o."event_id" = ${eventId} AND o."id" = v.id`)
}

async function insertRows(
  db: SqlQuerier,
  eventId: number,
  rows: Planned[],
  withMark: ReturnType<typeof sql>,
): Promise<void> {
  // The event's own id where given, the others drawn from the shared sequence.
  await db.execute(sql`${withMark}
    INSERT INTO "calendar_occurrences" ("id", "event_id", "original_start", "start_local", "end_local", "start_utc", "end_utc", "from_rdate")
    SELECT COALESCE(v.id, nextval('calendar_post_ids')), ${eventId}::integer, v.original_start, v.start_local, v.end_local, v.start_utc, v.end_utc, v.from_rdate
    FROM json_to_recordset(${JSON.stringify(rows.map(recordOf))}::json) AS v(${RECORD})`)
}

async function deleteRows(
  db: SqlQuerier,
  ids: number[],
  withMark: ReturnType<typeof sql>,
): Promise<void> {
  await db.execute(
    sql`${withMark} DELETE FROM "calendar_occurrences" WHERE "id" IN (${sql.join(
      ids.map((id) => sql`${id}::integer`),
      sql`, `,
    )})`,
  )
}

/** What `storeSingleOccurrence` writes for `span` (its id and dates), as text. */
export function singleOccurrenceKey(span: EventSpan): string {
  return JSON.stringify([
    span.id,
    wall(span.startLocal),
    wall(span.endLocal),
    isoUtc(span.startDate),
    isoUtc(span.endDate),
  ])
}

/**
 * Whether `storeSingleOccurrence(span)` would change nothing, as an SQL boolean: the event has no
 * horizon, no occurrence but its own, and its own holds these dates, scheduled, with no override
 * (the statement below then deletes, updates and inserts no row).
 */
export function singleOccurrenceStored(span: EventSpan): ReturnType<typeof sql> {
  const start = wall(span.startLocal)
  return sql`(NOT EXISTS (SELECT 1 FROM "events" WHERE "id" = ${span.id} AND "materialized_until" IS NOT NULL)
    AND NOT EXISTS (SELECT 1 FROM "calendar_occurrences" WHERE "event_id" = ${span.id} AND "id" <> ${span.id})
    AND EXISTS (SELECT 1 FROM "calendar_occurrences" o WHERE o."id" = ${span.id} AND o."event_id" = ${span.id}
      AND (o."original_start", o."start_local", o."end_local", o."start_utc", o."end_utc", o."status", o."override", o."from_rdate")
        IS NOT DISTINCT FROM (${start}::timestamp, ${start}::timestamp, ${wall(span.endLocal)}::timestamp, ${isoUtc(span.startDate)}::timestamptz, ${isoUtc(span.endDate)}::timestamptz, 'scheduled', NULL::jsonb, false)))`
}

/**
 * Stores a single event's one occurrence: its own id, its own dates, in one statement; any row
 * left from when it recurred goes, and so does its horizon. The save that calls this already
 * holds the event's row (its own update), so no lock is taken here.
 */
export async function storeSingleOccurrence(db: SqlQuerier, span: EventSpan): Promise<void> {
  const start = wall(span.startLocal)
  await db.execute(sql`
    WITH gone AS (DELETE FROM "calendar_occurrences" WHERE "event_id" = ${span.id} AND "id" <> ${span.id}),
      single AS (UPDATE "events" SET "materialized_until" = NULL WHERE "id" = ${span.id} AND "materialized_until" IS NOT NULL)
    INSERT INTO "calendar_occurrences" AS o ("id", "event_id", "original_start", "start_local", "end_local", "start_utc", "end_utc")
    VALUES (${span.id}, ${span.id}, ${start}::timestamp, ${start}::timestamp, ${wall(span.endLocal)}::timestamp, ${isoUtc(span.startDate)}::timestamptz, ${isoUtc(span.endDate)}::timestamptz)
    ON CONFLICT ("id") DO UPDATE SET "original_start" = EXCLUDED."original_start", "start_local" = EXCLUDED."start_local", "end_local" = EXCLUDED."end_local",
      "start_utc" = EXCLUDED."start_utc", "end_utc" = EXCLUDED."end_utc", "status" = 'scheduled', "override" = NULL, "from_rdate" = false,
      "sequence" = o."sequence" + CASE WHEN (o."start_utc", o."end_utc") IS DISTINCT FROM (EXCLUDED."start_utc", EXCLUDED."end_utc") THEN 1 ELSE 0 END
    WHERE o."event_id" = EXCLUDED."event_id" AND (o."original_start", o."start_local", o."end_local", o."start_utc", o."end_utc", o."status", o."override", o."from_rdate")
      IS DISTINCT FROM (EXCLUDED."original_start", EXCLUDED."start_local", EXCLUDED."end_local", EXCLUDED."start_utc", EXCLUDED."end_utc", 'scheduled', NULL::jsonb, false)`)
}

/**
 * Stores a series' occurrences up to `horizon` (`occurrences`, its expansion): starts that remain
 * keep their rows and ids, new ones get new ids, vanished ones go. The occurrence at the event's
 * own start carries the event's id when that id is free, so an event that becomes recurring keeps
 * answering at its id. Returns how many rows were added.
 */
export async function storeSeriesOccurrences(
  db: SqlQuerier,
  args: {
    span: EventSpan
    series: SeriesStart
    occurrences: Occurrence[]
    horizon: Date
    /** The event was created in this transaction: no other can see it, and it has no rows yet. */
    created?: boolean
  },
): Promise<number> {
  const { span, series, occurrences, horizon } = args
  if (!args.created && !(await lockEvent(db, span.id))) return 0
  const rows = args.created ? [] : await storedRows(db, span.id)
  const asSeries = (value: string) => (series.allDay ? value.slice(0, 10) : value)
  const stored: StoredOccurrence[] = rows.map((row) => ({
    id: Number(row.id),
    originalStart: asSeries(row.original_start),
  }))
  // The previous first occurrence is the one with the event's own id (a series moved as a whole
  // keeps its ids), or, in the second half of a split, whose first kept its own id, the earliest.
  const first =
    rows.find((row) => Number(row.id) === span.id) ??
    rows.reduce<Row | undefined>(
      (earliest, row) =>
        !earliest || row.original_start < earliest.original_start ? row : earliest,
      undefined,
    )
  const plan = planOccurrenceIds(
    stored,
    occurrences,
    first ? asSeries(first.original_start) : series.start,
    series.start,
  )
  const byId = new Map(rows.map((row) => [Number(row.id), row]))
  const kept: { planned: Planned; row: Row }[] = plan.kept.map(({ id, occurrence }) => ({
    planned: { id, ...plannedOf(occurrence, series, span) },
    row: byId.get(id)!,
  }))
  const added: Planned[] = plan.added.map((occurrence) => plannedOf(occurrence, series, span))
  let removed = plan.removedIds
  if (!kept.some(({ planned }) => planned.id === span.id)) {
    const own = added.find(
      (planned) =>
        planned.originalStart === (series.allDay ? `${series.start}T00:00:00` : series.start),
    )
    if (own) {
      own.id = span.id
      removed = removed.filter((id) => id !== span.id)
      // The event's id names its first occurrence again: the row that had it is that occurrence now.
      if (byId.has(span.id)) {
        added.splice(added.indexOf(own), 1)
        kept.push({ planned: own, row: byId.get(span.id)! })
      }
    }
  }
  const updated = kept.filter(({ planned, row }) => changed(row, planned))
  // The stored-until mark rides on the first statement that runs (a data-modifying WITH), so a
  // save of a series sends one statement fewer.
  const mark = sql`UPDATE "events" SET "materialized_until" = ${horizon.toISOString()}::timestamptz WHERE "id" = ${span.id}`
  let withMark: ReturnType<typeof sql> | undefined = sql`WITH "mark" AS (${mark})`
  const next = () => {
    const prefix = withMark ?? sql``
    withMark = undefined
    return prefix
  }
  if (removed.length) await deleteRows(db, removed, next())
  if (updated.length) await updateRows(db, span.id, updated, next())
  if (added.length) await insertRows(db, span.id, added, next())
  if (withMark) await db.execute(mark)
  return added.length
}

/** A series' occurrences after its stored horizon, and the instant it is stored until with them. */
export interface SeriesExtension {
  span: EventSpan
  series: SeriesStart
  /** Occurrences none of whose original starts is stored yet (`expandRecurrenceBetween`). */
  occurrences: Occurrence[]
  storedUntil: Date
}

/** Rows per INSERT: one statement's JSON stays small however far a batch of series moves. */
const APPEND_CHUNK = 2_000

/**
 * The horizon job's write (src/jobs/extendRecurrences.ts): several series' new occurrences added
 * with new ids, and each series' stored-until mark moved, in a few statements for them all. The
 * caller holds every event's row (`lockEvent`'s lock), so no save of these series runs meanwhile;
 * an original start already stored (a save that wrote back an older mark after the job had
 * moved it) is left as it is, never doubled. Returns how many rows were added.
 */
export async function appendSeriesOccurrences(
  db: SqlQuerier,
  extensions: readonly SeriesExtension[],
): Promise<number> {
  const records = extensions.flatMap(({ occurrences, series, span }) =>
    occurrences.map((occurrence) => ({
      event_id: span.id,
      ...recordOf(plannedOf(occurrence, series, span)),
    })),
  )
  let added = 0
  for (let from = 0; from < records.length; from += APPEND_CHUNK) {
    const { rows } = await db.execute(sql`
      INSERT INTO "calendar_occurrences" ("id", "event_id", "original_start", "start_local", "end_local", "start_utc", "end_utc", "from_rdate")
      SELECT nextval('calendar_post_ids'), v.event_id, v.original_start, v.start_local, v.end_local, v.start_utc, v.end_utc, v.from_rdate
      FROM json_to_recordset(${JSON.stringify(records.slice(from, from + APPEND_CHUNK))}::json) AS v("event_id" integer, ${RECORD})
      WHERE NOT EXISTS (SELECT 1 FROM "calendar_occurrences" o WHERE o."event_id" = v.event_id AND o."original_start" = v.original_start)
      RETURNING "id"`)
    added += rows.length
  }
  if (extensions.length)
    await db.execute(sql`
      UPDATE "events" e SET "materialized_until" = v.until
      FROM json_to_recordset(${JSON.stringify(
        extensions.map(({ span, storedUntil }) => ({
          id: span.id,
          until: storedUntil.toISOString(),
        })),
      )}::json) AS v("id" integer, "until" timestamptz)
      WHERE e."id" = v.id`)
  return added
}

/** An occurrence as the occurrences route answers it. */
export interface StoredOccurrenceRow {
  id: number
  originalStart: string
  startLocal: string
  endLocal: string
  startUtc: string
  endUtc: string
  status: 'cancelled' | 'scheduled'
  sequence: number
  fromRdate: boolean
  override: null | Record<string, unknown>
}

/**
 * One page of an event's occurrences that overlap `[from, to)`, by start then id, and how many
 * there are in the window; cancelled ones only with `withCancelled`.
 */
export async function listOccurrences(
  db: SqlQuerier,
  args: {
    eventId: number
    from: Date
    to: Date
    limit: number
    offset: number
    withCancelled: boolean
  },
): Promise<{ rows: StoredOccurrenceRow[]; total: number }> {
  const where = sql`"event_id" = ${args.eventId} AND "start_utc" < ${args.to.toISOString()}::timestamptz AND "end_utc" >= ${args.from.toISOString()}::timestamptz
    ${args.withCancelled ? sql`` : sql`AND "status" = 'scheduled'`}`
  const { rows } = await db.execute(sql`
    SELECT "id", to_char("original_start", 'YYYY-MM-DD"T"HH24:MI:SS') AS original_start,
      to_char("start_local", 'YYYY-MM-DD"T"HH24:MI:SS') AS start_local, to_char("end_local", 'YYYY-MM-DD"T"HH24:MI:SS') AS end_local,
      "start_utc", "end_utc", "status", "sequence", "from_rdate", "override", count(*) OVER () AS total
    FROM "calendar_occurrences" WHERE ${where}
    ORDER BY "start_utc", "id" LIMIT ${args.limit} OFFSET ${args.offset}`)
  let total = rows.length ? Number(rows[0]!.total) : 0
  if (!rows.length && args.offset > 0) {
    const counted = await db.execute(
      sql`SELECT count(*)::int AS n FROM "calendar_occurrences" WHERE ${where}`,
    )
    total = Number(counted.rows[0]?.n ?? 0)
  }
  return {
    total,
    rows: rows.map((row) => ({
      id: Number(row.id),
      originalStart: String(row.original_start),
      startLocal: String(row.start_local),
      endLocal: String(row.end_local),
      startUtc: isoUtc(row.start_utc as string),
      endUtc: isoUtc(row.end_utc as string),
      status: row.status as StoredOccurrenceRow['status'],
      sequence: Number(row.sequence),
      fromRdate: row.from_rdate === true,
      override: (row.override ?? null) as StoredOccurrenceRow['override'],
    })),
  }
}

/** Why `value` cannot be an occurrence's own title (text of 1 to 2,000 characters), if it cannot. */
export function occurrenceTitleProblem(value: unknown): string | undefined {
  if (typeof value !== 'string' || !value.trim()) return 'title must be a non-empty text.'
  if (value.length > TEXT_LIMITS.title)
    return `title may be at most ${TEXT_LIMITS.title.toLocaleString('en')} characters long; got ${value.length.toLocaleString('en')}.`
  return undefined
}

/**
 * "This occurrence" (docs/recurrence.md, "Exceptions and edits"): one occurrence of an event
 * cancelled, restored, moved or retitled, its `sequence` bumped. A move is kept in its `override`
 * (`startLocal`, `endLocal`), which later rule edits leave at its own times. Returns the row, or
 * null when the event has no such occurrence.
 */
export async function changeOccurrence(
  db: SqlQuerier,
  change: {
    eventId: number
    id: number
    status?: 'cancelled' | 'scheduled'
    /** Its new times; with `back`, the series' own times for it, so that it is no longer rescheduled. */
    moved?: {
      startLocal: string
      endLocal: string
      startUtc: string
      endUtc: string
      back?: boolean
    }
    /** Its own title; null gives it back the series'. */
    title?: null | string
    /**
     * Whoever gave the title may write HTML as they like (`unfiltered_html`); without it, the title
     * keeps only a title's tags, as the event's own does (`titleAsKept`).
     */
    unfilteredHtml?: boolean
  },
): Promise<boolean> {
  if (!(await lockEvent(db, change.eventId))) return false
  const { moved, status } = change
  // As an event's title is kept (`src/hooks/keepNameSafe.ts`, `stripNulCharacters.ts`): clients
  // insert an occurrence's title as HTML too. One that keeps nothing gives back the series'.
  const title =
    typeof change.title === 'string'
      ? titleAsKept(withoutNul(change.title) as string, change.unfilteredHtml === true).trim() ||
        null
      : change.title
  // The override's keys this change sets or removes, in one assignment of the column.
  const set: Record<string, string> = {}
  const removed: string[] = []
  if (moved?.back) removed.push('startLocal', 'endLocal')
  else if (moved) Object.assign(set, { startLocal: moved.startLocal, endLocal: moved.endLocal })
  if (title === null) removed.push('title')
  else if (title !== undefined) set.title = title
  const override =
    removed.length || Object.keys(set).length
      ? sql`"override" = NULLIF((COALESCE("override", '{}'::jsonb) - string_to_array(${removed.join(',')}::text, ',')) || ${JSON.stringify(set)}::jsonb, '{}'::jsonb),`
      : sql``
  const { rows } = await db.execute(sql`
    UPDATE "calendar_occurrences" SET
      "status" = COALESCE(${status ?? null}::text, "status"),
      ${
        moved
          ? sql`"start_local" = ${moved.startLocal}::timestamp, "end_local" = ${moved.endLocal}::timestamp, "start_utc" = ${moved.startUtc}::timestamptz, "end_utc" = ${moved.endUtc}::timestamptz,`
          : sql``
      }
      ${override}
      "sequence" = "sequence" + 1
    WHERE "id" = ${change.id} AND "event_id" = ${change.eventId}
    RETURNING "id"`)
  return rows.length > 0
}

/** One stored occurrence of an event (any status), or undefined. */
export async function storedOccurrence(
  db: SqlQuerier,
  eventId: number,
  id: number,
): Promise<
  | undefined
  | { id: number; originalStart: string; startLocal: string; endLocal: string; status: string }
> {
  const { rows } = await db.execute(sql`
    SELECT "id", "status", to_char("original_start", 'YYYY-MM-DD"T"HH24:MI:SS') AS original_start,
      to_char("start_local", 'YYYY-MM-DD"T"HH24:MI:SS') AS start_local, to_char("end_local", 'YYYY-MM-DD"T"HH24:MI:SS') AS end_local
    FROM "calendar_occurrences" WHERE "id" = ${id} AND "event_id" = ${eventId}`)
  const row = rows[0]
  return row
    ? {
        id: Number(row.id),
        originalStart: String(row.original_start),
        startLocal: String(row.start_local),
        endLocal: String(row.end_local),
        status: String(row.status),
      }
    : undefined
}

/**
 * "This and following": the occurrences of `from` whose original start is `since` or later go
 * to `to`, the second half of the split, with their ids, statuses and overrides. The caller holds
 * `from`'s row (`lockEvent`).
 */
export async function moveOccurrences(
  db: SqlQuerier,
  args: { from: number; to: number; since: string },
): Promise<number> {
  const { rows } = await db.execute(sql`
    UPDATE "calendar_occurrences" SET "event_id" = ${args.to}
    WHERE "event_id" = ${args.from} AND "original_start" >= ${args.since}::timestamp
    RETURNING "id"`)
  return rows.length
}
