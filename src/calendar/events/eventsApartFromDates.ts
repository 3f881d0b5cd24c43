import type { CalendarContext } from '../context'
import type { EventsQuery } from './eventsQuery'

import { poolOf } from '../../db/pool'
import { occurrencesSql, type Param, WINDOW_COMPARISONS } from './eventsSql'

/*
 * When Payload, not the SQL, finds the events of the list (`eventsWhere.ts`), its window reads each
 * event's own dates, and the list can be Payload's own page and count only if each event it finds
 * is exactly one item: its one occurrence, at the event's id, scheduled, at the event's own dates.
 * The others (a series, a split's second half, a cancelled or moved occurrence, an event without
 * occurrences) must be listed by their occurrences (`loadEvents.ts`, `eventsList`).
 */

/** The event `e` is not exactly its one occurrence (see above). */
const APART_FROM_ITS_DATES = `NOT (
  EXISTS (SELECT 1 FROM calendar_occurrences s WHERE s.id = e.id AND s.event_id = e.id AND s.status = 'scheduled'
    AND to_char(s.start_local, 'YYYY-MM-DD HH24:MI:SS') = e.start_local AND to_char(s.end_local, 'YYYY-MM-DD HH24:MI:SS') = e.end_local)
  AND NOT EXISTS (SELECT 1 FROM calendar_occurrences x WHERE x.event_id = e.id AND x.id <> e.id))`

/**
 * The events apart from their dates (see the comment at the top) that the list may show: those with
 * an occurrence in `query`'s window, and those whose own dates are in it, as Payload's `where`
 * compares them (the list-order columns, as text). Ids only: the events' other conditions and the
 * caller's access are Payload's. Bounded by the number of such events.
 */
export async function eventsApartFromDates(
  ctx: CalendarContext,
  query: EventsQuery,
): Promise<number[]> {
  const values: unknown[] = []
  const param: Param = (value) => `$${values.push(value)}`
  const occurrences = occurrencesSql({ ...query, include: undefined, seriesOnce: false }, param)
  const ownDates = query.window.map(
    ({ field, operator, wallTime }) =>
      `e.${field === 'startLocal' ? 'start_local' : 'end_local'} ${WINDOW_COMPARISONS[operator]} ${param(wallTime)}::text`,
  )
  // Each side through its own index (the occurrences' window, the events' list order), then the rule.
  const { rows } = await poolOf(ctx.payload)!.query<{ id: number }>({
    text: `SELECT e.id FROM events e JOIN (
        SELECT o.event_id AS id FROM calendar_occurrences o WHERE ${occurrences.join(' AND ')}
        UNION SELECT e.id FROM events e${ownDates.length ? ` WHERE ${ownDates.join(' AND ')}` : ''}
      ) shown ON shown.id = e.id WHERE ${APART_FROM_ITS_DATES}`,
    values,
  })
  return rows.map((row) => Number(row.id))
}
