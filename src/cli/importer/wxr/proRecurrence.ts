import type { Recurrence, RecurrenceRule, SeriesStart, Weekday } from '../../../recurrence/types'

import { formatRule } from '../../../recurrence/index'
import { WEEKDAYS } from '../../../recurrence/types'

/**
 * The Events Calendar Pro 5.8's `_EventRecurrence` post meta (docs/recurrence.md, "Pro 5.8: one
 * post per occurrence") as our recurrence: its one repeating rule as an RRULE, its `Date` rules as
 * RDATEs, its `Date` exclusions as EXDATEs. What an event here cannot carry (two repeating rules,
 * a rule with times of its own, an exclusion by rule, a value this does not know) is `unsayable`,
 * with the reason, and the series is imported as its occurrences instead.
 */
export type ProRecurrence =
  { recurrence: Recurrence & { ruleText: string } } | { unsayable: string }

type Meta = Record<string, unknown>

const ORDINALS: Record<string, number> = {
  fifth: 5,
  first: 1,
  fourth: 4,
  last: -1,
  second: 2,
  third: 3,
}
const SIMPLE: Record<string, RecurrenceRule['freq']> = {
  'every day': 'DAILY',
  'every month': 'MONTHLY',
  'every week': 'WEEKLY',
  'every year': 'YEARLY',
}
const CUSTOM: Record<string, RecurrenceRule['freq']> = {
  daily: 'DAILY',
  monthly: 'MONTHLY',
  weekly: 'WEEKLY',
  yearly: 'YEARLY',
}
/** Pro's `month.day` for "day" rather than a weekday: `Last` with it is the month's last day. */
const ANY_DAY = 8

class Unsayable extends Error {}

/**
 * `meta` is the unserialized `_EventRecurrence`; `series` the first event's start (its `DTSTART`),
 * `firstEnd` its end, a wall-clock value in the same zone (`YYYY-MM-DDTHH:mm:ss`).
 */
export function recurrenceFromPro(
  meta: unknown,
  series: SeriesStart,
  firstEnd: string,
): ProRecurrence {
  try {
    if (!isObject(meta)) throw new Unsayable('its recurrence meta is not an array')
    const repeating: Meta[] = []
    const rdates: string[] = []
    listOf(meta.rules).forEach((value, index) => {
      const rule = asRule(value, `rule ${index + 1}`)
      checkTimes(rule, series, firstEnd, `rule ${index + 1}`)
      const date = dateOf(rule)
      if (date !== undefined) rdates.push(atStartTime(date, series))
      else repeating.push(rule)
    })
    if (repeating.length > 1)
      throw new Unsayable(`it has ${repeating.length} repeating rules, and an event here has one`)
    const exdates = listOf(meta.exclusions).map((value, index) => {
      const exclusion = asRule(value, `exclusion ${index + 1}`)
      const date = dateOf(exclusion)
      if (date === undefined)
        throw new Unsayable(
          `exclusion ${index + 1} excludes by a rule (${describe(exclusion)}), and an event here excludes dates only`,
        )
      return atStartTime(date, series)
    })
    const rule = repeating[0] ? ruleOf(repeating[0], series) : undefined
    if (!rule && !rdates.length) throw new Unsayable('its recurrence meta has no rule')
    return {
      recurrence: {
        exdates: [...new Set(exdates)].sort(),
        rdates: [...new Set(rdates)].sort(),
        rule,
        ruleText: rule ? formatRule(rule, series) : '',
      },
    }
  } catch (error) {
    if (error instanceof Unsayable) return { unsayable: error.message }
    throw error
  }
}

function ruleOf(meta: Meta, series: SeriesStart): RecurrenceRule {
  const type = text(meta.type).toLowerCase()
  const custom = isObject(meta.custom) ? meta.custom : {}
  const freq =
    SIMPLE[type] ?? (type === 'custom' ? CUSTOM[text(custom.type).toLowerCase()] : undefined)
  if (!freq) throw new Unsayable(`its rule type "${describe(meta)}" is not one Pro 5.8 writes`)
  const rule: RecurrenceRule = { freq, interval: 1 }
  if (type === 'custom') {
    const interval = text(custom.interval) === '' ? 1 : Number(text(custom.interval))
    if (!Number.isInteger(interval) || interval < 1)
      throw new Unsayable(`its interval "${text(custom.interval)}" is not a whole number from 1`)
    rule.interval = interval
    if (freq === 'WEEKLY') {
      const days = listOf(field(custom.week, 'day')).map((day) => weekday(day))
      if (days.length) rule.byDay = [...new Set(days)].map((day) => ({ weekday: day }))
    }
    if (freq === 'MONTHLY') Object.assign(rule, dayInPeriod(field(custom, 'month')))
    if (freq === 'YEARLY') {
      const year = field(custom, 'year')
      const months = listOf(field(year, 'month')).map(Number)
      if (months.some((month) => !Number.isInteger(month) || month < 1 || month > 12))
        throw new Unsayable(`its months (${months.join(', ')}) are not months 1 to 12`)
      if (months.length) rule.byMonth = [...new Set(months)].sort((a, b) => a - b)
      Object.assign(rule, dayInPeriod(year))
    }
  }
  const endType = text(meta['end-type']).toLowerCase()
  if (endType === 'after') {
    // Pro counts the first event among the N (Meta.php subtracts it for the children it makes), as COUNT does.
    const count = Number(text(meta['end-count']))
    if (!Number.isInteger(count) || count < 1)
      throw new Unsayable(`its end "After ${text(meta['end-count'])}" is not a whole number from 1`)
    rule.count = count
  } else if (endType === 'on') {
    const end = /^\d{4}-\d{2}-\d{2}/.exec(text(meta.end))?.[0]
    if (!end) throw new Unsayable(`its end date "${text(meta.end)}" is not a date`)
    // The last occurrence may start at any time of that day.
    rule.until = series.allDay ? end : `${end}T23:59:59`
  } else if (endType !== 'never' && endType !== '')
    throw new Unsayable(`its end type "${text(meta['end-type'])}" is not On, After or Never`)
  return rule
}

