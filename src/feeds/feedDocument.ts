import type { CollectionSlug, Where } from 'payload'

import { escape, ICalCalendar, ICalCalendarMethod } from 'ical-generator'

import type { RestContext } from '../../endpoints/context'
import type { EventDoc } from '../../endpoints/events/serializeEvent'

import { populateEvents } from '../../endpoints/events/loadEvents'
import { EVENTS_LIST_SORT } from '../../endpoints/events/listQuery'
import { isFixedOffset } from '../lib/timezone'
import { serializeEvent } from '../../endpoints/events/serializeEvent'
import { CALENDAR_SLUGS } from '../slugs'
import { FEED_TEXTS, inLanguage } from './feedTexts'
import { foldLines } from './foldLines'
import { vevent, type SerializedEvent } from './vevent'
import { vtimezone } from './vtimezone'

const EVENTS = CALENDAR_SLUGS.events as CollectionSlug
/** Events read, serialized and written at a time: what a feed holds in memory besides the ids. */
export const BATCH_SIZE = 200
/** Subscribers are asked to refresh hourly, as The Events Calendar's feeds ask. */
const REFRESH_SECONDS = 3600

/** What the feed holds from the first pass: the events in order, and the zones and years they use. */
export type FeedPlan = { ids: number[]; zoneYears: Map<string, Set<number>> }

/**
 * The first pass: the matching events' ids in start order, with the zones and years of their
 * times (the VTIMEZONEs come before the events), in one query of four columns, so the feed is
 * one consistent set of events; the events themselves are read in batches afterwards.
 */
export async function planFeed(ctx: RestContext, where: Where): Promise<FeedPlan> {
  const { docs } = await ctx.payload.find({
    collection: EVENTS,
    depth: 0,
    limit: 0,
    overrideAccess: false,
    pagination: false,
    req: ctx.req,
    select: { endDate: true, startDate: true, timezone: true } as never,
    sort: EVENTS_LIST_SORT,
    where,
  })
  const zoneYears = new Map<string, Set<number>>()
  const ids: number[] = []
  for (const doc of docs as unknown as Pick<EventDoc, 'endDate' | 'id' | 'startDate' | 'timezone'>[]) {
    ids.push(doc.id)
    const zone = doc.timezone || ctx.options.siteTimezone
    if (zone === 'UTC' || isFixedOffset(zone)) continue
    const years = zoneYears.get(zone) ?? new Set<number>()
    for (const instant of [doc.startDate, doc.endDate]) years.add(new Date(instant).getUTCFullYear())
    zoneYears.set(zone, years)
  }
  return { ids, zoneYears }
}

/** The VCALENDAR up to its first event: properties for subscribers, then a VTIMEZONE per zone used. */
export function calendarHead(ctx: RestContext, plan: FeedPlan, feedUrl: string): string {
  const host = new URL(ctx.options.siteUrl).host
  const calendar = new ICalCalendar({
    description: escape(`${inLanguage(FEED_TEXTS.calendarDescription, ctx.language)} ${host}`, false),
    method: ICalCalendarMethod.PUBLISH,
    name: escape(`${inLanguage(FEED_TEXTS.calendarName, ctx.language)} – ${host}`, false),
    prodId: '//payload-events-calendar//Calendar feed//EN',
    scale: 'GREGORIAN',
    ttl: REFRESH_SECONDS,
    url: feedUrl,
    x: [
      ['X-WR-TIMEZONE', ctx.options.siteTimezone],
      ['X-ORIGINAL-URL', ctx.options.siteUrl],
    ],
  })
  const whole = calendar.toString()
  const head = whole.slice(0, whole.lastIndexOf('END:VCALENDAR'))
  const zones = [...plan.zoneYears].sort(([a], [b]) => a.localeCompare(b)).map(([zone, years]) => foldLines(vtimezone(zone, years)) + '\r\n')
  return head + zones.join('')
}

export const CALENDAR_END = 'END:VCALENDAR\r\n'

/**
 * The VEVENTs of these events, batch by batch: each batch is read as the visitor may read it (an
 * event unpublished since the first pass is left out), its venues, organizers and terms with it,
 * serialized as the API serializes it for a visitor, and written.
 */
export async function* eventBatches(ctx: RestContext, ids: number[]): AsyncGenerator<string> {
  for (let offset = 0; offset < ids.length; offset += BATCH_SIZE) {
    const batch = ids.slice(offset, offset + BATCH_SIZE)
    const { docs } = await ctx.payload.find({
      collection: EVENTS,
      depth: 0,
      limit: 0,
      overrideAccess: false,
      pagination: false,
      req: ctx.req,
      select: { statusBeforeTrash: false } as never,
      where: { id: { in: batch } },
    })
    const byId = new Map((docs as unknown as EventDoc[]).map((doc) => [doc.id, doc]))
    const events = batch.map((id) => byId.get(id)).filter((doc): doc is EventDoc => Boolean(doc))
    const termCounts = await populateEvents(ctx, events)
    const text = events
      .map((doc) => {
        const shown = serializeEvent(doc, ctx, { single: false, termCounts, unlocked: false }) as unknown as SerializedEvent
        return vevent(doc, shown, { language: ctx.language, now: ctx.now, siteTimezone: ctx.options.siteTimezone })
      })
      .join('')
    if (text) yield foldLines(text)
  }
}
