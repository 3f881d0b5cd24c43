import type { RecurrenceRule, SeriesStart, Weekday } from '../../recurrence'

import { parseRule, RecurrenceError, seriesStartOf } from '../../recurrence'
import { WEEKDAYS } from '../../recurrence/types'

/**
 * The recurrence editor's choices and the `recurrence.rule` text they stand for. The choices say
 * the common rules (daily, weekly on chosen days, monthly on a day of the month or on "the second
 * Tuesday", yearly on the start's date; every N; ending never, after N times or on a date); a rule
 * they cannot say opens as custom text, kept as it was written. Extra and excluded dates are
 * edited beside the choices and pass through unchanged.
 */

export type Repeat = 'none' | 'daily' | 'weekly' | 'monthly' | 'yearly' | 'custom'
export type MonthlyBy = 'monthDay' | 'nthWeekday'
export type Ending = 'never' | 'count' | 'until'

export interface EditorState {
  repeat: Repeat
  /** Every `interval` days, weeks, months or years: 1 or more. */
  interval: number
  /** A weekly rule's days, in week order. */
  weekdays: Weekday[]
  monthlyBy: MonthlyBy
  /** A monthly rule's day of the month: 1..31, or -1 for its last day. */
  monthDay: number
  /** A monthly rule's "the second Tuesday": 1..5, or -1 for the last. */
  ordinal: number
  ordinalWeekday: Weekday
  ending: Ending
  count: number
  /** The last day an occurrence may start, `YYYY-MM-DD` in the event's zone. */
  until: string
  /** The rule text of a custom rule, as the editor wrote it. */
  custom: string
}

/** The bounds the editor's number inputs offer; the server's own (COUNT ≤ 1,000) are `checkRecurrence`'s. */
export const MAX_INTERVAL = 999

/** The days of the month a monthly rule's choices offer: the 1st to the 31st, and the last. */
export const MONTH_DAYS = [...Array.from({ length: 31 }, (_, index) => index + 1), -1]

/** The ordinals "the second Tuesday" offers: first to fifth, and the last. */
export const ORDINALS = [1, 2, 3, 4, 5, -1]

const dateParts = (start: string): { year: number; month: number; day: number } => {
  const [year, month, day] = start.slice(0, 10).split('-').map(Number)
  return { year, month, day }
}

/** The weekday of a `YYYY-MM-DD…` value. */
export function weekdayOf(start: string): Weekday {
  const { year, month, day } = dateParts(start)
  return WEEKDAYS[(new Date(Date.UTC(year, month - 1, day)).getUTCDay() + 6) % 7]
}

/** Which of its month's weekdays a date is: 1..4, or -1 when it is the last (the fifth, or a fourth with no fifth). */
export function ordinalOf(start: string): number {
  const { year, month, day } = dateParts(start)
  const daysInMonth = new Date(Date.UTC(year, month, 0)).getUTCDate()
  return day + 7 > daysInMonth ? -1 : Math.ceil(day / 7)
}

/** The choices an editor sees before choosing: what each repeat means for a series starting at `start`. */
export function defaultState(start: string): EditorState {
  return {
    repeat: 'none',
    interval: 1,
    weekdays: [weekdayOf(start)],
    monthlyBy: 'monthDay',
    monthDay: dateParts(start).day,
    ordinal: ordinalOf(start),
    ordinalWeekday: weekdayOf(start),
    ending: 'never',
    count: 10,
    until: '',
    custom: '',
  }
}

const FREQ: Record<Exclude<Repeat, 'none' | 'custom'>, string> = {
  daily: 'DAILY',
  weekly: 'WEEKLY',
  monthly: 'MONTHLY',
  yearly: 'YEARLY',
}
const REPEAT_OF: Record<RecurrenceRule['freq'], Exclude<Repeat, 'none' | 'custom'>> = {
  DAILY: 'daily',
  WEEKLY: 'weekly',
  MONTHLY: 'monthly',
  YEARLY: 'yearly',
}

const inWeekOrder = (days: readonly Weekday[]): Weekday[] =>
  WEEKDAYS.filter((day) => days.includes(day))

/**
 * The `recurrence.rule` value the choices stand for: `FREQ=WEEKLY;BYDAY=MO,WE;COUNT=6`, or '' when
 * the event does not repeat. An end date is written as a date, which the rule reads as the end of
 * that day in the event's zone (./../../recurrence/parse.ts), so it means the same day if the zone changes.
 */
