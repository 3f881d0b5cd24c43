import ICAL from 'ical.js'
import { createHash } from 'node:crypto'

import { expandEventSeries, RecurrenceError } from '../recurrence/index'
import { instantToWall, wallToInstant } from '../recurrence/wallTime'
import { TEXT_LIMITS } from '../lib/textLimits'
import { ianaZoneOf } from './zones'

/** A feed that cannot be read as iCalendar: said in the source's log, nothing imported. */
export class FeedError extends Error {}

/** One occurrence of a series changed upstream (a `RECURRENCE-ID` override). */
export interface FeedOverride {
  /** The occurrence's original start, a wall time in the series' zone (a date when all-day). */
  recurrenceId: string
  cancelled: boolean
  /** Its new start and end as wall times in the series' zone, when it moved. */
  start?: string
  end?: string
  /** Its own SUMMARY, when it differs from the series'. */
  title?: string
}

/** One event as the feed gives it, in the terms of our events collection. */
export interface FeedEvent {
  uid: string
  /** Empty for an event or a series; an instance's start when a series is imported as its instances. */
  recurrenceId: string
  title: string
  /** The description as HTML (`X-ALT-DESC` when it is HTML, else the text of `DESCRIPTION`), not yet made safe. */
  descriptionHtml: string
  location: string
  timeZone: string
  allDay: boolean
  /** Wall times in `timeZone` (`YYYY-MM-DDTHH:mm:ss`); when all-day, the first and the last day. */
  start: string
  end: string
  recurrence?: { rule: string; rdates: string[]; exdates: string[] }
  overrides: FeedOverride[]
  /** A digest of all of the above: a changed source event has another. */
  hash: string
}

export interface ParsedFeed {
  events: FeedEvent[]
  /** What was read otherwise than given (a series expanded, a zone guessed), for the source's log. */
  notes: string[]
}

export interface ParseOptions {
  /** The zone of floating times and of a feed that names none (the site's). */
  defaultZone: string
  /** How far ahead a series our model cannot hold is expanded into single events. */
  horizon: Date
  /** At most this many events are read from one feed (series instances included). */
  maxEvents: number
}

type JCalProperty = [string, Record<string, string | string[]>, string, ...unknown[]]

/** A date or date-time value as read: a wall time in a known zone, or an instant. */
type ReadTime =
  | { allDay: true; date: string }
  | { allDay: false; wall: string; zone?: string }
  | { allDay: false; instant: Date }

const DAY_MS = 86_400_000

/**
 * Reads an iCalendar feed (RFC 5545, as Google, Outlook and Apple write it) into the events to
 * import. Times are taken in the zone their `TZID` names (IANA or Windows names), in the feed's
 * `X-WR-TIMEZONE` when floating, or by the feed's own `VTIMEZONE` when its name is unknown.
 * `RRULE`/`RDATE`/`EXDATE` become a series when our model holds them (docs/recurrence.md), and
 * their `RECURRENCE-ID` overrides moved or cancelled occurrences; a series it cannot hold is
 * expanded (by ical.js) into single events up to the horizon, and said in the notes.
 */
export function parseFeed(text: string, options: ParseOptions): ParsedFeed {
  if (!/^\uFEFF?\s*BEGIN:VCALENDAR/i.test(text))
    throw new FeedError('not an iCalendar file (it does not begin with BEGIN:VCALENDAR)')
  let calendar: ICAL.Component
  try {
    calendar = new ICAL.Component(ICAL.parse(text.replace(/^\uFEFF/, '')) as never)
  } catch (error) {
    throw new FeedError(`not a readable iCalendar file: ${(error as Error).message}`)
  }
  if (calendar.name !== 'vcalendar') throw new FeedError('not an iCalendar calendar')
  const notes: string[] = []
  const feedZone = ianaZoneOf(calendar.getFirstPropertyValue('x-wr-timezone')?.toString())
  const defaultZone = feedZone ?? options.defaultZone
  const vtimezones = new Map<string, ICAL.Timezone>()
  for (const component of calendar.getAllSubcomponents('vtimezone')) {
    const tzid = component.getFirstPropertyValue('tzid')?.toString()
    if (tzid) vtimezones.set(tzid, new ICAL.Timezone(component))
  }
  const reader = new TimeReader(defaultZone, vtimezones, notes)

  const byUid = new Map<string, { master?: ICAL.Component; overrides: ICAL.Component[] }>()
  const vevents = calendar.getAllSubcomponents('vevent')
  if (vevents.length > options.maxEvents)
    throw new FeedError(`more than ${options.maxEvents} events in one feed`)
  for (const vevent of vevents) {
    const uid = vevent.getFirstPropertyValue('uid')?.toString().trim()
    if (!uid) {
      notes.push(`an event without UID ("${summaryOf(vevent)}") was left out`)
      continue
    }
    const group = byUid.get(uid) ?? { overrides: [] }
    if (vevent.hasProperty('recurrence-id')) group.overrides.push(vevent)
    else group.master = vevent
    byUid.set(uid, group)
  }

  const events: FeedEvent[] = []
  for (const [uid, group] of byUid) {
    try {
      if (!group.master) {
        // Overrides whose series is not in the feed (a calendar shared in part): each stands alone.
        for (const override of group.overrides)
          events.push(singleEvent(override, uid, reader.recurrenceIdOf(override), reader))
        continue
      }
      if (group.master.getFirstPropertyValue('status')?.toString().toUpperCase() === 'CANCELLED')
        continue
      events.push(...eventsOfMaster(group.master, group.overrides, uid, reader, options, notes))
    } catch (error) {
      if (!(error instanceof FeedError)) throw error
      notes.push(`event ${uid} was left out: ${error.message}`)
    }
    if (events.length > options.maxEvents)
      throw new FeedError(`more than ${options.maxEvents} events in one feed`)
  }
  return { events, notes }
}

