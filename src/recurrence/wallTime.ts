import { DateTime } from 'luxon'

/**
 * Wall-clock values in an event's zone, as `Recurrence` holds them, and their RFC 5545 text
 * (`20270301T090000`, `20270301`).
 */

const LOCAL_DATE_TIME = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2}):(\d{2})$/
const LOCAL_DATE = /^(\d{4})-(\d{2})-(\d{2})$/
const ICAL_DATE_TIME = /^(\d{4})(\d{2})(\d{2})T(\d{2})(\d{2})(\d{2})(Z?)$/
const ICAL_DATE = /^(\d{4})(\d{2})(\d{2})$/

/** True when `value` is a real local date-time (`2027-02-30T09:00:00` is not) or, for all-day, a real date. */
export function isWallValue(value: unknown, allDay: boolean): value is string {
  if (typeof value !== 'string') return false
  const match = (allDay ? LOCAL_DATE : LOCAL_DATE_TIME).exec(value)
  if (!match) return false
  const [year, month, day, hour = 0, minute = 0, second = 0] = match.slice(1).map(Number)
  return DateTime.fromObject({ year, month, day, hour, minute, second }, { zone: 'UTC' }).isValid
}

/** `2027-03-01T09:00:00` → `20270301T090000`; `2027-03-01` → `20270301`. */
export const toIcalWall = (value: string): string => value.replace(/[-:]/g, '')

/** `20270301T090000` → `2027-03-01T09:00:00`, `20270301` → `2027-03-01`; `utc` when the text ended in `Z`. */
export function fromIcal(
  text: string,
): { value: string; utc: boolean; allDay: boolean } | undefined {
  const time = ICAL_DATE_TIME.exec(text)
  if (time) {
    const [, y, mo, d, h, mi, s, z] = time
    return { value: `${y}-${mo}-${d}T${h}:${mi}:${s}`, utc: z === 'Z', allDay: false }
  }
  const date = ICAL_DATE.exec(text)
  if (date) return { value: `${date[1]}-${date[2]}-${date[3]}`, utc: false, allDay: true }
  return undefined
}

/**
 * The instant of a wall-clock value in `zone` (a date: its midnight). A time the zone skips
 * (02:30 on a spring-forward night) moves forward by the gap, as RFC 5545 reads an explicit time.
 */
export function wallToInstant(value: string, zone: string): Date {
  return DateTime.fromISO(value, { zone }).toJSDate()
}

/** Formatters by zone: building one is costly, using one is cheap (a series expands to hundreds of instants). */
const formatters = new Map<string, Intl.DateTimeFormat>()
const FORMATTED = /^(\d{2})\/(\d{2})\/(\d{4}), (\d{2}):(\d{2}):(\d{2})$/

/** The wall-clock time in `zone` of an instant, `YYYY-MM-DDTHH:mm:ss`. */
export function instantToWall(instant: Date | number, zone: string): string {
  let formatter = formatters.get(zone)
  if (!formatter) {
    const options = {
      timeZone: zone,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
    } as const
    formatter = new Intl.DateTimeFormat('en-US', options)
    formatters.set(zone, formatter)
  }
  const [, month, day, year, hour, minute, second] = FORMATTED.exec(formatter.format(instant))!
  return `${year}-${month}-${day}T${hour}:${minute}:${second}`
}

/** `YYYY-MM-DDTHH:mm:ssZ`, the form occurrences carry their instants in. */
export const utcText = (instant: Date): string => instant.toISOString().replace(/\.\d{3}Z$/, 'Z')

/** A wall-clock value (or date) as milliseconds, read as if it were UTC: differences are wall-clock shifts, not elapsed times. */
export const wallMs = (wall: string): number =>
  Date.parse(wall.length === 10 ? `${wall}T00:00:00Z` : `${wall}Z`)

/** `wall` moved by a wall-clock shift of `byMs`, in its own form (a date stays a date). */
export function shiftWall(wall: string, byMs: number): string {
  const text = new Date(wallMs(wall) + byMs).toISOString()
  return wall.length === 10 ? text.slice(0, 10) : text.slice(0, 19)
}
