import type { Recurrence, RecurrenceRule, SeriesStart } from './types'

import { RecurrenceError } from './errors'
import { MAX_COUNT, MAX_DATES } from './limits'
import { FREQUENCIES, WEEKDAYS } from './types'
import { isWallValue } from './wallTime'

/** The most days one period of each frequency holds, among which BYSETPOS picks. */
const SET_SIZE: Record<RecurrenceRule['freq'], number> = {
  DAILY: 1,
  WEEKLY: 7,
  MONTHLY: 31,
  YEARLY: 366,
}

/** The most days each month has (February's in a leap year). */
const MONTH_DAYS = [31, 29, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31]

/**
 * BYMONTH with BYMONTHDAY naming no day of those months (30 February, 31 April) gives no date at
 * all: refused here, where the expansion would search thousands of years for one.
 */
function checkSomeDayOfTheMonths(rule: RecurrenceRule): void {
  const months = rule.byMonth
  const days = rule.byMonthDay
  if (!Array.isArray(months) || !Array.isArray(days)) return
  const some = months.some((month) =>
    days.some((day) => Math.abs(day) <= (MONTH_DAYS[month - 1] ?? 0)),
  )
  if (!some)
    throw new RecurrenceError(
      'rule.byMonthDay',
      'out_of_range',
      `rule.byMonthDay (BYMONTHDAY) names no day of the months in rule.byMonth (BYMONTH): the rule gives no date; got ${days.join(', ')} of ${months.join(', ')}.`,
    )
}

const isInteger = (value: unknown): value is number =>
  typeof value === 'number' && Number.isInteger(value)

function checkList(field: string, values: unknown, min: number, max: number): void {
  if (values === undefined) return
  if (!Array.isArray(values) || values.length === 0) {
    throw new RecurrenceError(
      field,
      'out_of_range',
      `${field} must be a non-empty list of whole numbers from ${min} to ${max} (not 0).`,
    )
  }
  values.forEach((value, index) => {
    if (!isInteger(value) || value === 0 || value < min || value > max) {
      throw new RecurrenceError(
        `${field}[${index}]`,
        'out_of_range',
        `${field} takes whole numbers from ${min} to ${max}, not 0; got ${JSON.stringify(value)}.`,
      )
    }
  })
}

const wallShape = (allDay: boolean): string =>
  allDay
    ? 'a date YYYY-MM-DD (the event is all-day)'
    : "a wall-clock time YYYY-MM-DDTHH:mm:ss in the event's zone"

/**
 * A date the recurrence names, which must be written in the event's own zone: a `Z`, an offset
 * or another zone's name is refused rather than converted, as issue 26 asks.
 */
function checkWall(field: string, value: unknown, series: SeriesStart): void {
  if (isWallValue(value, series.allDay)) return
  const text = typeof value === 'string' ? value : ''
  if (/(Z|[+-]\d{2}:?\d{2}|\[[^\]]+\])$/.test(text)) {
    throw new RecurrenceError(
      field,
      'other_zone',
      `${field} must be in the event's zone (${series.timeZone}) with no offset or zone of its own; got ${JSON.stringify(value)}.`,
    )
  }
  throw new RecurrenceError(
    field,
    'unreadable',
    `${field} must be ${wallShape(series.allDay)}; got ${JSON.stringify(value)}.`,
  )
}

