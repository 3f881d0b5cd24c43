import { processRegion } from '../calendar/cache/registry'
import { formatWallTime, timezoneAbbreviation, type WallTime } from './phpDate'
import { isEventTimeZone } from './timezone'

/*
 * `formatWallTime` and `timezoneAbbreviation` as serializers call them: many times per response,
 * mostly for the same few instants (an event list shows the same events again and again, with
 * their venues and organizers). UTC is formatted directly; other zones go through luxon and Intl
 * once per instant and zone, then are remembered.
 */

const YEAR_1000 = Date.UTC(1000, 0, 1)
const YEAR_10000 = Date.UTC(10000, 0, 1)

const wallTimes = processRegion<WallTime>('wall-times', { maxEntries: 20_000 })
const abbreviations = processRegion<string>('zone-abbreviations', { maxEntries: 20_000 })

/** Same as `formatWallTime` (phpDate.ts). */
export function wallTime(instant: Date, timeZone: string): WallTime {
  const time = instant.getTime()
  if (timeZone === 'UTC' && time >= YEAR_1000 && time < YEAR_10000) {
    const iso = instant.toISOString()
    return `${iso.slice(0, 10)} ${iso.slice(11, 19)}`
  }
  if (Number.isNaN(time)) return formatWallTime(instant, timeZone)
  return wallTimes.remember(`${timeZone} ${time}`, () => formatWallTime(instant, timeZone))
}

/** Same as `timezoneAbbreviation` (phpDate.ts). */
export function zoneAbbreviation(instant: Date, timeZone: string): string {
  const time = instant.getTime()
  if (Number.isNaN(time)) return timezoneAbbreviation(instant, timeZone)
  return abbreviations.remember(`${timeZone} ${time}`, () =>
    timezoneAbbreviation(instant, timeZone),
  )
}

/** An instant as the wall time of a zone, `YYYY-MM-DD HH:MM:SS`: text that sorts as time does. */
export function localWallTime(instant: Date | string, timezone: string): null | string {
  const date = new Date(instant)
  return Number.isNaN(date.getTime()) || !isEventTimeZone(timezone)
    ? null
    : wallTime(date, timezone)
}