function eventsOfMaster(
  master: ICAL.Component,
  overrides: ICAL.Component[],
  uid: string,
  reader: TimeReader,
  options: ParseOptions,
  notes: string[],
): FeedEvent[] {
  const rules = master.getAllProperties('rrule')
  const rdates = master.getAllProperties('rdate')
  if (!rules.length && !rdates.length) return [singleEvent(master, uid, '', reader)]
  const base = baseOf(master, reader)
  const series = {
    rule: rules.length === 1 ? ruleText(rules[0]!) : '',
    rdates: datesOf(rdates, base, reader),
    exdates: datesOf(master.getAllProperties('exdate'), base, reader),
  }
  const held = master.hasProperty('exrule')
    ? { reason: 'EXRULE' }
    : rules.length > 1
      ? { reason: 'several RRULEs' }
      : seriesHeld(base, series, options)
  if ('recurrence' in held) {
    const overridesOf = overrides.map((override) => overrideOf(override, base, reader))
    return [
      withHash({
        ...base,
        uid,
        recurrenceId: '',
        recurrence: held.recurrence,
        overrides: overridesOf,
      }),
    ]
  }
  notes.push(
    `the series ${uid} ("${base.title}") has a rule this calendar cannot keep as a series (${held.reason}): imported as its events up to ${options.horizon.toISOString().slice(0, 10)}`,
  )
  return expandedInstances(master, overrides, uid, reader, options)
}

/**
 * The recurrence as our model keeps it (an EXDATE that is no occurrence dropped), or why the
 * model cannot keep it: the first check of the series that fails (docs/recurrence.md, "Bounds").
 */
function seriesHeld(
  base: Omit<FeedEvent, 'hash' | 'overrides' | 'recurrenceId' | 'uid'>,
  series: { rule: string; rdates: string[]; exdates: string[] },
  options: ParseOptions,
): { reason: string } | { recurrence: NonNullable<FeedEvent['recurrence']> } {
  const recurrence = { ...series, exdates: [...series.exdates] }
  for (;;) {
    try {
      expandEventSeries(
        {
          allDay: base.allDay,
          recurrence,
          startDate: wallToInstant(base.start, base.timeZone).toISOString(),
          startLocal: base.allDay ? `${base.start} 00:00:00` : base.start.replace('T', ' '),
          timezone: base.timeZone,
        },
        options.horizon,
      )
      return { recurrence }
    } catch (error) {
      if (!(error instanceof RecurrenceError)) throw error
      const index = /^exdates\[(\d+)\]$/.exec(error.field)?.[1]
      if (index === undefined) return { reason: error.message }
      recurrence.exdates.splice(Number(index), 1)
    }
  }
}

/** A series our model cannot hold, as ical.js expands it: one event per instance, keyed by its start. */
function expandedInstances(
  master: ICAL.Component,
  overrides: ICAL.Component[],
  uid: string,
  reader: TimeReader,
  options: ParseOptions,
): FeedEvent[] {
  const event = new ICAL.Event(master, { exceptions: overrides as never })
  const iterator = event.iterator()
  const events: FeedEvent[] = []
  const horizon = options.horizon.getTime()
  for (let next = iterator.next(); next; next = iterator.next()) {
    const details = event.getOccurrenceDetails(next)
    const item = details.item.component
    const start = reader.read(details.startDate, tzidOf(item, 'dtstart'))
    if (instantOf(start, reader.defaultZone).getTime() > horizon) break
    if (events.length >= options.maxEvents)
      throw new FeedError(`more than ${options.maxEvents} events in one feed`)
    if (item.getFirstPropertyValue('status')?.toString().toUpperCase() === 'CANCELLED') continue
    const own = baseOf(item, reader, { start: details.startDate, end: details.endDate })
    const recurrenceId = reader.read(details.recurrenceId, tzidOf(master, 'dtstart'))
    events.push(
      withHash({ ...own, uid, recurrenceId: wallIn(recurrenceId, own.timeZone), overrides: [] }),
    )
  }
  return events
}

