import type { CalendarContext } from '../context'
import type { EventsQuery } from './eventsQuery'

import { APART_EVENTS, APART_FROM_ITS_DATES } from '../../db/calendarSchema/apartFromDates'
import { poolOf } from '../../db/pool'
import { occurrencesSql, type Param, WINDOW_COMPARISONS } from './eventsSql'

/*
 * When Payload, not the SQL, finds the events of the list (`eventsWhere.ts`), its window reads each
 * event's own dates, and the list can be Payload's own page and count only if each event it finds
 * is exactly one item: its one occurrence, at the event's id, scheduled, at the event's own dates.
 * The others (a series, a split's second half, a cancelled or moved occurrence, an event without
 * occurrences) must be listed by their occurrences (`loadEvents.ts`, `eventsList`). They are kept
 * in a table of their own (`src/db/calendarSchema/apartFromDates.ts`), which this reads instead of
 * the window's occurrences.
 */

/**
 * The events apart from their dates (see the comment at the top) that the list may show: those with
 * an occurrence in `query`'s window, and those whose own dates are in it, as Payload's `where`
 * compares them (the list-order columns, as text). Ids only: the events' other conditions and the
 * caller's access are Payload's. Bounded by the number of such events, not by the window's.
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
  // From the kept events, each judged by the rule again and looked for in the window through its
  // own occurrences (`calendar_occurrences_event_window_idx`): the window's other occurrences are not read.
  const { rows } = await poolOf(ctx.payload)!.query<{ id: number }>({
    text: `SELECT e.id FROM ${APART_EVENTS} a JOIN events e ON e.id = a.event_id
      WHERE (EXISTS (SELECT 1 FROM calendar_occurrences o WHERE o.event_id = e.id AND ${occurrences.join(' AND ')})
        OR ${ownDates.length ? `(${ownDates.join(' AND ')})` : 'true'})
      AND ${APART_FROM_ITS_DATES}`,
    values,
  })
  return rows.map((row) => Number(row.id))
}
