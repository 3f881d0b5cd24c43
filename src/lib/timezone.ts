import { guessedZoneOf, isManualOffset } from './utcOffsets'

/** IANA names the runtime knows, plus `UTC`, which `Intl.supportedValuesOf` leaves out. */
export const TIME_ZONES: readonly string[] = Array.from(
  new Set(['UTC', ...Intl.supportedValuesOf('timeZone')]),
).sort()

const known = new Set(TIME_ZONES)

export function isValidTimeZone(name: unknown): name is string {
  if (typeof name !== 'string' || name === '') return false
  if (known.has(name)) return true
  // Links such as `US/Eastern` are valid IANA names that the list above does not enumerate; PHP,
  // as the original, reads names in any case (`america/new_york`, `utc`).
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: name })
    return name.includes('/') || name.toUpperCase() === 'UTC'
  } catch {
    return false
  }
}

const canonicalNames = new Map<string, string>()
/** Names kept with their canonical spelling at most (the runtime knows about 600 zones). */
const MAX_KEPT_NAMES = 2000

/**
 * A zone's name as iCalendar writes it: an IANA name in its own letters (`utc` is `UTC`,
 * `america/new_york` is `America/New_York`), which an event may be saved with as the original takes
 * names in any case; an offset as it is. A feed's TZIDs, its VTIMEZONEs and its choice of UTC for
 * `UTC` compare names by their letters.
 */
export function feedZoneName(name: string): string {
  if (isFixedOffset(name) || known.has(name)) return name
  let canonical = canonicalNames.get(name)
  if (canonical === undefined) {
    try {
      canonical = new Intl.DateTimeFormat('en-US', { timeZone: name }).resolvedOptions().timeZone
    } catch {
      canonical = name
    }
    if (canonicalNames.size < MAX_KEPT_NAMES) canonicalNames.set(name, canonical)
  }
  return canonical
}

/** WordPress's manual UTC offsets (`UTC+2`, `UTC-5:30`, `UTC+5.75`), read as the original reads them (./utcOffsets.ts). */
export const isUtcOffset = isManualOffset

/** PHP's own offset zones (`+02:00`, `-0530`), which the original also takes as a timezone. */
const PHP_OFFSET = /^([+-])(\d{2}):?([0-5]\d)$/

export function isPhpOffset(name: unknown): name is string {
  const match = typeof name === 'string' ? PHP_OFFSET.exec(name) : null
  return Boolean(match) && Number(match![2]) * 60 + Number(match![3]) <= 14 * 60
}

/** A zone written as an offset: a manual UTC offset or a PHP offset. */
export const isFixedOffset = (name: unknown): name is string =>
  isUtcOffset(name) || isPhpOffset(name)

/**
 * An event's timezone as the date library reads it: a manual UTC offset becomes the zone the
 * original guesses for it (`UTC+2` is Europe/Helsinki, with its summer time), a PHP offset stays
 * that offset (`+02:00` → `UTC+2:00`), a name stays.
 */
export function zoneOf(name: string): string {
  if (isManualOffset(name)) return guessedZoneOf(name)
  const php = PHP_OFFSET.exec(name)
  if (php) return `UTC${php[1]}${Number(php[2])}:${php[3]}`
  return name
}

/** How the original abbreviates an offset zone: a manual offset as given, a PHP offset as `GMT+0200`. */
export function offsetAbbreviation(name: string): string {
  const php = PHP_OFFSET.exec(name)
  return php ? `GMT${php[1]}${php[2]}${php[3]}` : name
}

/** What an event's timezone may be: an IANA name, a manual UTC offset or a PHP offset. */
export const isEventTimeZone = (name: unknown): name is string =>
  isValidTimeZone(name) || isFixedOffset(name)
