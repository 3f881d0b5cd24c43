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

/** An event's timezone as the date library reads it: a manual offset becomes `UTC±H:MM`, a name stays. */
export function zoneOf(name: string): string {
  const match = UTC_OFFSET.exec(name)
  if (!match) return name
  return `UTC${match[1]}${Number(match[2])}:${String(minutesOf(match)).padStart(2, '0')}`
}

/** What an event's timezone may be: an IANA name or a manual UTC offset. */
export const isEventTimeZone = (name: unknown): name is string => isValidTimeZone(name) || isUtcOffset(name)