function checkRule(rule: RecurrenceRule, series: SeriesStart): void {
  if (!FREQUENCIES.includes(rule.freq)) {
    throw new RecurrenceError(
      'rule.freq',
      'unsupported',
      `rule.freq (FREQ) must be one of ${FREQUENCIES.join(', ')}; got ${JSON.stringify(rule.freq)}.`,
    )
  }
  if (!isInteger(rule.interval) || rule.interval < 1) {
    throw new RecurrenceError(
      'rule.interval',
      'interval',
      `rule.interval (INTERVAL) must be a whole number of 1 or more; got ${JSON.stringify(rule.interval)}.`,
    )
  }
  if (rule.count !== undefined && rule.until !== undefined) {
    throw new RecurrenceError(
      'rule.until',
      'count_and_until',
      'A rule ends after a number of times (COUNT) or on a date (UNTIL), not both.',
    )
  }
  if (
    rule.count !== undefined &&
    (!isInteger(rule.count) || rule.count < 1 || rule.count > MAX_COUNT)
  ) {
    throw new RecurrenceError(
      'rule.count',
      'count_too_large',
      `rule.count (COUNT) must be a whole number from 1 to ${MAX_COUNT.toLocaleString('en')}; got ${JSON.stringify(rule.count)}.`,
    )
  }
  if (rule.until !== undefined) {
    checkWall('rule.until', rule.until, series)
    if (rule.until < series.start) {
      throw new RecurrenceError(
        'rule.until',
        'until_before_start',
        `rule.until (UNTIL) ${rule.until} is before the event's start ${series.start}.`,
      )
    }
  }
  if (rule.byDay !== undefined) {
    if (!Array.isArray(rule.byDay) || rule.byDay.length === 0) {
      throw new RecurrenceError(
        'rule.byDay',
        'out_of_range',
        'rule.byDay (BYDAY) must be a non-empty list of weekdays.',
      )
    }
    const ordinalLimit = rule.freq === 'MONTHLY' ? 5 : rule.freq === 'YEARLY' ? 53 : 0
    rule.byDay.forEach((day, index) => {
      const field = `rule.byDay[${index}]`
      if (!day || !WEEKDAYS.includes(day.weekday)) {
        throw new RecurrenceError(
          field,
          'out_of_range',
          `${field} (BYDAY) must name a weekday, one of ${WEEKDAYS.join(', ')}.`,
        )
      }
      if (day.ordinal === undefined) return
      if (ordinalLimit === 0) {
        throw new RecurrenceError(
          field,
          'unsupported',
          `${field} (BYDAY): an ordinal such as "first Monday" (1MO) needs a MONTHLY or YEARLY rule.`,
        )
      }
      if (!isInteger(day.ordinal) || day.ordinal === 0 || Math.abs(day.ordinal) > ordinalLimit) {
        throw new RecurrenceError(
          field,
          'out_of_range',
          `${field} (BYDAY): the ordinal must be from 1 to ${ordinalLimit} or -${ordinalLimit} to -1 in a ${rule.freq} rule; got ${JSON.stringify(day.ordinal)}.`,
        )
      }
    })
  }
  if (rule.byMonthDay !== undefined && rule.freq === 'WEEKLY') {
    throw new RecurrenceError(
      'rule.byMonthDay',
      'unsupported',
      'rule.byMonthDay (BYMONTHDAY) cannot be used in a WEEKLY rule.',
    )
  }
  checkList('rule.byMonthDay', rule.byMonthDay, -31, 31)
  checkList('rule.byMonth', rule.byMonth, 1, 12)
  // A set holds at most a period's days: a position beyond them picks nothing, ever, and the
  // expansion would search thousands of periods for it.
  const setSize = SET_SIZE[rule.freq]
  checkList('rule.bySetPos', rule.bySetPos, -setSize, setSize)
  checkSomeDayOfTheMonths(rule)
  if (rule.bySetPos !== undefined && !rule.byDay && !rule.byMonthDay && !rule.byMonth) {
    throw new RecurrenceError(
      'rule.bySetPos',
      'unsupported',
      'rule.bySetPos (BYSETPOS) picks among the days another part names (BYDAY, BYMONTHDAY, BYMONTH); add one.',
    )
  }
  if (rule.weekStart !== undefined && !WEEKDAYS.includes(rule.weekStart)) {
    throw new RecurrenceError(
      'rule.weekStart',
      'out_of_range',
      `rule.weekStart (WKST) must be one of ${WEEKDAYS.join(', ')}.`,
    )
  }
}

/**
 * The checks that need no expansion: each part present and in range, dates in the event's zone.
 * Those that do (too many occurrences, an exclusion that is no occurrence) are in ./expand.ts.
 */
export function checkRecurrence(series: SeriesStart, recurrence: Recurrence): void {
  if (!isWallValue(series.start, series.allDay)) {
    throw new RecurrenceError(
      'start',
      'unreadable',
      `The event's start must be ${wallShape(series.allDay)}; got ${JSON.stringify(series.start)}.`,
    )
  }
  if (recurrence.rule !== undefined) checkRule(recurrence.rule, series)
  for (const key of ['rdates', 'exdates'] as const) {
    const values: unknown = recurrence[key]
    if (!Array.isArray(values))
      throw new RecurrenceError(key, 'unreadable', `${key} must be a list.`)
    if (values.length > MAX_DATES) {
      throw new RecurrenceError(
        key,
        'too_many_dates',
        `${key} may list at most ${MAX_DATES.toLocaleString('en')} dates; got ${values.length.toLocaleString('en')}.`,
      )
    }
    values.forEach((value, index) => {
      checkWall(`${key}[${index}]`, value, series)
      // The event's own start is the series' first occurrence: the original's post dates, our list's order.
      if (key === 'rdates' && value < series.start) {
        throw new RecurrenceError(
          `rdates[${index}]`,
          'before_start',
          `rdates[${index}] ${value} is before the event's start ${series.start}, which is the series' first occurrence.`,
        )
      }
    })
  }
}
