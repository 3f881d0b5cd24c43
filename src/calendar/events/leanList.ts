import type { CalendarContext } from '../context'
import type { EventsQuery } from './eventsQuery'

import { CALENDAR_SLUGS } from '../../slugs'
import { postReadRule } from '../postReadRule'
import { eventsSql, type SqlWhere } from './eventsSql'
import { leanEventsApply } from './leanEvent'
import { occurrenceCount, occurrencePage, type OccurrenceRef } from './occurrences'

/*
 * One page of the events list (its occurrences), and its total, each in one SQL statement (`eventsSql.ts`)
 * where `leanEvent.ts` applies (the plugin's own collections and read access, Postgres, the
 * `reads.sql` option), in the list's order without a DISTINCT. `undefined` leaves the list to
 * Payload, with the query's `where` (`eventsWhere.ts`). `test/api/events-query-model.test.ts`
 * compares both over generated queries.
 */

/** The WHERE of `query` with the caller's read scope, or `undefined` when Payload must read the list. */
function leanWhere(ctx: CalendarContext, query: EventsQuery): SqlWhere | undefined {
  if (!leanEventsApply(ctx)) return undefined
  const events = postReadRule(ctx, CALENDAR_SLUGS.events)
  // A condition on the venue's fields reads the venue as the caller may (Payload's access on the joined collection).
  const venues = postReadRule(ctx, CALENDAR_SLUGS.venues)
  if (!events || !venues) return undefined
  const localization = ctx.payload.config.localization
  if (!localization || !(localization.localeCodes as string[]).includes(query.locale))
    return undefined
  return eventsSql(query, { events, venues })
}

/** Whether `query` is read in SQL here (otherwise Payload finds its events: `eventsWhere.ts`). */
export function leanListApplies(ctx: CalendarContext, query: EventsQuery): boolean {
  return leanWhere(ctx, query) !== undefined
}

/**
 * The occurrences of page `page` of `limit` of `query`, in the list's order, as the caller may read
 * their events; `whole`: a whole window's read (`occurrencePage`).
 */
export async function leanOccurrencePage(
  ctx: CalendarContext,
  query: EventsQuery,
  paging: { limit: number; page: number },
  read: { whole?: boolean } = {},
): Promise<OccurrenceRef[] | undefined> {
  const where = leanWhere(ctx, query)
  return where && occurrencePage(ctx, where, paging, read)
}

/** The ids of the events of page `page` of `limit` items of `query` (with `seriesOnce`, each event once). */
export async function leanPageIds(
  ctx: CalendarContext,
  query: EventsQuery,
  paging: { limit: number; page: number },
): Promise<number[] | undefined> {
  return (await leanOccurrencePage(ctx, query, paging))?.map((item) => item.eventId)
}

/**
 * How many occurrences match `query`, from the same conditions: a search's matches through the trigram
 * indexes, where Payload's count joins every event of the window to its translation (bench/RESULTS.md).
 */
export async function leanCount(
  ctx: CalendarContext,
  query: EventsQuery,
): Promise<number | undefined> {
  const where = leanWhere(ctx, query)
  return where && occurrenceCount(ctx, where)
}
