/**
 * The instants the calendar stores and shows: those whose wall time has a four-digit year
 * (0001-9999) in every time zone, i.e. from 0001-01-02 to 9999-12-30 UTC (zones are at most
 * 14 hours from UTC). Dates are written as 'YYYY-MM-DD HH:MM:SS' wall times by the compatibility
 * API, as MySQL and WordPress write them, and as ISO strings with four-digit years by Payload to
 * Postgres, which reads neither a year 0 or below ("-000001-…") nor one of five digits; outside
 * this range a date cannot go through either, so it is refused where it comes in.
 */
export const EARLIEST_INSTANT = new Date('0001-01-02T00:00:00Z').getTime()
export const LATEST_INSTANT = new Date('9999-12-30T23:59:59.999Z').getTime()

export function isWithinDateRange(instant: Date): boolean {
  const time = instant.getTime()
  return time >= EARLIEST_INSTANT && time <= LATEST_INSTANT
}

/**
 * Why a value of a date field cannot be stored, or null when it can (or is empty, which the
 * field's own `required` decides). Strings and Dates only: `false`, numbers or objects are not
 * dates, whatever `new Date()` would make of them.
 */
export function dateValueProblem(value: unknown): null | string {
  if (value === null || value === undefined || value === '') return null
  if (!(typeof value === 'string' || value instanceof Date)) return 'This is not a date.'
  const instant = value instanceof Date ? value : new Date(value)
  if (Number.isNaN(instant.getTime())) return 'This is not a valid date.'
  if (!isWithinDateRange(instant)) return 'The date must be between the years 1 and 9999.'
  return null
}

/** Whether `YYYY-MM-DD` is a day of the calendar: `Date` reads 2027-02-30 as 2 March. */
export function isCalendarDay(day: string): boolean {
  const [year, month, date] = day.split('-').map(Number) as [number, number, number]
  const utc = new Date(Date.UTC(2000, month - 1, date))
  utc.setUTCFullYear(year)
  return utc.getUTCMonth() === month - 1 && utc.getUTCDate() === date
}
