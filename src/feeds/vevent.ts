import {
  ICalCalendar,
  ICalEvent,
  ICalEventStatus,
  type ICalEventData,
  type ICalLocation,
} from 'ical-generator'
import { DateTime } from 'luxon'

import { feedZoneName, isFixedOffset, zoneOf } from '../lib/timezone'

import type { EventDoc } from '../calendar/events/eventDoc'

import {
  decodeEntities,
  FEED_TEXTS,
  inLanguage,
  quotedParameter,
  summaryText,
  textValue,
} from './feedTexts'
import { wallTimeIfUnique } from './zoneOffsets'

/** What the API shows of an event (`serializeEvent`), as far as a VEVENT uses it. */
export type SerializedEvent = {
  global_id: string
  url: string
  venue: [] | Record<string, unknown>
  organizer: Record<string, unknown>[]
}

/**
 * How a VEVENT of a recurring event differs from a single event's (`seriesVevents.ts`): its UID,
 * its times as wall-clock values in the series' zone (always under its TZID, so that a rule
 * repeats the wall time across daylight saving), its SEQUENCE, title and link, and the lines that
 * make it a series or one changed occurrence of it (`RRULE`… or `RECURRENCE-ID`).
 */
export type SeriesInstance = {
  uid: string
  zone: string
  allDay: boolean
  /** `YYYY-MM-DDTHH:mm:ss` (all-day: the date counts). */
  startLocal: string
  endLocal: string
  sequence: number
  title?: string
  url: string
  lines: string[]
}

/** ical-generator's events need a calendar; this one only lends them its (absent) timezone, so DTSTAMP and LAST-MODIFIED are UTC. */
const PARENT = new ICalCalendar()

/**
 * One event as a VEVENT (RFC 5545 §3.6.1), unfolded (`foldLines` runs on whole batches), from
 * the stored event and the API's serialization of it, so that the feed shows exactly what the
 * API shows a visitor: a password-protected event keeps its title, times and link and loses
 * everything else (its description becomes The Events Calendar's "Content is protected."), a
 * trashed, unpublished or protected venue or organizer is left out.
 */
export function vevent(
  doc: EventDoc,
  shown: SerializedEvent,
  args: {
    description: string
    instance?: SeriesInstance
    language: string
    now: Date
    siteTimezone: string
  },
): string {
  const locked = Boolean(doc.password)
  const zone = feedZoneName(doc.timezone || args.siteTimezone)
  const { instance } = args
  const data: ICalEventData = {
    id: instance?.uid ?? shown.global_id,
    sequence: instance?.sequence ?? sequenceOf(doc),
    stamp: args.now,
    created: new Date(String(doc.createdAt)),
    lastModified: new Date(String(doc.updatedAt)),
    summary: summaryText(instance?.title ?? String(doc.title ?? '')),
    url: instance?.url ?? shown.url,
    status: ICalEventStatus.CONFIRMED,
    ...(instance ? wallTimes(instance) : times(doc, zone, !locked && doc.allDay === true)),
  }
  let organizer: null | string = null
  if (locked) {
    data.description = inLanguage(FEED_TEXTS.contentProtected, args.language)
  } else {
    const description = textValue(args.description.trim())
    if (description) data.description = description
    // The API embeds linked venues and organizers whole; a protected one's content stays out of feeds.
    data.location = isLocked(doc.venue) ? null : locationOf(shown.venue)
    const lockedOrganizers = new Set(
      ((doc.organizers as unknown[]) ?? [])
        .filter(isLocked)
        .map((item) => (item as { id: number }).id),
    )
    const typedNames = new Map(
      ((doc.organizers as unknown[]) ?? [])
        .filter((item) => item && typeof item === 'object')
        .map((item) => [(item as { id: number }).id, (item as { name?: unknown }).name]),
    )
    organizer = organizerLine(
      shown.organizer.filter((item) => !lockedOrganizers.has(item.id as number)),
      typedNames,
    )
    data.categories = categoryNames(doc).map((name) => ({ name: textValue(name) }))
  }
  const text = new ICalEvent(data, PARENT).toString()
  const extra = [...(instance?.lines ?? []), ...(organizer ? [organizer] : [])]
  return extra.length
    ? text.replace(/END:VEVENT\r\n$/, `${extra.join('\r\n')}\r\nEND:VEVENT\r\n`)
    : text
}

/**
 * Grows with every update and never goes back: seconds from creation to the last update (an
 * event's `updatedAt` only moves forward).
 */
export function sequenceOf(doc: EventDoc): number {
  const seconds = Math.floor(
    (Date.parse(String(doc.updatedAt)) - Date.parse(String(doc.createdAt))) / 1000,
  )
  return Number.isFinite(seconds) && seconds > 0 ? seconds : 0
}

