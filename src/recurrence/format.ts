import type { Recurrence, RecurrenceRule, SeriesStart, WeekdayNum } from './types'

import { toIcalWall, utcText, wallToInstant } from './wallTime'

const byDayText = (day: WeekdayNum): string => `${day.ordinal ?? ''}${day.weekday}`

/**
 * An `UNTIL` as RFC 5545 wants it: a date for an all-day series, otherwise the UTC instant of the
 * wall-clock value (§3.3.10: with a zoned `DTSTART`, `UNTIL` is in UTC).
 */
function untilText(until: string, series: SeriesStart): string {
  if (series.allDay) return toIcalWall(until)
  return toIcalWall(utcText(wallToInstant(until, series.timeZone)))
}

/** The value of an `RRULE` line: `FREQ=WEEKLY;BYDAY=MO,WE;COUNT=12`. */
export function formatRule(rule: RecurrenceRule, series: SeriesStart): string {
  const parts = [`FREQ=${rule.freq}`]
  if (rule.interval !== 1) parts.push(`INTERVAL=${rule.interval}`)
  if (rule.byDay) parts.push(`BYDAY=${rule.byDay.map(byDayText).join(',')}`)
  if (rule.byMonthDay) parts.push(`BYMONTHDAY=${rule.byMonthDay.join(',')}`)
  if (rule.byMonth) parts.push(`BYMONTH=${rule.byMonth.join(',')}`)
  if (rule.bySetPos) parts.push(`BYSETPOS=${rule.bySetPos.join(',')}`)
  if (rule.weekStart) parts.push(`WKST=${rule.weekStart}`)
  if (rule.count !== undefined) parts.push(`COUNT=${rule.count}`)
  if (rule.until !== undefined) parts.push(`UNTIL=${untilText(rule.until, series)}`)
  return parts.join(';')
}

/** The parameters and value of a date property in the series' zone: `;TZID=Europe/Paris:20270301T090000`, `;VALUE=DATE:20270301`. */
export function dateProperty(name: string, values: readonly string[], series: SeriesStart): string {
  const parameter = series.allDay ? ';VALUE=DATE' : `;TZID=${series.timeZone}`
  return `${name}${parameter}:${values.map(toIcalWall).join(',')}`
}

/**
 * The recurrence as RFC 5545 content lines, `DTSTART` first, then `RRULE`, `RDATE` and `EXDATE`
 * (unfolded; a feed folds and ends them with CRLF as it writes its other lines).
 */
export function formatRecurrenceLines(series: SeriesStart, recurrence: Recurrence): string[] {
  const lines = [dateProperty('DTSTART', [series.start], series)]
  if (recurrence.rule) lines.push(`RRULE:${formatRule(recurrence.rule, series)}`)
  if (recurrence.rdates.length > 0) lines.push(dateProperty('RDATE', recurrence.rdates, series))
  if (recurrence.exdates.length > 0) lines.push(dateProperty('EXDATE', recurrence.exdates, series))
  return lines
}

/** `formatRecurrenceLines`, one line each. */
export const formatRecurrence = (series: SeriesStart, recurrence: Recurrence): string =>
  formatRecurrenceLines(series, recurrence).join('\n')