function singleEvent(
  vevent: ICAL.Component,
  uid: string,
  recurrenceId: string,
  reader: TimeReader,
): FeedEvent {
  return withHash({ ...baseOf(vevent, reader), uid, recurrenceId, overrides: [] })
}

function overrideOf(
  override: ICAL.Component,
  series: { allDay: boolean; timeZone: string; title: string },
  reader: TimeReader,
): FeedOverride {
  const recurrenceId = wallIn(
    reader.read(override.getFirstProperty('recurrence-id')!),
    series.timeZone,
  )
  if (override.getFirstPropertyValue('status')?.toString().toUpperCase() === 'CANCELLED')
    return {
      recurrenceId: series.allDay ? recurrenceId.slice(0, 10) : recurrenceId,
      cancelled: true,
    }
  const own = baseOf(override, reader)
  const shift = (wall: string) =>
    own.allDay ? wall : instantToWall(wallToInstant(wall, own.timeZone), series.timeZone)
  return {
    recurrenceId: series.allDay ? recurrenceId.slice(0, 10) : recurrenceId,
    cancelled: false,
    start: shift(own.start),
    end: shift(own.end),
    ...(own.title !== series.title ? { title: own.title } : {}),
  }
}

/** An event's own fields and dates (or those `times` give, for an expanded instance). */
function baseOf(
  vevent: ICAL.Component,
  reader: TimeReader,
  times?: { start: ICAL.Time; end: ICAL.Time },
): Omit<FeedEvent, 'hash' | 'overrides' | 'recurrenceId' | 'uid'> {
  const startProperty = vevent.getFirstProperty('dtstart')
  if (!startProperty && !times) throw new FeedError('it has no DTSTART')
  const start = times
    ? reader.read(times.start, tzidOf(vevent, 'dtstart'))
    : reader.read(startProperty!)
  const timeZone = 'zone' in start && start.zone ? start.zone : reader.defaultZone
  const endProperty = vevent.getFirstProperty('dtend')
  let end: ReadTime | undefined = times
    ? reader.read(times.end, tzidOf(vevent, endProperty ? 'dtend' : 'dtstart'))
    : endProperty
      ? reader.read(endProperty)
      : undefined
  if (!end) {
    const duration = vevent.getFirstPropertyValue('duration') as ICAL.Duration | null
    const seconds = duration ? duration.toSeconds() : 0
    end = start.allDay
      ? {
          allDay: true,
          date: dayAfter(start.date, Math.max(1, Math.round(seconds / 86_400))),
        }
      : { allDay: false, instant: new Date(instantOf(start, timeZone).getTime() + seconds * 1000) }
  }
  const startWall = wallIn(start, timeZone)
  let endWall = wallIn(end, timeZone)
  if (start.allDay) {
    // DTEND of an all-day event is the day after its last (RFC 5545 §3.6.1).
    const last = end.allDay ? dayAfter(end.date, -1) : endWall.slice(0, 10)
    endWall = last > startWall ? last : startWall
  } else if (endWall < startWall) endWall = startWall
  return {
    title: (summaryOf(vevent) || 'Untitled event').slice(0, TEXT_LIMITS.title),
    descriptionHtml: descriptionOf(vevent),
    location: (vevent.getFirstPropertyValue('location')?.toString() ?? '').trim(),
    timeZone,
    allDay: start.allDay,
    start: startWall,
    end: endWall,
  }
}

const tzidOf = (vevent: ICAL.Component, name: string) =>
  vevent.getFirstProperty(name)?.getParameter('tzid') as string | undefined

const summaryOf = (vevent: ICAL.Component) =>
  (vevent.getFirstPropertyValue('summary')?.toString() ?? '').trim()

/** Outlook's and Apple's HTML description (`X-ALT-DESC;FMTTYPE=text/html`) or the text one, as HTML. */
function descriptionOf(vevent: ICAL.Component): string {
  const alt = vevent
    .getAllProperties('x-alt-desc')
    .find((property) => /html/i.test(String(property.getParameter('fmttype') ?? '')))
  const html = alt?.getFirstValue()?.toString().trim()
  if (html) return html
  const text = (vevent.getFirstPropertyValue('description')?.toString() ?? '').trim()
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;')
}

