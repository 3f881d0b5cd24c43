import fc from 'fast-check'
import ICAL from 'ical.js'
import { describe, expect, it } from 'vitest'

import type { Recurrence, SeriesStart } from '../../src/recurrence'

import { vtimezone } from '../../src/feeds/vtimezone'
import { expandRecurrence, formatRecurrenceLines } from '../../src/recurrence'
import { series, synchronized } from '../helpers/recurrenceArbitraries'

/*
 * Our expansion against an independent one: for generated rules in zones with daylight saving
 * (New York, Paris, Sydney, Lord Howe's half hour) and without (Kathmandu, +05:45), ical.js
 * expands the RFC 5545 text we write, inside a calendar with the VTIMEZONE our feeds write, and
 * both must give the same instants (all-day: the same dates), in the same order.
 *
 * Times avoid 01:00-03:59, where these zones skip or repeat an hour: there RFC 5545 drops a
 * skipped time and ical.js moves it (recurrence-expand.test.ts covers our side).
 */

/** Every year a drawn series can reach (starts in 2026-2028, a horizon of 24 months): one VTIMEZONE per zone. */
const YEARS = [2026, 2027, 2028, 2029, 2030, 2031]

function calendarText(start: SeriesStart, recurrence: Recurrence): string {
  return [
    'BEGIN:VCALENDAR',
    'VERSION:2.0',
    'PRODID:-//payload-events-calendar//recurrence cross-check//EN',
    ...(start.allDay ? [] : [vtimezone(start.timeZone, YEARS)]),
    'BEGIN:VEVENT',
    'UID:cross-check',
    'DTSTAMP:20260101T000000Z',
    ...formatRecurrenceLines(start, recurrence),
    'END:VEVENT',
    'END:VCALENDAR',
  ].join('\r\n')
}

/** What ical.js expands from our text up to the horizon: instants, or dates for all-day. */
function icalExpansion(start: SeriesStart, recurrence: Recurrence, horizon: Date): string[] {
  const text = calendarText(start, recurrence)
  const calendar = new ICAL.Component(ICAL.parse(text))
  const event = new ICAL.Event(calendar.getFirstSubcomponent('vevent')!)
  const iterator = event.iterator()
  const lastDate = horizon.toISOString().slice(0, 10)
  const found: string[] = []
  const when = (time: ICAL.Time) =>
    start.allDay ? time.toString() : time.toJSDate().toISOString().replace('.000Z', 'Z')
  for (let next = iterator.next(); next; next = iterator.next()) {
    if (start.allDay ? next.toString() > lastDate : next.toJSDate() > horizon) break
    // RFC 5545 §3.8.5.2: an instance both the RRULE and an RDATE give is one instance; ical.js repeats it.
    if (found.at(-1) !== when(next)) found.push(when(next))
    if (found.length > 3000) throw new Error('ical.js did not stop')
  }
  // ical.js (2.2.1, RecurExpansion._init) starts a set of RDATEs without an RRULE at its first
  // RDATE and leaves DTSTART out, which RFC 5545 (§3.8.5.2) counts as the first instance.
  if (!recurrence.rule && recurrence.rdates.length > 0) {
    found.unshift(when(event.startDate))
  }
  return found
}

const ours = (start: SeriesStart, recurrence: Recurrence, horizon: Date) =>
  expandRecurrence(start, recurrence, horizon).map((occurrence) =>
    start.allDay ? occurrence.start : occurrence.startUtc,
  )

describe('recurrence expansion against ical.js', () => {
  it('gives the same occurrences as ical.js for 200 generated series in five zones', () => {
    let occurrences = 0
    fc.assert(
      fc.property(series, (drawn) => {
        const { start, recurrence, horizon } = synchronized(drawn)
        // Exclusions are drawn among the series' occurrences after its start (any other is refused).
        const later = expandRecurrence(start, recurrence, horizon).slice(1)
        recurrence.exdates =
          later.length === 0
            ? []
            : [...new Set(drawn.exdatePicks.map((pick) => later[pick % later.length].start))]
        const expected = icalExpansion(start, recurrence, horizon)
        const actual = ours(start, recurrence, horizon)
        occurrences += actual.length
        expect(actual, formatRecurrenceLines(start, recurrence).join('\n')).toEqual(expected)
      }),
      { numRuns: 200, seed: 26 },
    )
    expect(occurrences).toBeGreaterThan(4000)
  })
})
