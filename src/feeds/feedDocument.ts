import type { CollectionSlug } from 'payload'

import { convertLexicalToPlaintext } from '@payloadcms/richtext-lexical/plaintext'
import { escape, ICalCalendar, ICalCalendarMethod } from 'ical-generator'
import { setImmediate as nextTurn } from 'node:timers/promises'

import type { FeedContext } from './feedContext'
import type { FeedSelection } from './feedQuery'
import type { OrganizerDoc } from '../../endpoints/organizers/serializeOrganizer'
import type { EventDoc } from '../calendar/events/eventDoc'
import type { VenueDoc } from '../../endpoints/venues/serializeVenue'

import { RELATED_READ } from '../calendar/events/leanEvent'
import { leanPageIds } from '../calendar/events/leanList'
import { EVENTS_LIST_SORT } from '../../endpoints/events/listQuery'
import { loadEvents, populateEvents } from '../calendar/events/loadEvents'
import { serializeOrganizer } from '../../endpoints/organizers/serializeOrganizer'
import { globalIds } from '../../endpoints/serializeCommon'
import { mayUnlockProtected } from '../../endpoints/unlockProtected'
import { permalink } from '../lib/urls'
import { serializeVenue } from '../../endpoints/venues/serializeVenue'
import { feedZoneName, isFixedOffset } from '../lib/timezone'
import { CALENDAR_SLUGS } from '../slugs'
import { FEED_TEXTS, inLanguage } from './feedTexts'
import { foldLines } from './foldLines'
import { occurrenceOnDate, readSeries } from './seriesRows'
import { occurrenceVevent, seriesOf, seriesVevents } from './seriesVevents'
import { vevent, type SerializedEvent } from './vevent'
import { vtimezone } from './vtimezone'

const EVENTS = CALENDAR_SLUGS.events as CollectionSlug
/** Events read at a time (one statement). */
const BATCH_SIZE = 200
/** Events written between two turns of the event loop, so that other requests wait a few milliseconds at most. */
const WRITE_SLICE = 25
/**
 * The most events one feed holds: the first ones of its window in start order, as The Events
 * Calendar's export takes the first page of its list (30 by default, `tribe_ical_feed_posts_per_page`).
 * Without a date filter that is the next 1,000 upcoming events; a subscriber wanting others asks
 * for their dates (`start_date`, `end_date`). Bounds the work and memory of any feed, whatever
 * window is asked for.
 */
export const MAX_FEED_EVENTS = 1_000
/** Subscribers are asked to refresh hourly, as The Events Calendar's feeds ask. */
const REFRESH_SECONDS = 3600

/**
 * The ids of the feed's events in the list's order (start, then publication): at most
 * MAX_FEED_EVENTS, in one statement where the list's lean read applies (`leanList.ts`), else
 * through Payload, ids only.
 */
export async function feedEventIds(
  ctx: FeedContext,
  { query, where }: FeedSelection,
): Promise<number[]> {
  const lean = query
    ? await leanPageIds(ctx, query, { limit: MAX_FEED_EVENTS, page: 1 })
    : undefined
  if (lean) return lean
  const { docs } = await ctx.payload.find({
    collection: EVENTS,
    depth: 0,
    limit: MAX_FEED_EVENTS,
    overrideAccess: false,
    pagination: false,
    req: ctx.req,
    select: { id: true } as never,
    sort: EVENTS_LIST_SORT,
    where,
  })
  return (docs as unknown as { id: number }[]).map((doc) => doc.id)
}

/**
 * The whole calendar: its properties, a VTIMEZONE per zone its events use (made from the years
 * they use, once per zone and years in this process: `vtimezone.ts`), and the events, read batch
 * by batch as the API reads them for a visitor (`loadEvents`: one statement per batch, and what
 * the API already read is reused). Only what a VEVENT shows is serialized: an event's address,
 * link and UID as the API shows them, each venue and organizer serialized once per feed.
 */
export async function renderFeed(
  ctx: FeedContext,
  ids: number[],
  feedUrl: string,
): Promise<string> {
  const zoneYears = new Map<string, Set<number>>()
  const parts: string[] = []
  const shown = shownParts(ctx)
  for (let offset = 0; offset < ids.length; offset += BATCH_SIZE) {
    const events = await readEvents(ctx, ids.slice(offset, offset + BATCH_SIZE))
    // Recurring events are written whole (`seriesVevents.ts`): their rule and changed occurrences.
    const series = await readSeries(
      ctx.payload,
      events.map((doc) => doc.id),
    )
    for (let start = 0; start < events.length; start += WRITE_SLICE) {
      // Other requests get their turn between slices.
      if (offset + start > 0) await nextTurn()
      const text = events
        .slice(start, start + WRITE_SLICE)
        .map((doc) => {
          const args = veventArgs(ctx, doc)
          const read = series.get(doc.id)
          const parsed = read && seriesOf(read)
          if (read && parsed) {
            noteZoneYears(zoneYears, parsed.series.timeZone, [doc.startDate, read.lastEnd])
            return seriesVevents(doc, shown(doc), {
              ...args,
              ...parsed,
              exceptions: read.exceptions,
              options: ctx.options,
            })
          }
          noteZoneYears(zoneYears, feedZoneName(doc.timezone || ctx.options.siteTimezone), [
            doc.startDate,
            doc.endDate,
          ])
          return vevent(doc, shown(doc), args)
        })
        .join('')
      parts.push(foldLines(text))
    }
  }
  return calendarHead(ctx, zoneYears, feedUrl) + parts.join('') + CALENDAR_END
}

