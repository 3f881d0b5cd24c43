import fc from 'fast-check'
import { RRuleTemporal } from 'rrule-temporal'

import type { Recurrence, RecurrenceRule, SeriesStart, Weekday } from '../../src/recurrence'

import { formatRecurrenceLines } from '../../src/recurrence'
import { WEEKDAYS } from '../../src/recurrence/types'

/*
 * Generated recurring series for property tests: rules of every frequency and BY part the product
 * offers, COUNT and UNTIL, extra dates, in zones with daylight saving (New York, Paris, Sydney,
 * Lord Howe's half hour) and without (Kathmandu, +05:45). Times avoid 01:00-03:59, where these
 * zones skip or repeat an hour.
 */

const ZONES = [
  'America/New_York',
  'Europe/Paris',
  'Australia/Sydney',
  'Asia/Kathmandu',
  'Australia/Lord_Howe',
]
const HOURS = [0, 6, 9, 12, 17, 20, 23]
const HORIZON_MONTHS = 24

const pad = (n: number) => String(n).padStart(2, '0')

const weekday = fc.constantFrom<Weekday>(...WEEKDAYS)
const weekdays = (minLength = 1) =>
  fc
    .uniqueArray(weekday, { minLength, maxLength: 3 })
    .map((days) => days.map((day) => ({ weekday: day })))
const months = fc.uniqueArray(fc.integer({ min: 1, max: 12 }), { minLength: 1, maxLength: 3 })
const interval = (max: number) => fc.integer({ min: 1, max })
const nthWeekdays = (ordinals: number[]) =>
  fc.uniqueArray(fc.record({ weekday, ordinal: fc.constantFrom(...ordinals) }), {
    minLength: 1,
    maxLength: 2,
    selector: (day) => `${day.ordinal}${day.weekday}`,
  })
const monthDays = (days: number[]) =>
  fc.uniqueArray(fc.constantFrom(...days), { minLength: 1, maxLength: 3 })

/** Rules that always have a next occurrence, so that both expanders reach the horizon. */
const rule: fc.Arbitrary<Omit<RecurrenceRule, 'count' | 'until'>> = fc.oneof(
  fc.record(
    {
      freq: fc.constant('DAILY' as const),
      interval: interval(4),
      byDay: weekdays(),
      byMonth: months,
    },
    { requiredKeys: ['freq', 'interval'] },
  ),
  fc.record(
    {
      freq: fc.constant('WEEKLY' as const),
      interval: interval(4),
      byDay: weekdays(),
      weekStart: weekday,
    },
    { requiredKeys: ['freq', 'interval'] },
  ),
  fc.oneof(
    fc.record({ freq: fc.constant('MONTHLY' as const), interval: interval(3) }),
    fc.record({
      freq: fc.constant('MONTHLY' as const),
      interval: interval(3),
      byDay: nthWeekdays([1, 2, 3, 4, -1, -2]),
    }),
    fc.record({
      freq: fc.constant('MONTHLY' as const),
      interval: interval(3),
      byMonthDay: monthDays([1, 2, 10, 15, 28, 31, -1, -2, -7]),
    }),
    fc.record({
      freq: fc.constant('MONTHLY' as const),
      interval: interval(3),
      byDay: weekdays(2),
      bySetPos: fc.constantFrom<number[]>([1], [-1], [2], [1, -1]),
    }),
  ),
  fc.oneof(
    fc.record({ freq: fc.constant('YEARLY' as const), interval: interval(2) }),
    fc.record({ freq: fc.constant('YEARLY' as const), interval: interval(2), byMonth: months }),
    fc.record({
      freq: fc.constant('YEARLY' as const),
      interval: interval(2),
      byMonth: months,
      byDay: nthWeekdays([1, 2, 3, 4, -1]),
    }),
    fc.record({
      freq: fc.constant('YEARLY' as const),
      interval: interval(2),
      byMonth: months,
      byMonthDay: monthDays([1, 5, 15, 28]),
    }),
  ),
)

const start = fc.record({
  year: fc.integer({ min: 2026, max: 2028 }),
  month: fc.integer({ min: 1, max: 12 }),
  day: fc.integer({ min: 1, max: 28 }),
  hour: fc.constantFrom(...HOURS),
  minute: fc.constantFrom(0, 15, 30, 45),
})

export const series = fc.record({
  zone: fc.constantFrom(...ZONES),
  allDay: fc.boolean(),
  start,
  rule: fc.option(rule, { freq: 12, nil: undefined }),
  end: fc.oneof(
    fc.constant(undefined),
    fc.record({ count: fc.integer({ min: 1, max: 40 }) }),
    fc.record({ untilDays: fc.integer({ min: 0, max: 700 }) }),
  ),
  rdateDays: fc.uniqueArray(fc.integer({ min: 1, max: 500 }), { maxLength: 2 }),
  rdateHour: fc.constantFrom(...HOURS),
  exdatePicks: fc.uniqueArray(fc.nat(), { maxLength: 2 }),
})

export type Drawn = typeof series extends fc.Arbitrary<infer T> ? T : never

const addDays = (date: string, days: number) =>
  new Date(Date.parse(`${date}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10)

function seriesOf(
  drawn: Drawn,
  startWall?: string,
): { start: SeriesStart; recurrence: Recurrence; horizon: Date } {
  const { year, month, day, hour, minute } = drawn.start
  const drawnDate = `${year}-${pad(month)}-${pad(day)}`
  const time = `T${pad(hour)}:${pad(minute)}:00`
  const wall = (onDate: string, at = time) => (drawn.allDay ? onDate : `${onDate}${at}`)
  const start: SeriesStart = {
    start: startWall ?? wall(drawnDate),
    timeZone: drawn.zone,
    allDay: drawn.allDay,
  }
  const date = start.start.slice(0, 10)
  const recurrence: Recurrence = {
    rdates: drawn.rdateDays.map((days) =>
      wall(addDays(date, days), `T${pad(drawn.rdateHour)}:00:00`),
    ),
    exdates: [],
  }
  if (drawn.rule) {
    recurrence.rule = { ...drawn.rule }
    if (drawn.end && 'count' in drawn.end) recurrence.rule.count = drawn.end.count
    if (drawn.end && 'untilDays' in drawn.end)
      recurrence.rule.until = wall(addDays(date, drawn.end.untilDays), start.start.slice(10))
  }
  // Noon UTC: the same date in every zone above, so that all-day cuts agree.
  const horizon = new Date(Date.UTC(year, month - 1 + HORIZON_MONTHS, day, 12))
  return { start, recurrence, horizon }
}

/**
 * A series starts on an occurrence of its rule (./expand.ts refuses any other start): the drawn
 * start moves to the rule's first occurrence from it. Only the start is chosen this way; what is
 * compared is everything after it.
 */
export function synchronized(drawn: Drawn): {
  start: SeriesStart
  recurrence: Recurrence
  horizon: Date
} {
  const drawnSeries = seriesOf(drawn)
  if (!drawn.rule) return drawnSeries
  const lines = formatRecurrenceLines(drawnSeries.start, {
    rule: { ...drawn.rule },
    rdates: [],
    exdates: [],
  })
  const [first] = new RRuleTemporal({ rruleString: lines.join('\n') }).all((_, index) => index < 1)
  return seriesOf(
    drawn,
    drawn.allDay ? first.toPlainDate().toString() : first.toPlainDateTime().toString(),
  )
}
