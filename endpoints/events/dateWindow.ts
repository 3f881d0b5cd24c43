import {
  calendarDateOf,
  formatWallTime,
  parsePhpDateTime,
  wallTimeToInstant,
  type WallTime,
} from '../../src/lib/phpDate'
import { readNumericBound } from './numericBound'

export const DATE_BOUNDS = [
  'start_date',
  'end_date',
  'starts_before',
  'starts_after',
  'ends_before',
  'ends_after',
] as const
export type DateBound = (typeof DATE_BOUNDS)[number]
const RELATIVE: DateBound[] = ['starts_before', 'starts_after', 'ends_before', 'ends_after']

export type DateWindow = {
  /** Each bound as the wall time in the site's timezone that the original echoes in `rest_url`. */
  echo: Partial<Record<DateBound, WallTime>>
  /** Each bound as an instant; the query compares its wall time in the site's timezone. */
  instants: Partial<Record<DateBound, Date>>
}

/**
 * The events list's date filters, as the original computes them (`docs/compatibility.md`,
 * "Events list date window"):
 * - without `strict_dates`, every bound is widened to whole days of the date as written:
 *   `start_date` to 00:00:00, the others to 23:59:59;
 * - with it, each value is read as a UTC instant (a zone-less value counts as UTC) and used at
 *   that exact time;
 * - `start_date`/`end_date` have defaults (the request's values arrive already defaulted), which
 *   are dropped when the client sends a relative bound (`starts_*`, `ends_*`) but not them;
 * - a bound the original makes no date of (`1e3`, `numericBound.ts`) is dropped, and a relative
 *   one is then compared with the clock.
 *
 * The list compares each bound, as a wall time in the site's timezone, with the events' own wall
 * times (`listQuery.ts`), as the original does.
 */
export function parseDateWindow(args: {
  now: Date
  sent: (name: string) => boolean
  siteTimezone: string
  strict: boolean
  values: Partial<Record<DateBound, unknown>>
}): DateWindow {
  const { now, sent, siteTimezone, strict, values } = args
  const hasRelative = RELATIVE.some((bound) => sent(bound))
  const window: DateWindow = { echo: {}, instants: {} }
  for (const bound of DATE_BOUNDS) {
    const value = values[bound]
    if (value === undefined || value === null) continue
    if (hasRelative && (bound === 'start_date' || bound === 'end_date') && !sent(bound)) continue
    const wall = boundWall(value, { end: bound !== 'start_date', now, siteTimezone, strict })
    if (!wall) {
      // The original drops a date it cannot build; its query then reads a relative bound as now.
      if (RELATIVE.includes(bound)) window.instants[bound] = now
      continue
    }
    window.echo[bound] = wall
    window.instants[bound] = wallTimeToInstant(wall, siteTimezone)
  }
  return window
}

/**
 * One bound's wall time in the site's timezone, or null when the original makes no date of it. A
 * Unix timestamp (`numericBound.ts`) is whole days of its UTC date, and `0` (empty to PHP) of
 * today's UTC date; with `strict_dates`, its instant.
 */
function boundWall(
  value: unknown,
  args: { end: boolean; now: Date; siteTimezone: string; strict: boolean },
): null | WallTime {
  const { end, now, siteTimezone, strict } = args
  const numeric = readNumericBound(value)
  if (numeric?.kind === 'dropped') return null
  if (numeric?.kind === 'timestamp') {
    const instant = new Date(numeric.seconds * 1000)
    if (strict) return formatWallTime(instant, siteTimezone)
    const day = formatWallTime(numeric.zero ? now : instant, 'UTC').slice(0, 10)
    return `${day} ${end ? '23:59:59' : '00:00:00'}`
  }
  if (strict) {
    const instant = parsePhpDateTime(value, { now, timeZone: 'UTC' })
    return instant ? formatWallTime(instant, siteTimezone) : null
  }
  const day = calendarDateOf(value, { now, timeZone: siteTimezone })
  return day ? `${day} ${end ? '23:59:59' : '00:00:00'}` : null
}

/** Truthiness as PHP's FILTER_VALIDATE_BOOLEAN reads `strict_dates`. */
export function isStrict(value: unknown): boolean {
  return ['1', 'true', 'on', 'yes'].includes(String(value).trim().toLowerCase())
}

/**
 * The window of a list asked for by `include`: the original documents that its date filters are
 * then ignored, and does drop the dates sent, but then applies its default window as computed,
 * not widened to whole days (`docs/compatibility.md`, "Events list filters"): events starting from
 * yesterday 23:59 UTC (in site time) and ending within two years.
 */
export function includeWindow(
  defaults: { end_date: WallTime; start_date: WallTime },
  siteTimezone: string,
): DateWindow {
  return {
    echo: { end_date: defaults.end_date, start_date: defaults.start_date },
    instants: {
      end_date: wallTimeToInstant(defaults.end_date, 'UTC'),
      start_date: wallTimeToInstant(defaults.start_date, siteTimezone),
    },
  }
}
