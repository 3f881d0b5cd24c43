import type { Where } from 'payload'

import type { EventsQuery } from '../calendar/events/eventsQuery'
import type { FeedContext } from './feedContext'
import type { ParamSpecs } from '../../endpoints/params'

import { readArgs, wasSent } from '../../endpoints/args'
import { parseDateWindow, type DateWindow } from '../../endpoints/events/dateWindow'
import { eventsListQuery } from '../../endpoints/events/listQuery'
import { listEventsArgs } from '../../endpoints/events/params'
import { eventsWhere } from '../calendar/events/eventsWhere'
import { calendarDateOf, wallTimeToInstant } from '../lib/phpDate'
import { CALENDAR_SLUGS } from '../slugs'

/** A feed's events: its conditions for Payload and, for a calendar feed, the list's query they were compiled from (`eventsQuery.ts`). */
export type FeedSelection = { query?: EventsQuery; where: Where }

/** The events list's filters a calendar feed takes, as the list declares them (`endpoints/events/params.ts`). */
export const FEED_FILTERS = [
  'start_date',
  'end_date',
  'search',
  'categories',
  'tags',
  'venue',
  'organizer',
  'featured',
] as const

const COLLECTIONS = {
  categories: CALENDAR_SLUGS.eventCategories,
  events: CALENDAR_SLUGS.events,
  organizers: CALENDAR_SLUGS.organizers,
  tags: CALENDAR_SLUGS.eventTags,
  venues: CALENDAR_SLUGS.venues,
}

/** These arguments of the events list, as the list declares them: the filters a feed or a widget takes. */
export function listArgSpecs(ctx: FeedContext, names: readonly string[]): ParamSpecs {
  const all = listEventsArgs(COLLECTIONS, ctx.options.defaultPerPage, ctx.options.maxPerPage)
  return Object.fromEntries(names.map((name) => [name, all[name]!]))
}

/**
 * The events of a calendar feed: the events list's query, for published events (feeds are for
 * visitors), with the list's filters read and validated by the list's own declarations (a bad
 * value is the list's 400 `rest_invalid_param`). Other parameters are ignored, as the list ignores
 * undeclared ones.
 *
 * Dates: with `start_date` or `end_date`, the list's window (whole days in the site's timezone;
 * the list's defaults for the one not sent). With neither, The Events Calendar's export of its
 * list view: upcoming events, here those that have not ended before today (the site's day), with
 * no end. Either way a feed holds the window's first MAX_FEED_EVENTS events (`feedDocument.ts`),
 * as the original's holds the first 30 (`tribe_ical_feed_posts_per_page`).
 */
export async function calendarFeedSelection(ctx: FeedContext): Promise<FeedSelection> {
  const args = await readArgs(listArgSpecs(ctx, FEED_FILTERS), ctx)
  const window =
    wasSent(args, 'start_date') || wasSent(args, 'end_date')
      ? listWindow(ctx, args)
      : upcomingWindow(ctx)
  const query = await eventsListQuery(ctx, args, {
    seriesOnce: true,
    statuses: ['publish'],
    window,
  })
  return { query, where: { and: eventsWhere(query) } }
}

function listWindow(ctx: FeedContext, args: Record<string, unknown>): DateWindow {
  return parseDateWindow({
    now: ctx.now,
    sent: (name) => wasSent(args, name),
    siteTimezone: ctx.options.siteTimezone,
    strict: false,
    values: { end_date: args.end_date, start_date: args.start_date },
  })
}

/** Events ending after the start of today, in the site's timezone. */
function upcomingWindow(ctx: FeedContext): DateWindow {
  const today = calendarDateOf('now', { now: ctx.now, timeZone: ctx.options.siteTimezone })!
  return {
    echo: {},
    instants: { ends_after: wallTimeToInstant(`${today} 00:00:00`, ctx.options.siteTimezone) },
  }
}

/** One published event by its slug (hidden from listings or not: the original exports it too). */
export function eventFeedSelection(slug: string): FeedSelection {
  return { where: { and: [{ slug: { equals: slug } }, { status: { equals: 'publish' } }] } }
}
