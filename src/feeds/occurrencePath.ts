import { DateTime } from 'luxon'

/** The most occurrences one series has on one date that an address may name (`/{n}/`). */
const MAX_NUMBER_ON_DATE = 999

/** Which occurrence of a series an address names: its date (local to the event) and its number on that date. */
export type OccurrenceAt = { date: string; n: number }

/**
 * The occurrence named by the segments after an event's slug, `{YYYY-MM-DD}` and an optional
 * `{n}` (`occurrencePermalink` in `src/lib/urls.ts` writes them): null unless the date is a real
 * calendar date and `n` a number from 1 to MAX_NUMBER_ON_DATE, checked before anything is read.
 */
export function occurrenceAt(date: string, n?: string): null | OccurrenceAt {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(date) || !DateTime.fromISO(date, { zone: 'UTC' }).isValid)
    return null
  if (n === undefined) return { date, n: 1 }
  if (!/^[1-9]\d{0,2}$/.test(n) || Number(n) > MAX_NUMBER_ON_DATE) return null
  return { date, n: Number(n) }
}
