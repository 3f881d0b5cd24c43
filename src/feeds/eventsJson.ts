import type { Payload } from 'payload'

import type { EventDoc } from '../calendar/events/eventDoc'
import type { EventsQuery } from '../calendar/events/eventsQuery'
import type { SanitizedPluginConfig } from '../types'
import type { FeedContext } from './feedContext'
import type { FeedRequest } from './answerFeed'

import { readArgs } from '../../endpoints/args'
import { invalidParams, RestError } from '../../endpoints/errors'
import { EVENTS_LIST_SORT, eventsListQuery } from '../../endpoints/events/listQuery'
import { RELATED_READ } from '../calendar/events/leanEvent'
import { eventsList, populateEvents } from '../calendar/events/loadEvents'
import { OCCURRENCE, type OccurrenceDoc } from '../calendar/events/occurrences'
import { eventsWhere } from '../calendar/events/eventsWhere'
import { isDatabaseUnavailable, RETRY_AFTER_SECONDS } from '../db/databaseErrors'
import { splitLanguageRoot } from '../lib/languageRoot'
import { wallTimeToInstant } from '../lib/phpDate'
import { isValidTimeZone } from '../lib/timezone'
import { wallTime } from '../lib/wallTimes'
import { occurrencePermalink, permalink } from '../lib/urls'
import { feedContext } from './feedContext'
import { listArgSpecs } from './feedQuery'
import { feedHeaders, jsonError, plainText } from './feedResponses'
import { notModifiedAnswer } from './feedValidators'
import { keptFeed } from './keptFeeds'
import {
  NoRenderTurn,
  RETRY_AFTER_SECONDS as RENDER_RETRY_SECONDS,
  withRenderTurn,
} from './renderTurns'
import { widgetWindow } from './widgetEvents'

/*
 * A whole date window of the calendar for calendar widgets (docs/widgets.md): `GET /events.json?start=…&end=…`
 * (and under each language root, `/fr/events.json`) answers FullCalendar's event-source shape, every
 * occurrence of the window in one answer, where the compatibility API pages by 50 and hides its
 * totals from other origins. What a visitor may see only: published, listed events without a
 * password, read as the events list reads them (`eventsList`), each occurrence of a series an item.
 * Open to every origin for GET (no credentials are read), kept and validated as the feeds are.
 */

/** The widest window: a year (and a day, so that any calendar year fits whatever its zone). */
export const MAX_WINDOW_DAYS = 367
/** The most items one answer holds; a window holding more is refused (a shorter one is asked for). */
export const MAX_WIDGET_ITEMS = 2_000
/** The longest `start`/`end`/`timeZone` value read. */
const MAX_VALUE_LENGTH = 64
const DAY_MS = 86_400_000

/** The events list's filters a widget may add, read as the list declares them (`endpoints/events/params.ts`). */
const WIDGET_FILTERS = ['search', 'categories', 'tags', 'venue', 'organizer', 'featured'] as const

const CORS = {
  'Access-Control-Allow-Methods': 'GET, HEAD',
  'Access-Control-Allow-Origin': '*',
  'Access-Control-Max-Age': '86400',
}

export type EventsJsonLocation = { language: string; rootPath: string }

/** `/events.json` under a language root, or `null`. */
export function locateEventsJson(
  pathname: string,
  options: Pick<SanitizedPluginConfig, 'defaultLanguage' | 'languages'>,
): EventsJsonLocation | null {
  const { language, rootPath, segments } = splitLanguageRoot(pathname, options)
  return segments.length === 1 && segments[0] === 'events.json' ? { language, rootPath } : null
}

/** The answer to a request for `/events.json` (`locateEventsJson`), whatever its method. */
export async function answerEventsJson(
  payload: Payload,
  options: SanitizedPluginConfig,
  request: FeedRequest,
  location: EventsJsonLocation,
): Promise<Response> {
  const method = request.method.toUpperCase()
  if (method === 'OPTIONS') return new Response(null, { headers: CORS, status: 204 })
  if (method !== 'GET' && method !== 'HEAD')
    return jsonError(
      new RestError(
        'rest_no_route',
        'No route was found matching the URL and request method.',
        405,
      ),
      { ...CORS, Allow: 'GET, HEAD' },
    )
  try {
    return await answerWindow(payload, options, request, location)
  } catch (error) {
    if (error instanceof RestError) return jsonError(error, CORS)
    if (error instanceof NoRenderTurn)
      return plainText(503, error.message, { ...CORS, 'Retry-After': String(RENDER_RETRY_SECONDS) })
    if (isDatabaseUnavailable(error))
      return plainText(503, 'Service Unavailable', {
        ...CORS,
        'Retry-After': String(RETRY_AFTER_SECONDS),
      })
    throw error
  }
}