/** `month` or `year` of a custom rule: a day number, or the first…fifth or last weekday (or day) of the month. */
function dayInPeriod(period: unknown): Pick<RecurrenceRule, 'byDay' | 'byMonthDay'> {
  if (!isObject(period) || text(period['same-day']).toLowerCase() === 'yes') return {}
  const number = text(period.number)
  if (number === '') return {}
  if (/^\d+$/.test(number)) {
    const day = Number(number)
    if (day < 1 || day > 31) throw new Unsayable(`its day of the month ${number} is not 1 to 31`)
    return { byMonthDay: [day] }
  }
  const ordinal = ORDINALS[number.toLowerCase()]
  if (ordinal === undefined) throw new Unsayable(`its "${number}" is not First…Fifth or Last`)
  const day = Number(text(period.day))
  if (day === ANY_DAY) return { byMonthDay: [ordinal] }
  return { byDay: [{ ordinal, weekday: weekday(period.day) }] }
}

/** The date of a `Date` rule or exclusion (`type: Date`, or `Custom` with `custom.type: Date`); undefined for a repeating one. */
function dateOf(meta: Meta): string | undefined {
  const custom = isObject(meta.custom) ? meta.custom : {}
  const isDate =
    text(meta.type).toLowerCase() === 'date' ||
    (text(meta.type).toLowerCase() === 'custom' && text(custom.type).toLowerCase() === 'date')
  if (!isDate) return undefined
  const value = text(field(custom.date, 'date') ?? field(meta.date, 'date') ?? meta.date)
  const date = /^\d{4}-\d{2}-\d{2}/.exec(value)?.[0]
  if (!date) throw new Unsayable(`its date "${value}" is not a date`)
  return date
}

/** A date at the series' start time: Pro's `Date` rules keep the event's time unless they give their own. */
function atStartTime(date: string, series: SeriesStart): string {
  return series.allDay ? date : `${date}T${series.start.slice(11)}`
}

/**
 * A rule with `same-time: no` gives its occurrences times of their own: said here only when they
 * are the first event's anyway, since an event's occurrences all share its time and duration.
 */
function checkTimes(meta: Meta, series: SeriesStart, firstEnd: string, where: string) {
  const custom = isObject(meta.custom) ? meta.custom : {}
  if (text(custom['same-time']).toLowerCase() !== 'no' || series.allDay) return
  const start = clockTime(custom['start-time'])
  const end = clockTime(custom['end-time'])
  const endDay = dayOffset(custom['end-day'])
  const firstDays = Math.round(
    (Date.parse(`${firstEnd.slice(0, 10)}T00:00:00Z`) -
      Date.parse(`${series.start.slice(0, 10)}T00:00:00Z`)) /
      86_400_000,
  )
  if (
    start !== series.start.slice(11) ||
    end !== firstEnd.slice(11) ||
    (endDay !== undefined && endDay !== firstDays)
  )
    throw new Unsayable(
      `${where} has times of its own (${text(custom['start-time'])} to ${text(custom['end-time'])}), and an event's occurrences share its times`,
    )
}

/** `18:00`, `18:00:00`, `6:00pm` as `18:00:00`; null when unreadable. */
function clockTime(value: unknown): null | string {
  const match = /^(\d{1,2}):(\d{2})(?::(\d{2}))?\s*([ap]m)?$/i.exec(text(value).trim())
  if (!match) return null
  let hour = Number(match[1])
  if (match[4]) hour = (hour % 12) + (match[4].toLowerCase() === 'pm' ? 12 : 0)
  return `${String(hour).padStart(2, '0')}:${match[2]}:${match[3] ?? '00'}`
}

/** Pro's `end-day`: the same day, the next, or a number of days after the start. */
function dayOffset(value: unknown): number | undefined {
  const day = text(value)
    .toLowerCase()
    .replace(/[\s_-]+/g, ' ')
    .trim()
  if (day === '' || day === 'same day') return day === '' ? undefined : 0
  if (day === 'next day') return 1
  return /^\d+$/.test(day) ? Number(day) : NaN
}

function weekday(value: unknown): Weekday {
  const day = Number(text(value))
  if (!Number.isInteger(day) || day < 1 || day > 7)
    throw new Unsayable(`its weekday "${text(value)}" is not 1 (Monday) to 7 (Sunday)`)
  return WEEKDAYS[day - 1]!
}

function asRule(value: unknown, where: string): Meta {
  if (!isObject(value)) throw new Unsayable(`its ${where} is not an array`)
  return value
}

/** How a rule reads in messages: its type, and its custom type when it has one. */
function describe(meta: Meta): string {
  const custom = isObject(meta.custom) ? text(meta.custom.type) : ''
  return [text(meta.type), custom].filter(Boolean).join(' ') || 'untyped'
}

const isObject = (value: unknown): value is Meta =>
  typeof value === 'object' && value !== null && !Array.isArray(value)
/** A PHP array as a list: a list stays one, an array with keys gives its values in order. */
const listOf = (value: unknown): unknown[] =>
  Array.isArray(value) ? value : isObject(value) ? Object.values(value) : []
/** An own property only: a key such as `__proto__` in the data is never read through the prototype. */
const field = (value: unknown, name: string): unknown =>
  isObject(value) && Object.hasOwn(value, name) ? value[name] : undefined
const text = (value: unknown): string =>
  typeof value === 'string' ? value : typeof value === 'number' ? String(value) : ''
