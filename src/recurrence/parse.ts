import type {
  Frequency,
  Recurrence,
  RecurrenceRule,
  SeriesStart,
  Weekday,
  WeekdayNum,
} from './types'

import { isWithinDateRange } from '../lib/dateRange'
import { RecurrenceError } from './errors'
import { MAX_TEXT_LENGTH } from './limits'
import { FREQUENCIES, WEEKDAYS } from './types'
import { checkRecurrence } from './validate'
import { fromIcal, instantToWall } from './wallTime'

/** The rule parts the product offers; any other (BYHOUR, BYWEEKNO, RSCALE…) is refused by name. */
const KNOWN_PARTS = new Set([
  'FREQ',
  'INTERVAL',
  'BYDAY',
  'BYMONTHDAY',
  'BYMONTH',
  'BYSETPOS',
  'WKST',
  'COUNT',
  'UNTIL',
])

const unreadable = (field: string, message: string): RecurrenceError =>
  new RecurrenceError(field, 'unreadable', message)

function wholeNumber(field: string, text: string): number {
  if (!/^[+-]?\d{1,9}$/.test(text))
    throw unreadable(field, `${field} must be a whole number; got "${text}".`)
  return Number(text)
}

const numberList = (field: string, text: string): number[] =>
  text.split(',').map((item, index) => wholeNumber(`${field}[${index}]`, item))

function weekdayNum(field: string, text: string): WeekdayNum {
  const match = /^([+-]?\d{1,2})?(MO|TU|WE|TH|FR|SA|SU)$/.exec(text)
  if (!match)
    throw unreadable(
      field,
      `${field} (BYDAY) must be a weekday such as MO, 1MO or -1FR; got "${text}".`,
    )
  return match[1] === undefined
    ? { weekday: match[2] as Weekday }
    : { weekday: match[2] as Weekday, ordinal: Number(match[1]) }
}

/**
 * The value of an `RRULE` line (`FREQ=MONTHLY;BYDAY=-1FR;COUNT=6`) as a typed rule for `series`.
 * An `UNTIL` in UTC becomes the wall-clock time it is in the series' zone. Only the syntax is
 * checked here; ranges and bounds are `checkRecurrence`'s (./validate.ts), which `parseRecurrence`
 * and `expandRecurrence` run.
 */
export function parseRule(text: string, series: SeriesStart): RecurrenceRule {
  const parts = new Map<string, string>()
  for (const part of text
    .trim()
    .replace(/^RRULE:/i, '')
    .split(';')) {
    const match = /^([A-Za-z-]+)=(.+)$/.exec(part)
    if (!match)
      throw unreadable(
        'rule',
        `The rule cannot be read: "${part}" is not NAME=VALUE (in "${text}").`,
      )
    const name = match[1].toUpperCase()
    if (!KNOWN_PARTS.has(name))
      throw new RecurrenceError(
        'rule',
        'unsupported',
        `The rule part ${name} is not supported; use FREQ, INTERVAL, BYDAY, BYMONTHDAY, BYMONTH, BYSETPOS, WKST, COUNT or UNTIL.`,
      )
    if (parts.has(name)) throw unreadable('rule', `The rule names ${name} twice.`)
    parts.set(name, match[2].toUpperCase())
  }
  const freq = parts.get('FREQ')
  if (freq === undefined) throw unreadable('rule.freq', 'The rule has no FREQ.')
  if (!(FREQUENCIES as readonly string[]).includes(freq)) {
    throw new RecurrenceError(
      'rule.freq',
      'unsupported',
      `rule.freq (FREQ) must be one of ${FREQUENCIES.join(', ')}; got ${freq}.`,
    )
  }
  const rule: RecurrenceRule = { freq: freq as Frequency, interval: 1 }
  const interval = parts.get('INTERVAL')
  if (interval !== undefined) rule.interval = wholeNumber('rule.interval', interval)
  const byDay = parts.get('BYDAY')
  if (byDay !== undefined)
    rule.byDay = byDay.split(',').map((item, index) => weekdayNum(`rule.byDay[${index}]`, item))
  const byMonthDay = parts.get('BYMONTHDAY')
  if (byMonthDay !== undefined) rule.byMonthDay = numberList('rule.byMonthDay', byMonthDay)
  const byMonth = parts.get('BYMONTH')
  if (byMonth !== undefined) rule.byMonth = numberList('rule.byMonth', byMonth)
  const bySetPos = parts.get('BYSETPOS')
  if (bySetPos !== undefined) rule.bySetPos = numberList('rule.bySetPos', bySetPos)
  const weekStart = parts.get('WKST')
  if (weekStart !== undefined) {
    if (!(WEEKDAYS as readonly string[]).includes(weekStart))
      throw unreadable(
        'rule.weekStart',
        `rule.weekStart (WKST) must be a weekday such as MO; got ${weekStart}.`,
      )
    rule.weekStart = weekStart as Weekday
  }
  const count = parts.get('COUNT')
  if (count !== undefined) rule.count = wholeNumber('rule.count', count)
  const until = parts.get('UNTIL')
  if (until !== undefined) rule.until = untilValue(until, series)
  return rule
}

