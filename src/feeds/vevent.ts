import { ICalCalendar, ICalEvent, ICalEventStatus, type ICalEventData, type ICalLocation } from 'ical-generator'
import { DateTime } from 'luxon'

import { isFixedOffset, zoneOf } from '../lib/timezone'

import type { EventDoc } from '../../endpoints/events/serializeEvent'

import { FEED_TEXTS, inLanguage } from './feedTexts'

/** What the API shows of an event (`serializeEvent`), as far as a VEVENT uses it. */
export type SerializedEvent = {
  global_id: string
  title: string
  url: string
  venue: [] | Record<string, unknown>
  organizer: Record<string, unknown>[]
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
export function vevent(doc: EventDoc, shown: SerializedEvent, args: { language: string; now: Date; siteTimezone: string }): string {
  const locked = Boolean(doc.password)
  const zone = doc.timezone || args.siteTimezone
  const data: ICalEventData = {
    id: shown.global_id,
    sequence: sequenceOf(doc),
    stamp: args.now,
    created: new Date(String(doc.createdAt)),
    lastModified: new Date(String(doc.updatedAt)),
    // The title as typed: The Events Calendar's feed reads the stored title, not the typeset one the API shows.
    summary: String(doc.title ?? ''),
    url: shown.url,
    status: ICalEventStatus.CONFIRMED,
    ...times(doc, zone, !locked && doc.allDay === true),
  }
  if (locked) {
    data.description = inLanguage(FEED_TEXTS.contentProtected, args.language)
  } else {
    const description = typeof doc.descriptionText === 'string' ? doc.descriptionText.trim() : ''
    if (description) data.description = description
    // The API embeds linked venues and organizers whole; a protected one's content stays out of feeds.
    data.location = isLocked(doc.venue) ? null : locationOf(shown.venue)
    const lockedOrganizers = new Set(((doc.organizers as unknown[]) ?? []).filter(isLocked).map((item) => (item as { id: number }).id))
    const typedNames = new Map(((doc.organizers as unknown[]) ?? []).filter((item) => item && typeof item === 'object').map((item) => [(item as { id: number }).id, (item as { name?: unknown }).name]))
    data.organizer = organizerOf(shown.organizer.filter((item) => !lockedOrganizers.has(item.id as number)), typedNames)
    data.categories = categoryNames(doc).map((name) => ({ name }))
  }
  return new ICalEvent(data, PARENT).toString()
}

/**
 * Grows with every update and never goes back: seconds from creation to the last update (an
 * event's `updatedAt` only moves forward).
 */
export function sequenceOf(doc: EventDoc): number {
  const seconds = Math.floor((Date.parse(String(doc.updatedAt)) - Date.parse(String(doc.createdAt))) / 1000)
  return Number.isFinite(seconds) && seconds > 0 ? seconds : 0
}

/**
 * All-day events as DATE values with the exclusive end the standard wants (the day after the
 * last one); others in the event's own zone with its VTIMEZONE, or in UTC where the zone is UTC
 * or a local time would name two instants (the hour repeated when clocks go back).
 */
function times(doc: EventDoc, zone: string, allDay: boolean): Pick<ICalEventData, 'allDay' | 'end' | 'start' | 'timezone'> {
  const start = DateTime.fromISO(String(doc.startDate), { zone: zoneOf(zone) })
  const end = DateTime.fromISO(String(doc.endDate), { zone: zoneOf(zone) })
  if (allDay) {
    const lastDay = end < start ? start : end
    return { allDay: true, start: start.startOf('day'), end: lastDay.startOf('day').plus({ days: 1 }), timezone: null }
  }
  // A manual UTC offset has no VTIMEZONE: such events are written in UTC.
  if (zone === 'UTC' || isFixedOffset(zone) || !readsBack(start) || !readsBack(end)) {
    return { start: start.setZone('UTC'), end: end.setZone('UTC'), timezone: null }
  }
  return { start, end, timezone: zone }
}

/** Whether the local time of `time` names that instant and no other (offsets six hours around it tell). */
function readsBack(time: DateTime): boolean {
  const localAsUtc = time.toMillis() + time.offset * 60_000
  for (const direction of [-1, 1]) {
    const other = time.plus({ hours: 6 * direction }).offset
    if (other === time.offset) continue
    const twin = localAsUtc - other * 60_000
    if (DateTime.fromMillis(twin, { zone: time.zone }).offset === other) return false
  }
  return true
}

/** A populated venue or organizer with a password (ids, which the visitor may not read, show nothing anyway). */
function isLocked(item: unknown): boolean {
  return Boolean(item) && typeof item === 'object' && Boolean((item as { password?: unknown }).password)
}

/** The venue's name and address on one line, as The Events Calendar writes LOCATION, and GEO when known. */
function locationOf(venue: SerializedEvent['venue']): ICalLocation | null {
  if (Array.isArray(venue)) return null
  const parts = [venue.venue, venue.address, venue.city, venue.stateprovince, venue.zip, venue.country]
  const title = parts.filter((part): part is string => typeof part === 'string' && part.trim() !== '').map(decodeEntities).join(', ')
  if (!title) return null
  const lat = venue.geo_lat
  const lon = venue.geo_lng
  const located = typeof lat === 'number' && typeof lon === 'number' && (lat !== 0 || lon !== 0)
  return located ? { title, geo: { lat, lon } } : { title }
}

/**
 * ORGANIZER needs an address: the first organizer with an e-mail (one is all RFC 5545 allows), by
 * its name as typed (`typedNames`), as The Events Calendar writes it.
 */
function organizerOf(organizers: SerializedEvent['organizer'], typedNames: Map<number, unknown>) {
  const organizer = organizers.find((item) => typeof item.email === 'string' && item.email.includes('@'))
  if (!organizer) return null
  const typed = typedNames.get(organizer.id as number)
  const name = typeof typed === 'string' && typed ? typed : String(organizer.email)
  return { email: String(organizer.email), name }
}

/** The names of the event's categories the visitor may read, in the API's order (by name). */
function categoryNames(doc: EventDoc): string[] {
  return ((doc.categories as unknown[]) ?? [])
    .filter((item): item is { name?: unknown } => Boolean(item) && typeof item === 'object')
    .map((term) => String(term.name ?? ''))
    .filter(Boolean)
    .sort((a, b) => a.localeCompare(b))
}

/**
 * The API's texts are HTML (WordPress escapes and typesets on output, `&#8217;`); a calendar's are
 * plain, as The Events Calendar decodes them.
 */
function decodeEntities(value: string): string {
  return value.replace(/&(amp|lt|gt|quot|#\d+|#x[\da-f]+);/gi, (whole, name: string) => {
    if (name[0] !== '#') return ({ amp: '&', lt: '<', gt: '>', quot: '"' } as Record<string, string>)[name.toLowerCase()] ?? whole
    const code = name[1] === 'x' || name[1] === 'X' ? Number.parseInt(name.slice(2), 16) : Number(name.slice(1))
    return code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : whole
  })
}
