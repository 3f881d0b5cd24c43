import { formatWallTime, timezoneAbbreviation, type WallTime } from './phpDate'

/*
 * `formatWallTime` and `timezoneAbbreviation` as serializers call them: many times per response,
 * mostly for the same few instants (an event list shows the same events again and again, with
 * their venues and organizers). UTC is formatted directly; other zones go through luxon and Intl
 * once per instant and zone, then are remembered.
 */

const MAX_ENTRIES = 20_000
const YEAR_1000 = Date.UTC(1000, 0, 1)
const YEAR_10000 = Date.UTC(10000, 0, 1)

const wallTimes = new Map<string, WallTime>()
const abbreviations = new Map<string, string>()

function remember<T>(cache: Map<string, T>, key: string, compute: () => T): T {
  const known = cache.get(key)
  if (known !== undefined) return known
  const value = compute()
  cache.set(key, value)
  // Oldest first out: simple, and enough for values that never change.
  if (cache.size > MAX_ENTRIES) cache.delete(cache.keys().next().value!)
  return value
}

/** Same as `formatWallTime` (phpDate.ts). */
export function wallTime(instant: Date, timeZone: string): WallTime {
  const time = instant.getTime()
  if (timeZone === 'UTC' && time >= YEAR_1000 && time < YEAR_10000) {
    const iso = instant.toISOString()
    return `${iso.slice(0, 10)} ${iso.slice(11, 19)}`
  }
  if (Number.isNaN(time)) return formatWallTime(instant, timeZone)
  return remember(wallTimes, `${timeZone} ${time}`, () => formatWallTime(instant, timeZone))
}

/** Same as `timezoneAbbreviation` (phpDate.ts). */
export function zoneAbbreviation(instant: Date, timeZone: string): string {
  const time = instant.getTime()
  if (Number.isNaN(time)) return timezoneAbbreviation(instant, timeZone)
  return remember(abbreviations, `${timeZone} ${time}`, () => timezoneAbbreviation(instant, timeZone))
}
