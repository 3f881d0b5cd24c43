import type { CalendarContext } from '../context'
import type { EventsQuery } from './eventsQuery'

import { poolOf } from '../../db/pool'
import { CALENDAR_SLUGS } from '../../slugs'
import { postReadRule } from '../postReadRule'
import { eventsSql, type SqlWhere } from './eventsSql'
import { leanEventsApply } from './leanEvent'

/*
 * The ids of one page of the events list, and its total, each in one SQL statement (`eventsSql.ts`)
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

/** The ids of page `page` of `limit` events of `query`, in the list's order, as the caller may read them. */
export async function leanPageIds(
  ctx: CalendarContext,
  query: EventsQuery,
  { limit, page }: { limit: number; page: number },
): Promise<number[] | undefined> {
  const where = leanWhere(ctx, query)
  if (!where) return undefined
  const { values } = where
  const text = `SELECT e.id FROM events e WHERE ${where.text}
    ORDER BY e.start_local, e.post_date, e.id LIMIT $${values.push(limit)}::int OFFSET $${values.push((page - 1) * limit)}::int`
  const { rows } = await poolOf(ctx.payload)!.query<{ id: number }>({ text, values })
  return rows.map((row) => Number(row.id))
}

/**
 * How many events match `query`, from the same conditions: a search's matches through the trigram
 * indexes, where Payload's count joins every event of the window to its translation (bench/RESULTS.md).
 */
export async function leanCount(
  ctx: CalendarContext,
  query: EventsQuery,
): Promise<number | undefined> {
  const where = leanWhere(ctx, query)
  if (!where) return undefined
  const { rows } = await poolOf(ctx.payload)!.query<{ count: string }>({
    text: `SELECT count(*) AS count FROM events e WHERE ${where.text}`,
    values: where.values,
  })
  return Number(rows[0]!.count)
}