/**
 * All-day events as DATE values with the exclusive end the standard wants (the day after the
 * last one); others in the event's own zone with its VTIMEZONE (`zoneOffsets.ts`: a Date whose
 * UTC fields are the wall time, which ical-generator writes as it is under TZID), or in UTC where
 * the zone is UTC or a manual offset, or where a local time would name two instants (the hour
 * repeated when clocks go back).
 */
function times(
  doc: EventDoc,
  zone: string,
  allDay: boolean,
): Pick<ICalEventData, 'allDay' | 'end' | 'start' | 'timezone'> {
  if (allDay) {
    const start = DateTime.fromISO(String(doc.startDate), { zone: zoneOf(zone) })
    const end = DateTime.fromISO(String(doc.endDate), { zone: zoneOf(zone) })
    const lastDay = end < start ? start : end
    return {
      allDay: true,
      start: start.startOf('day'),
      end: lastDay.startOf('day').plus({ days: 1 }),
      timezone: null,
    }
  }
  const start = Date.parse(String(doc.startDate))
  const end = Date.parse(String(doc.endDate))
  const inUtc = { start: new Date(start), end: new Date(end), timezone: null }
  // A manual UTC offset has no VTIMEZONE: such events are written in UTC.
  if (zone === 'UTC' || isFixedOffset(zone)) return inUtc
  const localStart = wallTimeIfUnique(zone, start)
  const localEnd = wallTimeIfUnique(zone, end)
  return localStart && localEnd ? { start: localStart, end: localEnd, timezone: zone } : inUtc
}

/**
 * A series' times under its zone's TZID, whatever the zone's offsets (a wall time the clocks go
 * back through is the first of its two instants, RFC 5545 §3.3.5), or its dates when all-day.
 */
function wallTimes(
  instance: SeriesInstance,
): Pick<ICalEventData, 'allDay' | 'end' | 'start' | 'timezone'> {
  if (instance.allDay) {
    const start = DateTime.fromISO(instance.startLocal.slice(0, 10), { zone: instance.zone })
    const lastDay = DateTime.fromISO(instance.endLocal.slice(0, 10), { zone: instance.zone })
    return {
      allDay: true,
      start,
      end: (lastDay < start ? start : lastDay).plus({ days: 1 }),
      timezone: null,
    }
  }
  // Dates whose UTC fields are the wall times, which ical-generator writes as they are under TZID.
  return {
    start: new Date(`${instance.startLocal}Z`),
    end: new Date(`${instance.endLocal}Z`),
    timezone: instance.zone,
  }
}

/** A populated venue or organizer with a password (ids, which the visitor may not read, show nothing anyway). */
function isLocked(item: unknown): boolean {
  return (
    Boolean(item) && typeof item === 'object' && Boolean((item as { password?: unknown }).password)
  )
}

/** The venue's name and address on one line, as The Events Calendar writes LOCATION, and GEO when known. */
function locationOf(venue: SerializedEvent['venue']): ICalLocation | null {
  if (Array.isArray(venue)) return null
  const parts = [
    venue.venue,
    venue.address,
    venue.city,
    venue.stateprovince,
    venue.zip,
    venue.country,
  ]
  const title = textValue(
    parts
      .filter((part): part is string => typeof part === 'string' && part.trim() !== '')
      .map(decodeEntities)
      .join(', '),
  )
  if (!title) return null
  const lat = venue.geo_lat
  const lon = venue.geo_lng
  const located = typeof lat === 'number' && typeof lon === 'number' && (lat !== 0 || lon !== 0)
  return located ? { title, geo: { lat, lon } } : { title }
}

/**
 * ORGANIZER needs an address: the first organizer with an e-mail (one is all RFC 5545 allows), by
 * its name as typed (`typedNames`), as The Events Calendar writes it. Written here rather than by
 * ical-generator, which escapes a double quote in CN as `\"`: no escape exists in a parameter
 * value, so such a line is not valid iCalendar (`quotedParameter`).
 */
function organizerLine(
  organizers: SerializedEvent['organizer'],
  typedNames: Map<number, unknown>,
): null | string {
  const organizer = organizers.find(
    (item) => typeof item.email === 'string' && item.email.includes('@'),
  )
  if (!organizer) return null
  const typed = typedNames.get(organizer.id as number)
  const email = textValue(String(organizer.email))
  const name = typeof typed === 'string' && typed ? typed : email
  return `ORGANIZER;CN=${quotedParameter(name)}:mailto:${email}`
}

/** The names of the event's categories the visitor may read, in the API's order (by name). */
function categoryNames(doc: EventDoc): string[] {
  return ((doc.categories as unknown[]) ?? [])
    .filter((item): item is { name?: unknown } => Boolean(item) && typeof item === 'object')
    .map((term) => String(term.name ?? ''))
    .filter(Boolean)
    .sort((a, b) => a.localeCompare(b))
}