async function answerWindow(
  payload: Payload,
  options: SanitizedPluginConfig,
  request: FeedRequest,
  location: EventsJsonLocation,
): Promise<Response> {
  const search = new URLSearchParams(request.search)
  const window = readWindow(search, options.siteTimezone)
  const ctx = await feedContext(payload, options, {
    language: location.language,
    query: request.search.replace(/^\?/, ''),
  })
  const args = await readArgs(listArgSpecs(ctx, WIDGET_FILTERS), ctx)
  // Every event with a moment in [start, end): FullCalendar's overlap rule.
  const query = await eventsListQuery(ctx, args, {
    statuses: ['publish'],
    window: { echo: {}, instants: { ends_after: window.start, starts_before: window.end } },
  })
  const key = JSON.stringify({
    kind: 'events.json',
    language: location.language,
    rootPath: location.rootPath,
    site: options.siteUrl,
    where: eventsWhere(query),
  })
  const headers: Record<string, string> = {
    ...feedHeaders(options),
    ...CORS,
    'Content-Type': 'application/json; charset=utf-8',
  }
  const rendered = await keptFeed(ctx, key, () =>
    withRenderTurn(async () => {
      const items = await windowItems(ctx, query, location.rootPath)
      return { body: new TextEncoder().encode(JSON.stringify(items)), events: items.length }
    }),
  )
  const notModified = notModifiedAnswer(rendered.etag, request, headers)
  if (notModified) return notModified
  if (request.method.toUpperCase() === 'HEAD') return new Response(null, { headers, status: 200 })
  return new Response(rendered.body, {
    headers: { ...headers, 'Content-Length': String(rendered.body.byteLength) },
    status: 200,
  })
}

/**
 * `start` and `end` as FullCalendar sends them: an ISO 8601 date or date-time, with an offset
 * or `Z`, or without one in the `timeZone` sent (else the site's). Both required, `start` before
 * `end`, at most MAX_WINDOW_DAYS apart; anything else is a 400 naming the argument.
 */
function readWindow(search: URLSearchParams, siteTimezone: string): { end: Date; start: Date } {
  const zoneSent = search.get('timeZone')
  const zone =
    zoneSent && zoneSent.length <= MAX_VALUE_LENGTH && isValidTimeZone(zoneSent)
      ? zoneSent
      : siteTimezone
  const read = (name: 'end' | 'start') => {
    const value = search.get(name)
    if (value === null) throw invalidParams({ [name]: `${name} is required (an ISO 8601 date).` })
    const instant = value.length <= MAX_VALUE_LENGTH ? parseInstant(value, zone) : null
    if (!instant) throw invalidParams({ [name]: `${name} is not an ISO 8601 date or date-time.` })
    return instant
  }
  const start = read('start')
  const end = read('end')
  if (end.getTime() <= start.getTime()) throw invalidParams({ end: 'end must be after start.' })
  if (end.getTime() - start.getTime() > MAX_WINDOW_DAYS * DAY_MS)
    throw invalidParams({
      end: `The window is longer than ${MAX_WINDOW_DAYS} days: ask for a shorter one.`,
    })
  return { end, start }
}

const ISO =
  /^(\d{4}-\d{2}-\d{2})(?:[T ](\d{2}):(\d{2})(?::(\d{2})(?:\.\d{1,9})?)?(Z|[+-]\d{2}:?\d{2})?)?$/

function parseInstant(value: string, zone: string): Date | null {
  const match = ISO.exec(value.trim())
  if (!match) return null
  const [, date, hours = '00', minutes = '00', seconds = '00', offset] = match
  const wall = `${date} ${hours}:${minutes}:${seconds}`
  if (Number(hours) > 23 || Number(minutes) > 59 || Number(seconds) > 59) return null
  // A date that does not exist (2027-02-30) is refused rather than rolled over.
  if (new Date(`${date}T00:00:00Z`).toISOString().slice(0, 10) !== date) return null
  if (offset) {
    const instant = new Date(`${wall.replace(' ', 'T')}${offset === 'Z' ? 'Z' : offset}`)
    return Number.isNaN(instant.getTime()) ? null : instant
  }
  return wallTimeToInstant(wall, zone)
}

