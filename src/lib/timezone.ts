/** IANA names the runtime knows, plus `UTC`, which `Intl.supportedValuesOf` leaves out. */
export const TIME_ZONES: readonly string[] = Array.from(
  new Set(['UTC', ...Intl.supportedValuesOf('timeZone')]),
).sort()

const known = new Set(TIME_ZONES)

export function isValidTimeZone(name: unknown): name is string {
  if (typeof name !== 'string' || name === '') return false
  if (known.has(name)) return true
  // Links such as `US/Eastern` are valid IANA names that the list above does not enumerate.
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: name })
    return name.includes('/') || name === 'UTC'
  } catch {
    return false
  }
}

/**
 * WordPress's manual UTC offsets (`UTC+2`, `UTC-5:30`, `UTC+5.75`), which The Events Calendar
 * accepts as an event's timezone (docs/compatibility.md, "Times"): hours up to 14, minutes as
 * `:MM` or as WordPress's quarter-hour fractions.
 */
const UTC_OFFSET = /^UTC([+-])(\d{1,2})(?::([0-5]\d)|\.(25|5|75))?$/

export function isUtcOffset(name: unknown): name is string {
  const match = typeof name === 'string' ? UTC_OFFSET.exec(name) : null
  return Boolean(match) && Number(match![2]) * 60 + minutesOf(match!) <= 14 * 60
}

const minutesOf = (match: RegExpExecArray) => (match[3] ? Number(match[3]) : match[4] ? Number(`0.${match[4]}`) * 60 : 0)

/** PHP's own offset zones (`+02:00`, `-0530`), which the original also takes as a timezone. */
const PHP_OFFSET = /^([+-])(\d{2}):?([0-5]\d)$/

export function isPhpOffset(name: unknown): name is string {
  const match = typeof name === 'string' ? PHP_OFFSET.exec(name) : null
  return Boolean(match) && Number(match![2]) * 60 + Number(match![3]) <= 14 * 60
}

/** A zone that is one offset all year: a manual UTC offset or a PHP offset. */
export const isFixedOffset = (name: unknown): name is string => isUtcOffset(name) || isPhpOffset(name)

/** An event's timezone as the date library reads it: an offset becomes `UTC±H:MM`, a name stays. */
export function zoneOf(name: string): string {
  const utc = UTC_OFFSET.exec(name)
  if (utc) return `UTC${utc[1]}${Number(utc[2])}:${String(minutesOf(utc)).padStart(2, '0')}`
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
export const isEventTimeZone = (name: unknown): name is string => isValidTimeZone(name) || isFixedOffset(name)
