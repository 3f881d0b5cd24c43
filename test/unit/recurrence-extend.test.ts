import fc from 'fast-check'
import { describe, expect, it } from 'vitest'

import type { Recurrence, SeriesStart } from '../../src/recurrence'

import {
  expandRecurrence,
  expandRecurrenceBetween,
  formatRecurrenceLines,
} from '../../src/recurrence'
import { RecurrenceError } from '../../src/recurrence/errors'
import { series, synchronized } from '../helpers/recurrenceArbitraries'

/*
 * The horizon job stores only what a series gains when its horizon moves on
 * (`expandRecurrenceBetween`): what it had, and what it gains, must be what a whole expansion to
 * the new horizon gives, occurrence for occurrence, for rules whose COUNT, INTERVAL or BYSETPOS
 * count from the series' start, with extra and excluded dates, in zones with daylight saving.
 */

const DAY = 86_400_000

/** Most drawn series at their own time of day; some at 02:30, which a spring-forward night skips. */
const drawnSeries = fc
  .tuple(series, fc.boolean(), fc.nat(), fc.integer({ min: 0, max: 400 }), fc.nat())
  .map(([drawn, skipped, cutPick, laterDays, cutKind]) => ({
    drawn: skipped ? { ...drawn, start: { ...drawn.start, hour: 2, minute: 30 as const } } : drawn,
    cutPick,
    laterDays,
    cutKind: cutKind % 3,
  }))

/** The series with exclusions drawn among its occurrences after its start, as an editor makes them. */
function withExclusions(
  start: SeriesStart,
  recurrence: Recurrence,
  horizon: Date,
  picks: number[],
): Recurrence {
  const later = expandRecurrence(start, recurrence, horizon).slice(1)
  return {
    ...recurrence,
    exdates: later.length
      ? [...new Set(picks.map((pick) => later[pick % later.length]!.start))]
      : [],
  }
}

const tooMany = (error: unknown) =>
  error instanceof RecurrenceError && error.code === 'too_many_occurrences'

describe('extending a series to a later horizon', () => {
  it('adds exactly what a whole expansion to the new horizon gives beyond the old one, for 200 generated series', () => {
    let gained = 0
    let compared = 0
    fc.assert(
      fc.property(drawnSeries, ({ drawn, cutPick, laterDays, cutKind }) => {
        const synced = synchronized(drawn)
        const { start } = synced
        const recurrence = withExclusions(
          start,
          synced.recurrence,
          synced.horizon,
          drawn.exdatePicks,
        )
        const to = new Date(synced.horizon.getTime() + laterDays * DAY)
        let whole
        try {
          whole = expandRecurrence(start, recurrence, to)
        } catch (error) {
          if (tooMany(error)) return
          throw error
        }
        // The old horizon: exactly on an occurrence's instant, a millisecond before it, or anywhere before the new one.
        const firstMs = Date.parse(whole[0]!.startUtc)
        const onOccurrence = Date.parse(whole[cutPick % whole.length]!.startUtc)
        const from = new Date(
          cutKind === 0
            ? onOccurrence
            : cutKind === 1
              ? onOccurrence - 1
              : firstMs + (cutPick % Math.max(1, to.getTime() - firstMs)),
        )
        const before = expandRecurrence(start, recurrence, from)
        const added = expandRecurrenceBetween(start, recurrence, from, to)
        gained += added.length
        compared += 1
        expect([...before, ...added], formatRecurrenceLines(start, recurrence).join('\n')).toEqual(
          whole,
        )
      }),
      { numRuns: 200, seed: 2626 },
    )
    expect(compared).toBeGreaterThan(160)
    expect(gained).toBeGreaterThan(2000)
  })

  it('gains nothing when the horizon does not move on, and one occurrence a week a week later', () => {
    const start: SeriesStart = {
      start: '2027-03-01T09:00:00',
      timeZone: 'America/New_York',
      allDay: false,
    }
    const recurrence: Recurrence = {
      rule: { freq: 'WEEKLY', interval: 1 },
      rdates: [],
      exdates: ['2027-03-15T09:00:00'],
    }
    const from = new Date('2027-03-01T14:00:00Z')
    expect(expandRecurrenceBetween(start, recurrence, from, from)).toEqual([])
    // The 8th at 14:00 UTC, the 15th excluded, the 22nd at 13:00 UTC (daylight saving from the 14th).
    expect(
      expandRecurrenceBetween(start, recurrence, from, new Date('2027-03-22T13:00:00Z')),
    ).toEqual([
      { start: '2027-03-08T09:00:00', startUtc: '2027-03-08T14:00:00Z', fromRdate: false },
      { start: '2027-03-22T09:00:00', startUtc: '2027-03-22T13:00:00Z', fromRdate: false },
    ])
  })
})
