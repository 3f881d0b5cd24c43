import { PHP_ZONE_OF_OFFSET } from './utcOffsetZones'

/*
 * WordPress's manual UTC offsets (`UTC+2`, `UTC-5:30`, `UTC+5.75`) as an event's timezone, read the
 * way the original reads them (docs/compatibility.md, "Times"). The original has no single rule: it
 * stores and shows an event's dates in a zone PHP guesses from the offset, and writes the JSON-LD
 * dates with two other readings of the same text. Each reading below says which of its
 * `Tribe__Timezones` methods it follows; the answers it gives are in
 * test/fixtures/oracle/responses/c-timezones-*.
 */

/** Hours up to 14, minutes as `:MM` or as WordPress's quarter-hour fractions. */
const MANUAL_OFFSET = /^UTC([+-])(\d{1,2})(?::([0-5]\d)|\.(25|5|75))?$/

type ManualOffset = {
  sign: 1 | -1
  hours: number
  /** `UTC+5:45` → 45 */
  colonMinutes?: number
  /** `UTC+5.75` → '75' */
  fraction?: '25' | '5' | '75'
}

function readManualOffset(name: unknown): ManualOffset | null {
  const match = typeof name === 'string' ? MANUAL_OFFSET.exec(name) : null
  if (!match) return null
  const offset: ManualOffset = {
    sign: match[1] === '-' ? -1 : 1,
    hours: Number(match[2]),
    ...(match[3] !== undefined ? { colonMinutes: Number(match[3]) } : {}),
    ...(match[4] !== undefined ? { fraction: match[4] as ManualOffset['fraction'] } : {}),
  }
  return offset.hours * 60 + minutesAsWritten(offset) <= 14 * 60 ? offset : null
}

const fractionMinutes = (fraction: ManualOffset['fraction']) =>
  fraction ? Number(`0.${fraction}`) * 60 : 0
const minutesAsWritten = (offset: ManualOffset) =>
  offset.colonMinutes ?? fractionMinutes(offset.fraction)

export const isManualOffset = (name: unknown): name is string => readManualOffset(name) !== null

/**
 * The zone the original stores and shows an event's dates in (`build_timezone_object`): `UTC+0`
 * and `UTC-0` are UTC; otherwise the offset in seconds as PHP computes it, where the minutes
 * after a colon are always added (`UTC-5:30` is -5 h + 30 min, i.e. -4:30), and the zone PHP
 * guesses for that many seconds (./utcOffsetZones.ts), UTC where it guesses none.
 */
export function guessedZoneOf(name: string): string {
  const offset = readManualOffset(name)
  if (!offset) throw new RangeError(`Not a manual UTC offset: ${name}`)
  if (/[+-]0$/.test(name)) return 'UTC'
  const minutes =
    offset.colonMinutes !== undefined
      ? offset.sign * offset.hours * 60 + offset.colonMinutes
      : offset.sign * (offset.hours * 60 + fractionMinutes(offset.fraction))
  return PHP_ZONE_OF_OFFSET[minutes] ?? 'UTC'
}

/**
 * The minutes the original takes off a local time to get the JSON-LD's UTC time (`apply_offset`):
 * none when the whole hours are 0 (`UTC+0:30`), minutes after a colon only as `:15`, `:30` or
 * `:45` (other minutes are dropped, as PHP reads `5:20` as 5), fractions as written.
 */
function appliedMinutes(offset: ManualOffset): number {
  if (offset.hours === 0) return 0
  const quarter =
    offset.colonMinutes === 15 || offset.colonMinutes === 30 || offset.colonMinutes === 45
      ? offset.colonMinutes
      : 0
  return (
    offset.sign *
    (offset.hours * 60 +
      (offset.colonMinutes !== undefined ? quarter : fractionMinutes(offset.fraction)))
  )
}

/**
 * The offset the JSON-LD dates are written in (`timezone_from_utc_offset`): only for `UTC±` and
 * at most four characters of digits and points (`UTC+2`, `UTC+5.75`; not `UTC-5:30`, not
 * `UTC+12.75`), in minutes with the sign as written; null where there is none.
 */
function jsonLdOffset(
  name: string,
  offset: ManualOffset,
): null | { sign: '+' | '-'; minutes: number } {
  if (!/^UTC[+-][0-9.]{1,4}$/.test(name)) return null
  return {
    sign: offset.sign < 0 ? '-' : '+',
    minutes: offset.hours * 60 + fractionMinutes(offset.fraction),
  }
}

const pad = (value: number) => String(value).padStart(2, '0')

/**
 * An event's JSON-LD `startDate`/`endDate` for a manual offset, from its local wall time
 * (`YYYY-MM-DD HH:MM:SS`): the local time less the applied minutes is taken as UTC and shown in
 * the JSON-LD offset (`2027-07-01T10:00:00+02:00`), or, where there is no such offset, given as it
 * is, not in ISO 8601 (`UTC-5:30` → `2027-07-01 15:30:00`), as the original does.
 */
export function manualOffsetJsonLdDate(wall: string, name: string): string {
  const offset = readManualOffset(name)
  if (!offset) throw new RangeError(`Not a manual UTC offset: ${name}`)
  const asUtc = Date.parse(`${wall.replace(' ', 'T')}Z`)
  if (Number.isNaN(asUtc)) throw new RangeError(`Not a 'YYYY-MM-DD HH:MM:SS' wall time: ${wall}`)
  const utc = asUtc - appliedMinutes(offset) * 60_000
  const shown = jsonLdOffset(name, offset)
  if (!shown) return new Date(utc).toISOString().slice(0, 19).replace('T', ' ')
  const local = new Date(utc + (shown.sign === '-' ? -1 : 1) * shown.minutes * 60_000)
    .toISOString()
    .slice(0, 19)
  return `${local}${shown.sign}${pad(Math.floor(shown.minutes / 60))}:${pad(shown.minutes % 60)}`
}

/** The manual offsets WordPress's timezone menus offer (`wp_timezone_choice`), in hours. */
const WORDPRESS_OFFSET_HOURS = [
  -12, -11.5, -11, -10.5, -10, -9.5, -9, -8.5, -8, -7.5, -7, -6.5, -6, -5.5, -5, -4.5, -4, -3.5, -3,
  -2.5, -2, -1.5, -1, -0.5, 0, 0.5, 1, 1.5, 2, 2.5, 3, 3.5, 4, 4.5, 5, 5.5, 5.75, 6, 6.5, 7, 7.5, 8,
  8.5, 8.75, 9, 9.5, 10, 10.5, 11, 11.5, 12, 12.75, 13, 13.75, 14,
]

/**
 * Those offsets as WordPress's menus give them: the value in hours (`UTC+5.5`, what the original
 * stores), the label in hours and minutes (`UTC+5:30`).
 */
export const WORDPRESS_MANUAL_OFFSETS: readonly { label: string; value: string }[] =
  WORDPRESS_OFFSET_HOURS.map((hours) => {
    const value = `UTC${hours < 0 ? '' : '+'}${hours}`
    return {
      label: value.replace(/\.25$/, ':15').replace(/\.5$/, ':30').replace(/\.75$/, ':45'),
      value,
    }
  })