/**
 * The feed of one occurrence of a recurring event (`/event/{slug}/{date}.ics`): the event of
 * `eventId` as the reader may read it, its `n`th occurrence on `date` as a VEVENT of its own;
 * null when the event does not recur or has no such occurrence, or that occurrence is cancelled.
 */
export async function renderOccurrenceFeed(
  ctx: FeedContext,
  eventId: number,
  at: { date: string; n: number },
  feedUrl: string,
): Promise<null | string> {
  const [doc] = await readEvents(ctx, [eventId])
  const read = doc && (await readSeries(ctx.payload, [doc.id])).get(doc.id)
  const parsed = read && seriesOf(read)
  if (!doc || !parsed) return null
  const row = await occurrenceOnDate(ctx.payload, doc.id, at.date, at.n)
  if (!row || row.status === 'cancelled') return null
  const zoneYears = new Map<string, Set<number>>()
  noteZoneYears(zoneYears, parsed.series.timeZone, [row.startUtc, row.endUtc])
  const text = occurrenceVevent(doc, shownParts(ctx)(doc), {
    ...veventArgs(ctx, doc),
    options: ctx.options,
    row,
    series: parsed.series,
  })
  return calendarHead(ctx, zoneYears, feedUrl) + foldLines(text) + CALENDAR_END
}

/** Events by id as the API reads them for a visitor (`loadEvents`), their related items read. */
async function readEvents(ctx: FeedContext, ids: number[]): Promise<EventDoc[]> {
  const events = await loadEvents(ctx, ids)
  // Events read through Payload (a site overriding the calendar's collections) have their related items read here.
  if (events.some((doc) => !(doc as { [RELATED_READ]?: boolean })[RELATED_READ]))
    await populateEvents(ctx, events)
  return events
}

function veventArgs(ctx: FeedContext, doc: EventDoc) {
  return {
    description: plainDescription(doc),
    language: ctx.language,
    now: ctx.now,
    siteTimezone: ctx.options.siteTimezone,
  }
}

/**
 * Every calendar year from the first instant's to the last's in `zone`, for that zone's VTIMEZONE
 * (UTC and fixed offsets have none): a series' from its first start to its last stored end, so
 * that a client resolving any stored occurrence through the VTIMEZONE finds its offset.
 */
function noteZoneYears(zoneYears: Map<string, Set<number>>, zone: string, instants: string[]) {
  if (zone === 'UTC' || isFixedOffset(zone)) return
  const years = zoneYears.get(zone) ?? new Set<number>()
  const all = instants.map((instant) => new Date(instant).getUTCFullYear())
  for (let year = Math.min(...all); year <= Math.max(...all); year++) years.add(year)
  zoneYears.set(zone, years)
}

/**
 * What the API shows of an event, as far as a VEVENT uses it (`SerializedEvent`), as
 * `serializeEvent` shows it: its UID and link, and its venue and organizers (not trashed),
 * serialized once per feed each.
 */
function shownParts(ctx: FeedContext): (doc: EventDoc) => SerializedEvent {
  const venues = new Map<number, Record<string, unknown>>()
  const organizers = new Map<number, Record<string, unknown>>()
  const once = <T extends { id: number }>(
    seen: Map<number, Record<string, unknown>>,
    item: T,
    serialize: (item: T) => Record<string, unknown>,
  ) => {
    let shown = seen.get(item.id)
    if (!shown) seen.set(item.id, (shown = serialize(item)))
    return shown
  }
  const isShown = (item: unknown): item is { id: number; status?: string } =>
    Boolean(item) && typeof item === 'object' && (item as { status?: string }).status !== 'trash'
  return (doc) => {
    const venue: SerializedEvent['venue'] = isShown(doc.venue)
      ? once(venues, doc.venue as VenueDoc, (item) =>
          serializeVenue(item, ctx, { unlocked: mayUnlockProtected(ctx, item) }),
        )
      : []
    return {
      global_id: globalIds(doc as never, ctx).global_id,
      url: permalink(ctx.options, 'events', doc as never),
      venue,
      organizer: ((doc.organizers as unknown[]) ?? [])
        .filter(isShown)
        .map((item) =>
          once(organizers, item as OrganizerDoc, (organizer) =>
            serializeOrganizer(organizer, ctx, { unlocked: mayUnlockProtected(ctx, organizer) }),
          ),
        ),
    }
  }
}

/** The description as plain text, as its search copy is made (`src/hooks/storeDescriptionText.ts`), in the language read. */
function plainDescription(doc: EventDoc): string {
  if (!doc.description || typeof doc.description !== 'object') return ''
  return convertLexicalToPlaintext({ data: doc.description as never }).trim()
}

/** The VCALENDAR up to its first event: properties for subscribers, then a VTIMEZONE per zone used. */
function calendarHead(
  ctx: FeedContext,
  zoneYears: Map<string, Set<number>>,
  feedUrl: string,
): string {
  const host = new URL(ctx.options.siteUrl).host
  const calendar = new ICalCalendar({
    description: escape(
      `${inLanguage(FEED_TEXTS.calendarDescription, ctx.language)} ${host}`,
      false,
    ),
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
  const zones = [...zoneYears]
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([zone, years]) => foldLines(vtimezone(zone, years)) + '\r\n')
  return head + zones.join('')
}

const CALENDAR_END = 'END:VCALENDAR\r\n'