function untilValue(text: string, series: SeriesStart): string {
  const value = fromIcal(text)
  if (!value)
    throw unreadable(
      'rule.until',
      `rule.until (UNTIL) must be a date (20270630) or a UTC time (20270630T130000Z); got ${text}.`,
    )
  if (series.allDay) {
    if (!value.allDay)
      throw unreadable(
        'rule.until',
        `rule.until (UNTIL) of an all-day event must be a date such as 20270630; got ${text}.`,
      )
    return value.value
  }
  // RFC 5545 wants UTC here; a date alone is read as the end of that day, as most writers mean it.
  if (value.allDay) return `${value.value}T23:59:59`
  if (!value.utc) return value.value
  const instant = new Date(`${value.value}Z`)
  // Outside the stored years no zone's wall time can be written (year 0 has none).
  if (!isWithinDateRange(instant))
    throw new RecurrenceError(
      'rule.until',
      'out_of_range',
      `rule.until (UNTIL) must be between the years 1 and 9999; got ${text}.`,
    )
  return instantToWall(instant, series.timeZone)
}

interface ContentLine {
  name: string
  params: Map<string, string>
  value: string
}

/** RFC 5545 content lines, unfolded (a line break followed by a space or tab continues the line). */
function contentLines(text: string): ContentLine[] {
  return text
    .replace(/\r?\n[ \t]/g, '')
    .split(/\r?\n/)
    .filter((line) => line.trim() !== '')
    .map((line) => {
      const match = /^([A-Za-z-]+)((?:;[A-Za-z-]+=[^;:]*)*):(.*)$/.exec(line.trim())
      if (!match)
        throw unreadable(
          'rule',
          `The recurrence cannot be read: "${line}" is not an RFC 5545 line.`,
        )
      const params = new Map<string, string>()
      for (const param of match[2].split(';').slice(1)) {
        const [key, value] = param.split('=')
        params.set(key.toUpperCase(), value)
      }
      return { name: match[1].toUpperCase(), params, value: match[3].trim() }
    })
}

function seriesOf(line: ContentLine): SeriesStart {
  const value = fromIcal(line.value)
  if (!value) throw unreadable('start', `DTSTART must be a date or a date-time; got ${line.value}.`)
  if (value.allDay)
    return { start: value.value, timeZone: line.params.get('TZID') ?? 'UTC', allDay: true }
  if (value.utc) return { start: value.value, timeZone: 'UTC', allDay: false }
  const timeZone = line.params.get('TZID')
  if (!timeZone)
    throw unreadable(
      'start',
      'DTSTART needs a TZID (or a UTC time): a floating time has no zone to expand in.',
    )
  return { start: value.value, timeZone, allDay: false }
}

/**
 * `RDATE` / `EXDATE` values, which must be written in the series' zone (`TZID` equal to the
 * `DTSTART`'s, or `VALUE=DATE` for an all-day series); a UTC value in a zoned series is another zone.
 */
function datesOf(
  line: ContentLine,
  key: 'rdates' | 'exdates',
  offset: number,
  series: SeriesStart,
): string[] {
  const zone = line.params.get('TZID')
  return line.value.split(',').map((text, index) => {
    const field = `${key}[${offset + index}]`
    const value = fromIcal(text)
    if (!value) throw unreadable(field, `${field} must be a date or a date-time; got ${text}.`)
    if (value.allDay !== series.allDay) {
      throw unreadable(
        field,
        `${field} must be ${series.allDay ? 'a date: the event is all-day' : 'a date-time: the event is not all-day'}; got ${text}.`,
      )
    }
    const written = value.utc ? 'UTC' : (zone ?? (series.allDay ? series.timeZone : undefined))
    if (!series.allDay && written !== series.timeZone) {
      throw new RecurrenceError(
        field,
        'other_zone',
        `${field} is written in ${written ?? 'no zone'}, not in the event's zone ${series.timeZone}.`,
      )
    }
    return value.value
  })
}

/**
 * An RFC 5545 recurrence (`DTSTART` then `RRULE`, `RDATE`, `EXDATE` lines), as a checked series
 * start and recurrence. `EXRULE`, deprecated by RFC 5545, and any other line are refused.
 */
export function parseRecurrence(text: string): { series: SeriesStart; recurrence: Recurrence } {
  if (text.length > MAX_TEXT_LENGTH) {
    throw new RecurrenceError(
      'rule',
      'too_long',
      `The recurrence text may be at most ${MAX_TEXT_LENGTH.toLocaleString('en')} characters long; got ${text.length.toLocaleString('en')}.`,
    )
  }
  const lines = contentLines(text)
  const dtstart = lines.filter((line) => line.name === 'DTSTART')
  if (dtstart.length !== 1)
    throw unreadable('start', 'The recurrence needs exactly one DTSTART line.')
  const series = seriesOf(dtstart[0])
  const recurrence: Recurrence = { rdates: [], exdates: [] }
  for (const line of lines) {
    if (line.name === 'DTSTART') continue
    if (line.name === 'RRULE') {
      if (recurrence.rule)
        throw unreadable('rule', 'The recurrence has more than one RRULE; a series has one rule.')
      recurrence.rule = parseRule(line.value, series)
    } else if (line.name === 'RDATE') {
      recurrence.rdates.push(...datesOf(line, 'rdates', recurrence.rdates.length, series))
    } else if (line.name === 'EXDATE') {
      recurrence.exdates.push(...datesOf(line, 'exdates', recurrence.exdates.length, series))
    } else {
      throw new RecurrenceError(
        'rule',
        'unsupported',
        `The line ${line.name} is not part of a recurrence the product keeps (DTSTART, RRULE, RDATE, EXDATE).`,
      )
    }
  }
  checkRecurrence(series, recurrence)
  return { series, recurrence }
}
