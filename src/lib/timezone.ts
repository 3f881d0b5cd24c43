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