export function ruleOfState(state: EditorState): string {
  if (state.repeat === 'none') return ''
  if (state.repeat === 'custom') return state.custom.trim().replace(/^RRULE:/i, '')
  const parts = [`FREQ=${FREQ[state.repeat]}`]
  if (state.interval !== 1) parts.push(`INTERVAL=${state.interval}`)
  if (state.repeat === 'weekly') parts.push(`BYDAY=${inWeekOrder(state.weekdays).join(',')}`)
  if (state.repeat === 'monthly') {
    parts.push(
      state.monthlyBy === 'monthDay'
        ? `BYMONTHDAY=${state.monthDay}`
        : `BYDAY=${state.ordinal}${state.ordinalWeekday}`,
    )
  }
  if (state.ending === 'count') parts.push(`COUNT=${state.count}`)
  if (state.ending === 'until' && state.until)
    parts.push(`UNTIL=${state.until.replaceAll('-', '')}`)
  return parts.join(';')
}

/** The end date a rule's `UNTIL` is, when it is the end of a day (as the editor writes it); undefined otherwise. */
function untilDate(until: string, series: SeriesStart): string | undefined {
  if (series.allDay) return until
  return until.endsWith('T23:59:59') ? until.slice(0, 10) : undefined
}

/** The choices a parsed rule is, or undefined when they cannot say it. */
function choicesOf(rule: RecurrenceRule, series: SeriesStart): EditorState | undefined {
  const state: EditorState = {
    ...defaultState(series.start),
    repeat: REPEAT_OF[rule.freq],
    interval: rule.interval,
  }
  if (rule.bySetPos || rule.byMonth || (rule.weekStart && rule.weekStart !== 'MO')) return undefined
  if (rule.interval < 1 || rule.interval > MAX_INTERVAL) return undefined
  const { byDay, byMonthDay } = rule
  switch (rule.freq) {
    case 'DAILY':
    case 'YEARLY':
      if (byDay || byMonthDay) return undefined
      break
    case 'WEEKLY':
      if (byMonthDay || byDay?.some((day) => day.ordinal !== undefined)) return undefined
      // Without BYDAY a weekly rule repeats on the start's weekday.
      if (byDay) state.weekdays = inWeekOrder(byDay.map((day) => day.weekday))
      if (byDay && state.weekdays.length !== byDay.length) return undefined
      break
    case 'MONTHLY':
      if (byDay && byMonthDay) return undefined
      if (byMonthDay) {
        if (byMonthDay.length !== 1 || !MONTH_DAYS.includes(byMonthDay[0])) return undefined
        state.monthDay = byMonthDay[0]
      } else if (byDay) {
        const [day] = byDay
        if (byDay.length !== 1 || day.ordinal === undefined || !ORDINALS.includes(day.ordinal))
          return undefined
        state.monthlyBy = 'nthWeekday'
        state.ordinal = day.ordinal
        state.ordinalWeekday = day.weekday
      }
      // Without either, a monthly rule repeats on the start's day of the month: the default's.
      break
  }
  if (rule.count !== undefined) {
    state.ending = 'count'
    state.count = rule.count
  } else if (rule.until !== undefined) {
    const date = untilDate(rule.until, series)
    if (!date) return undefined
    state.ending = 'until'
    state.until = date
  }
  return state
}

/**
 * The choices a stored `recurrence.rule` is for a series starting at `series`: 'none' when empty,
 * 'custom' (with the text as written) when the choices cannot say it or it cannot be read (the
 * editor then sees why, from `checkRecurrence`).
 */
export function stateOfRule(text: string | null | undefined, series: SeriesStart): EditorState {
  const written = (text ?? '').trim()
  const state = defaultState(series.start)
  if (written === '') return state
  let rule: RecurrenceRule
  try {
    rule = parseRule(written, series)
  } catch (error) {
    if (error instanceof RecurrenceError) return { ...state, repeat: 'custom', custom: written }
    throw error
  }
  return choicesOf(rule, series) ?? { ...state, repeat: 'custom', custom: written }
}

/**
 * The series an event's form describes, read as the server reads it (`seriesStartOf`): its start
 * as a wall-clock value in the event's zone, or its date when all-day. Undefined until the form
 * has a start and a zone a series can follow.
 */
export function seriesOfForm(
  startDate: string | null | undefined,
  timezone: string | null | undefined,
  allDay: boolean,
): SeriesStart | undefined {
  try {
    return seriesStartOf({ startDate, timezone, allDay })
  } catch (error) {
    if (error instanceof RecurrenceError) return undefined
    throw error
  }
}
