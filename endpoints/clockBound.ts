import type { Payload } from 'payload'

import { sql } from '@payloadcms/db-postgres'

import type { Kept } from './freshness'

import { LIST_MEMBERS } from '../src/db/calendarSchema/listRows'
import { drizzleOf } from '../src/db/pool'
import { formatWallTime, wallTimeToInstant } from '../src/lib/phpDate'
import { DATE_BOUNDS, isStrict } from './events/dateWindow'

/*
 * How long a visitor's answer that read the clock stays right when the calendar does not change.
 * The events list's default window and its bounds given as dates are whole days (without
 * `strict_dates`; `dateWindow.ts`): the list moves when the date changes, in UTC or in the site's
 * timezone. Upcoming venues and organizers (`only_with_upcoming`) compare the clock, to the second,
 * with the occurrences' wall-clock starts: they move when the clock reaches the next one. Both
 * answers are kept until the first of these instants after they were made: midnight in UTC or in
 * the site's timezone, and the next start or end of any occurrence (its instant, or its wall time
 * read in UTC or in the site's timezone), which also covers a window compared with the clock
 * itself. A scheduled publication is a write, seen as any change (`freshness.ts`). Every other
 * answer that read the clock is kept within its second only.
 */

const DAY_MS = 86_400_000
/** A bound that names a date (and a time) without reference to the clock. */
const ABSOLUTE = /^\d{4}-\d{2}-\d{2}(?:[ T]\d{2}:\d{2}(?::\d{2})?)?$/
/** The lists whose answers move only at the instants above. */
const LINKED_LISTS = new Set(['/organizers', '/venues'])

/**
 * Whether this answer, made by reading the clock, moves only at the instants above: the events
 * list whose dates are whole days and absolute, and the venue and organizer lists.
 */
export function movesOnlyAtKnownInstants(path: string, query: Record<string, unknown>): boolean {
  if (LINKED_LISTS.has(path)) return true
  if (path !== '/events') return false
  if (query.include !== undefined || isStrict(query.strict_dates)) return false
  return DATE_BOUNDS.every((bound) => {
    const value = query[bound]
    return value === undefined || (typeof value === 'string' && ABSOLUTE.test(value.trim()))
  })
}

/** The next midnight after `now` in `timeZone`. */
function nextMidnight(now: Date, timeZone: string): number {
  const today = formatWallTime(now, timeZone).slice(0, 10)
  const tomorrow = new Date(Date.parse(`${today}T00:00:00Z`) + DAY_MS).toISOString().slice(0, 10)
  return wallTimeToInstant(`${tomorrow} 00:00:00`, timeZone).getTime()
}

/**
 * The first start or end of an occurrence at or after `now`, as each is compared (through the
 * indexes on `start_utc`, `end_utc` and `start_local`): `null` where there is none.
 */
async function nextOccurrenceInstant(
  payload: Payload,
  now: Date,
  siteTimezone: string,
): Promise<null | number> {
  const db = drizzleOf(payload)
  if (!db) return now.getTime()
  const utcWall = formatWallTime(now, 'UTC')
  const siteWall = formatWallTime(now, siteTimezone)
  const { rows } = await db.execute(sql`
    SELECT
      (SELECT min(start_utc) FROM calendar_occurrences WHERE start_utc >= ${now.toISOString()}::timestamptz) AS start_utc,
      (SELECT min(end_utc) FROM calendar_occurrences WHERE end_utc >= ${now.toISOString()}::timestamptz) AS end_utc,
      (SELECT to_char(min(start_local), 'YYYY-MM-DD HH24:MI:SS') FROM calendar_occurrences WHERE start_local >= ${utcWall}::timestamp) AS start_utc_wall,
      (SELECT to_char(min(start_local), 'YYYY-MM-DD HH24:MI:SS') FROM calendar_occurrences WHERE start_local >= ${siteWall}::timestamp) AS start_site_wall`)
  const row = rows[0] as Record<string, null | string | Date>
  /** A wall time reached at the second it names; the one of this very second, at the next. */
  const wallReached = (wall: null | string | Date, current: string, timeZone: string) =>
    typeof wall !== 'string'
      ? Infinity
      : wall === current
        ? Math.floor(now.getTime() / 1000) * 1000 + 1000
        : wallTimeToInstant(wall, timeZone).getTime()
  const instant = (value: null | string | Date) =>
    value === null ? Infinity : new Date(value).getTime()
  const first = Math.min(
    instant(row.start_utc ?? null),
    instant(row.end_utc ?? null),
    wallReached(row.start_utc_wall ?? null, utcWall, 'UTC'),
    wallReached(row.start_site_wall ?? null, siteWall, siteTimezone),
  )
  return Number.isFinite(first) ? first : null
}

type Bound = { from: number; until: number }

/**
 * Until when (ms since the epoch) an answer made at `now` that moves only at the instants above
 * stays right, if the calendar does not change: worked out once per change of the occurrences
 * (`freshness.ts`).
 */
export async function keptUntil(
  payload: Payload,
  kept: Kept,
  now: Date,
  siteTimezone: string,
): Promise<number> {
  const at = now.getTime()
  const known = kept.get<Bound>('clock-bound', siteTimezone)
  if (known && known.from <= at && at < known.until) return known.until
  const occurrence = await nextOccurrenceInstant(payload, now, siteTimezone)
  const until = Math.min(
    nextMidnight(now, 'UTC'),
    nextMidnight(now, siteTimezone),
    occurrence ?? Infinity,
  )
  // Read from the occurrences' dates alone, which the lists' log covers (`listRows.ts`).
  kept.set('clock-bound', siteTimezone, { from: at, until } satisfies Bound, undefined, [
    LIST_MEMBERS,
  ])
  return until
}
