import { DateTime } from 'luxon'

import { processRegion } from '../calendar/cache/registry'

/*
 * VTIMEZONE components (RFC 5545 §3.6.5) built from the runtime's own time zone database (Intl,
 * through luxon), so no zone data ships with the plugin. Each component lists, for the years a
 * feed's events use, the observance in force when the year begins and every offset change during
 * it, as onsets without rules: exact for those years, whatever the zone's history, and small.
 */

const DAY_MS = 86_400_000
/** Offset changes are found day by day, then narrowed to the second. */
const SCAN_STEP_MS = DAY_MS

export type Observance = {
  abbreviation: string
  daylight: boolean
  from: number
  onset: number
  to: number
}

const offsetAt = (zone: string, instant: number) => DateTime.fromMillis(instant, { zone }).offset

/** VTIMEZONEs made, by zone and years: finding a year's changes takes hundreds of zone lookups, and feeds ask for the same few. */
const made = processRegion<string>('vtimezones', { maxEntries: 256 })

/** The VTIMEZONE of `zone` for events in `years` (calendar years, in any order). */
export function vtimezone(zone: string, years: Iterable<number>): string {
  const ranges = yearRanges(years)
  return made.remember(`${zone}\n${ranges.join(' ')}`, () => makeVtimezone(zone, ranges))
}

function makeVtimezone(zone: string, ranges: [number, number][]): string {
  const lines = ['BEGIN:VTIMEZONE', `TZID:${zone}`]
  for (const [first, last] of ranges) {
    // A day of margin on both sides: local wall times near New Year lie on either side of it in UTC.
    const start = Date.UTC(first, 0, 1) - DAY_MS
    const end = Date.UTC(last + 1, 0, 1) + DAY_MS
    for (const observance of observances(zone, start, end))
      lines.push(...observanceLines(observance))
  }
  lines.push('END:VTIMEZONE')
  return lines.join('\r\n')
}

/** Consecutive years joined: `[2025, 2026, 2030]` → `[[2025, 2026], [2030, 2030]]`. */
function yearRanges(years: Iterable<number>): [number, number][] {
  const sorted = [...new Set(years)].sort((a, b) => a - b)
  const ranges: [number, number][] = []
  for (const year of sorted) {
    const last = ranges.at(-1)
    if (last && year === last[1] + 1) last[1] = year
    else ranges.push([year, year])
  }
  return ranges
}

/** The observance in force at `start`, then one per offset change until `end`. */
export function observances(zone: string, start: number, end: number): Observance[] {
  const initial = offsetAt(zone, start)
  const found: Observance[] = [describe(zone, start, initial, initial)]
  let previous = initial
  for (let at = start; at < end;) {
    const next = Math.min(at + SCAN_STEP_MS, end)
    const offset = offsetAt(zone, next)
    if (offset !== previous) {
      const onset = firstInstantWithOffset(zone, at, next, previous)
      found.push(describe(zone, onset, previous, offsetAt(zone, onset)))
      previous = offsetAt(zone, onset)
      at = onset
      continue
    }
    at = next
  }
  return found
}

/** The first second after `low` whose offset differs from `before` (some change happens by `high`). */
function firstInstantWithOffset(zone: string, low: number, high: number, before: number): number {
  let lo = low
  let hi = high
  while (hi - lo > 1000) {
    const middle = lo + Math.floor((hi - lo) / 2000) * 1000
    if (offsetAt(zone, middle) === before) lo = middle
    else hi = middle
  }
  return hi
}

function describe(zone: string, onset: number, from: number, to: number): Observance {
  const time = DateTime.fromMillis(onset, { zone })
  return {
    abbreviation: abbreviation(onset, zone) ?? formatOffset(to),
    daylight: time.isInDST,
    from,
    onset,
    to,
  }
}

/** Intl names a zone's abbreviation in some English locales and not others (`CET` in en-GB, `EST` in en-US). */
export function abbreviation(instant: number, zone: string): null | string {
  for (const locale of ['en-US', 'en-GB']) {
    const name = DateTime.fromMillis(instant, { locale, zone }).offsetNameShort
    if (name && !/^(GMT|UTC)[+-]/.test(name)) return name
  }
  return null
}

/** DTSTART of an onset is the local time at which it takes effect, read in the offset it replaces. */
function observanceLines({ abbreviation, daylight, from, onset, to }: Observance): string[] {
  const kind = daylight ? 'DAYLIGHT' : 'STANDARD'
  const local = DateTime.fromMillis(onset + from * 60_000, { zone: 'UTC' }).toFormat(
    "yyyyLLdd'T'HHmmss",
  )
  return [
    `BEGIN:${kind}`,
    `DTSTART:${local}`,
    `TZOFFSETFROM:${formatOffset(from)}`,
    `TZOFFSETTO:${formatOffset(to)}`,
    `TZNAME:${abbreviation}`,
    `END:${kind}`,
  ]
}

/** `+0100`, `-0430` (RFC 5545 §3.3.14). */
export function formatOffset(minutes: number): string {
  const sign = minutes < 0 ? '-' : '+'
  const abs = Math.abs(minutes)
  return `${sign}${String(Math.floor(abs / 60)).padStart(2, '0')}${String(abs % 60).padStart(2, '0')}`
}