function ruleText(property: ICAL.Property): string {
  const jcal = property.toJSON() as JCalProperty
  return ICAL.Recur.fromData(jcal[3] as never).toString()
}

/** RDATE or EXDATE values as wall times (dates, when all-day) in the series' zone. */
function datesOf(
  properties: ICAL.Property[],
  series: { allDay: boolean; timeZone: string },
  reader: TimeReader,
): string[] {
  const dates = properties.flatMap((property) => {
    const tzid = property.getParameter('tzid') as string | undefined
    return property.getValues().flatMap((value) => {
      if (value instanceof ICAL.Period) return []
      const read = reader.readValue(value.toString(), tzid)
      const wall = wallIn(read, series.timeZone)
      return [series.allDay ? wall.slice(0, 10) : wall]
    })
  })
  return [...new Set(dates)]
}

function withHash(event: Omit<FeedEvent, 'hash'>): FeedEvent {
  const hash = createHash('sha256').update(JSON.stringify(event)).digest('base64url')
  return { ...event, hash }
}

function dayAfter(date: string, days: number): string {
  return new Date(Date.parse(`${date}T00:00:00Z`) + days * DAY_MS).toISOString().slice(0, 10)
}

function instantOf(time: ReadTime, zone: string): Date {
  if ('instant' in time) return time.instant
  if (time.allDay) return wallToInstant(`${time.date}T00:00:00`, zone)
  return wallToInstant(time.wall, time.zone ?? zone)
}

/** The wall time in `zone` of a time read (a date stays a date). */
function wallIn(time: ReadTime, zone: string): string {
  if (time.allDay) return time.date
  if ('instant' in time) return instantToWall(time.instant, zone)
  if (!time.zone || time.zone === zone) return time.wall
  return instantToWall(wallToInstant(time.wall, time.zone), zone)
}

/** Reads date and date-time values by their `TZID`, the feed's zone and its `VTIMEZONE`s. */
class TimeReader {
  private unknownZones = new Set<string>()

  constructor(
    readonly defaultZone: string,
    private readonly vtimezones: Map<string, ICAL.Timezone>,
    private readonly notes: string[],
  ) {}

  /**
   * A property's value, or a time ical.js computed (an instance of a series) with the `TZID` of
   * the property it came from: ical.js keeps the zone of a time only when it knows the zone.
   */
  read(source: ICAL.Property | ICAL.Time, tzid?: string): ReadTime {
    if (source instanceof ICAL.Time) return this.readValue(source.toString(), tzid)
    const value = source.getFirstValue() as ICAL.Time | null
    if (!value) throw new FeedError(`its ${source.name.toUpperCase()} has no value`)
    return this.readValue(value.toString(), source.getParameter('tzid') as string | undefined)
  }

  recurrenceIdOf(vevent: ICAL.Component): string {
    const read = this.read(vevent.getFirstProperty('recurrence-id')!)
    return wallIn(read, this.defaultZone)
  }

  /** `2027-03-01`, `2027-03-01T09:00:00` or `2027-03-01T09:00:00Z` with its `TZID`, if any. */
  readValue(text: string, tzid: string | undefined): ReadTime {
    if (/^\d{4}-\d{2}-\d{2}$/.test(text)) return { allDay: true, date: text }
    const match = /^(\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2})(Z?)$/.exec(text)
    if (!match) throw new FeedError(`"${text}" is not a date or a date-time`)
    const wall = match[1]!
    if (match[2] || tzid === 'UTC' || tzid === 'Z')
      return { allDay: false, instant: new Date(`${wall}Z`) }
    if (!tzid) return { allDay: false, wall, zone: this.defaultZone }
    const zone = ianaZoneOf(tzid)
    if (zone) return { allDay: false, wall, zone }
    const vtimezone = this.vtimezones.get(tzid)
    if (vtimezone) {
      // A zone only the feed's VTIMEZONE describes: its offsets give the instant.
      const time = ICAL.Time.fromDateTimeString(wall)
      time.zone = vtimezone
      return { allDay: false, instant: new Date(time.toUnixTime() * 1000) }
    }
    if (!this.unknownZones.has(tzid)) {
      this.unknownZones.add(tzid)
      this.notes.push(
        `the time zone "${tzid}" is unknown: its times were read in ${this.defaultZone}`,
      )
    }
    return { allDay: false, wall, zone: this.defaultZone }
  }
}
