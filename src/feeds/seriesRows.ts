import type { Payload } from 'payload'

import type { EventSeriesFields } from '../recurrence/index'

import type { StoredOccurrenceRow } from '../db/occurrences'

import { poolOf } from '../db/pool'
import { feedZoneName } from '../lib/timezone'
import { MAX_OCCURRENCES } from '../recurrence/index'

/*
 * What the feeds and the public pages read of a recurring event besides the event itself
 * (docs/recurrence.md, "Feeds" and "Public pages"): its recurrence fields, its occurrences that
 * differ from the rule (moved, retitled or cancelled) and single occurrences by date. Callers
 * pass only ids of events the reader was allowed to read. Every read is bounded: a series has at
 * most MAX_OCCURRENCES rows, and lists take a LIMIT.
 */

/** One stored occurrence (`calendar_occurrences`) as the occurrences route reads it, and its number on its date. */
export type OccurrenceRow = StoredOccurrenceRow & {
  /** 1 for the first occurrence on its date, 2 for the second…: the `/{n}/` of its permalink. */
  numberOnDate: number
}

/** A recurring event as its feed and page need it. */
export type SeriesRead = {
  fields: EventSeriesFields
  /** Its occurrences that differ from the rule: an override or `cancelled`, by original start. */
  exceptions: OccurrenceRow[]
  /** The end of its last stored occurrence (the horizon bounds it), an ISO instant. */
  lastEnd: string
}

const WALL = (column: string) => `to_char(${column}, 'YYYY-MM-DD"T"HH24:MI:SS')`

/**
 * An occurrence's columns as `OccurrenceRow` reads them, from alias `o`. Its number on its date
 * counts every occurrence of the series starting earlier that day (local time), cancelled ones
 * too, so that cancelling one does not renumber the others' addresses (the series' index by
 * start reads only the two days around it).
 */
const ROW = `json_build_object(
  'id', o.id, 'originalStart', ${WALL('o.original_start')}, 'startLocal', ${WALL('o.start_local')},
  'endLocal', ${WALL('o.end_local')}, 'startUtc', o.start_utc, 'endUtc', o.end_utc, 'status', o.status,
  'sequence', o.sequence, 'fromRdate', o.from_rdate, 'override', o.override,
  'numberOnDate', 1 + (SELECT count(*) FROM calendar_occurrences p WHERE p.event_id = o.event_id
    AND p.start_utc > o.start_utc - interval '2 days' AND p.start_utc < o.start_utc + interval '2 days'
    AND p.start_local >= date_trunc('day', o.start_local) AND (p.start_local, p.id) < (o.start_local, o.id)))`

const texts = (path: string) =>
  `(SELECT json_agg(t.text ORDER BY t."order") FROM events_texts t WHERE t.parent_id = e.id AND t.path = '${path}')`

type SeriesRecord = {
  id: number
  all_day: boolean | null
  exceptions: null | OccurrenceRow[]
  exdates: null | string[]
  last_end: Date | string
  rdates: null | string[]
  rule: null | string
  start_date: Date | string
  start_local: null | string
  timezone: null | string
}

/**
 * The recurring events among `ids` (already read as the reader may), each with its recurrence
 * fields and its exceptions, in one statement; single events are left out.
 */
export async function readSeries(
  payload: Payload,
  ids: number[],
): Promise<Map<number, SeriesRead>> {
  const found = new Map<number, SeriesRead>()
  if (!ids.length) return found
  const { rows } = await poolOf(payload)!.query<SeriesRecord>({
    text: `SELECT e.id, e.recurrence_rule AS rule, ${texts('recurrence.rdates')} AS rdates, ${texts('recurrence.exdates')} AS exdates,
        e.start_date, e.start_local, e.timezone, e.all_day,
        (SELECT max(o.end_utc) FROM calendar_occurrences o WHERE o.event_id = e.id) AS last_end,
        (SELECT json_agg(x.row ORDER BY x.original_start) FROM (
          SELECT ${ROW} AS row, o.original_start FROM calendar_occurrences o
          WHERE o.event_id = e.id AND (o.status = 'cancelled' OR o.override IS NOT NULL)
          ORDER BY o.original_start LIMIT $2::int) x) AS exceptions
      FROM events e
      WHERE e.id = ANY($1::int[]) AND (coalesce(e.recurrence_rule, '') <> '' OR EXISTS (
        SELECT 1 FROM events_texts t WHERE t.parent_id = e.id AND t.path IN ('recurrence.rdates', 'recurrence.exdates')))`,
    values: [ids, MAX_OCCURRENCES],
  })
  for (const row of rows) {
    const id = Number(row.id)
    found.set(id, {
      fields: {
        startDate: new Date(row.start_date),
        startLocal: row.start_local,
        timezone: row.timezone && feedZoneName(row.timezone),
        allDay: row.all_day,
        recurrence: { rule: row.rule, rdates: row.rdates ?? [], exdates: row.exdates ?? [] },
      },
      exceptions: (row.exceptions ?? []).map(readRow),
      lastEnd: new Date(row.last_end ?? row.start_date).toISOString(),
    })
  }
  return found
}

/**
 * The `n`th occurrence (1 the first) of event `eventId` starting on `date` (`YYYY-MM-DD`, local
 * to the event's zone), cancelled or not; null when there is none.
 */
export async function occurrenceOnDate(
  payload: Payload,
  eventId: number,
  date: string,
  n: number,
): Promise<null | OccurrenceRow> {
  const { rows } = await poolOf(payload)!.query<{ row: OccurrenceRow }>({
    text: `SELECT ${ROW} AS row FROM calendar_occurrences o
      WHERE o.event_id = $1::int AND o.start_local >= $2::date AND o.start_local < $2::date + 1
      ORDER BY o.start_local, o.id OFFSET $3::int LIMIT 1`,
    values: [eventId, date, n - 1],
  })
  return rows[0] ? readRow(rows[0].row) : null
}

/**
 * At most `limit` scheduled occurrences of event `eventId` starting after `after` and before
 * `before`, by start: a series' upcoming dates.
 */
export async function nextOccurrences(
  payload: Payload,
  eventId: number,
  window: { after: Date; before: Date; limit: number },
): Promise<OccurrenceRow[]> {
  const { rows } = await poolOf(payload)!.query<{ row: OccurrenceRow }>({
    text: `SELECT ${ROW} AS row FROM calendar_occurrences o
      WHERE o.event_id = $1::int AND o.status = 'scheduled' AND o.start_utc > $2::timestamptz AND o.start_utc < $3::timestamptz
      ORDER BY o.start_utc, o.id LIMIT $4::int`,
    values: [eventId, window.after.toISOString(), window.before.toISOString(), window.limit],
  })
  return rows.map((row) => readRow(row.row))
}

function readRow(row: OccurrenceRow): OccurrenceRow {
  return {
    ...row,
    id: Number(row.id),
    startUtc: new Date(row.startUtc).toISOString(),
    endUtc: new Date(row.endUtc).toISOString(),
    sequence: Number(row.sequence),
    numberOnDate: Number(row.numberOnDate),
  }
}

/** The title an occurrence's override gives it, if any. */
export function overrideTitle(row: OccurrenceRow): string | undefined {
  const title = row.override?.title
  return typeof title === 'string' && title.trim() ? title : undefined
}