/**
 * The window's items in start order, as the events list reads them for a visitor (in SQL, only the
 * fields an item shows: `widgetEvents.ts`); a window of more than MAX_WIDGET_ITEMS occurrences is
 * refused before any event is read.
 */
async function windowItems(
  ctx: FeedContext,
  query: EventsQuery,
  rootPath: string,
): Promise<Record<string, unknown>[]> {
  const read = await widgetWindow(ctx, query, MAX_WIDGET_ITEMS)
  const docs =
    read === undefined
      ? await eventsList(ctx, query, {
          overrideAccess: false,
          req: ctx.req,
          sort: EVENTS_LIST_SORT,
          where: { and: eventsWhere(query) },
        }).upTo(MAX_WIDGET_ITEMS)
      : read
  if (!docs)
    throw invalidParams({
      end: `The window holds more than ${MAX_WIDGET_ITEMS} events: ask for a shorter one.`,
    })
  // Events read through Payload (a site overriding the calendar's collections) have their related items read here.
  if (
    read === undefined &&
    docs.some((doc) => !(doc as { [RELATED_READ]?: boolean })[RELATED_READ])
  )
    await populateEvents(ctx, docs)
  return docs.flatMap((doc) => {
    const item = widgetItem(ctx, doc, rootPath)
    return item ? [item] : []
  })
}

/**
 * One occurrence in FullCalendar's event-object shape: a timed one's instants in UTC, an all-day
 * one's dates in its event's zone with the exclusive end FullCalendar expects. A password-protected
 * event is left out: a widget shows titles and places, which its password keeps from visitors.
 */
function widgetItem(
  ctx: FeedContext,
  doc: EventDoc,
  rootPath: string,
): null | Record<string, unknown> {
  const occurrence = (doc as OccurrenceDoc)[OCCURRENCE]
  if (doc.password || doc.status !== 'publish' || occurrence?.status === 'cancelled') return null
  const zone = doc.timezone || ctx.options.siteTimezone
  const allDay = doc.allDay === true
  const day = (instant: string, after = 0) => {
    const date = wallTime(new Date(instant), zone).slice(0, 10)
    return new Date(Date.parse(`${date}T00:00:00Z`) + after * DAY_MS).toISOString().slice(0, 10)
  }
  const url = inRoot(
    ctx,
    rootPath,
    occurrence
      ? occurrencePermalink(ctx.options, doc as never, occurrence)
      : permalink(ctx.options, 'events', doc as never),
  )
  return {
    id: String(doc.id),
    ...(occurrence ? { groupId: String(occurrence.eventId) } : {}),
    title: typeof doc.title === 'string' ? doc.title : '',
    start: allDay ? day(doc.startDate) : new Date(doc.startDate).toISOString(),
    end: allDay ? day(doc.endDate, 1) : new Date(doc.endDate).toISOString(),
    allDay,
    url,
    extendedProps: {
      eventId: occurrence?.eventId ?? doc.id,
      timezone: zone,
      venue: shownVenue(ctx, rootPath, doc.venue),
      categories: ((doc.categories as unknown[] | null | undefined) ?? [])
        .filter((term): term is { id: number; name?: string; slug?: string } =>
          Boolean(term && typeof term === 'object'),
        )
        .map((term) => ({ id: term.id, name: term.name ?? '', slug: term.slug ?? '' })),
    },
  }
}

/** The venue's name and page, when a visitor may see it (published, without a password). */
function shownVenue(ctx: FeedContext, rootPath: string, venue: unknown) {
  if (!venue || typeof venue !== 'object') return null
  const item = venue as {
    id: number
    name?: string
    password?: string
    slug?: string
    status?: string
  }
  if (item.status !== 'publish' || item.password) return null
  return {
    id: item.id,
    name: item.name ?? '',
    url: inRoot(ctx, rootPath, permalink(ctx.options, 'venues', item)),
  }
}

/** A permalink under the request's language root (`/fr/event/…`). */
function inRoot(ctx: FeedContext, rootPath: string, url: string): string {
  const site = ctx.options.siteUrl
  return rootPath && url.startsWith(`${site}/`)
    ? `${site}${rootPath}${url.slice(site.length)}`
    : url
}
