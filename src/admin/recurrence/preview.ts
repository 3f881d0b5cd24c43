import type { EventSeriesFields, RecurrenceErrorCode, SummaryLocale } from '../../recurrence'

import {
  DEFAULT_HORIZON_MONTHS,
  expandRecurrence,
  horizonAfter,
  isRecurring,
  RecurrenceError,
  recurrenceOf,
  seriesStartOf,
  summarizeRecurrence,
} from '../../recurrence'
import { isWallValue } from '../../recurrence/wallTime'

/** Where in the editor a refusal is shown: next to the choice it is about. */
export type ErrorPlace = 'repeat' | 'interval' | 'days' | 'ending' | 'rdates' | 'exdates'

export interface PreviewError {
  code: RecurrenceErrorCode
  place: ErrorPlace
}

export interface PreviewDate {
  /** The occurrence's wall-clock start in the event's zone: the value `exdates` holds. */
  start: string
  /** The event's own start, which cannot be excluded. */
  first: boolean
  excluded: boolean
  fromRdate: boolean
}

export interface Preview {
  summary?: string
  error?: PreviewError
  /** The next occurrences from now (the first ones when the series is over), excluded ones included. */
  dates: PreviewDate[]
}

/** How many dates the preview shows. */
export const PREVIEW_SIZE = 10

/** The choice a refused field belongs to (`rule.count` → the ending). */
export function placeOf(field: string): ErrorPlace {
  if (field === 'rule.interval') return 'interval'
  if (field === 'rule.count' || field === 'rule.until') return 'ending'
  if (field.startsWith('rule.byDay') || field.startsWith('rule.byMonthDay')) return 'days'
  if (field.startsWith('rdates')) return 'rdates'
  if (field.startsWith('exdates')) return 'exdates'
  return 'repeat'
}

/** The editor's language as the summary knows it; English for any other. */
export const summaryLocaleOf = (language: string): SummaryLocale =>
  ['fr', 'es'].includes(language) ? (language as SummaryLocale) : 'en'

/**
 * What the editor shows for the event's form: the summary in the editor's language, the first
 * refusal the save would give (the server's own reading of the fields, `src/recurrence/eventSeries.ts`,
 * and its checks up to the same horizon), and the next dates with those excluded marked so that a
 * click can bring them back.
 */
export function previewOf(
  fields: EventSeriesFields,
  locale: SummaryLocale,
  now: Date,
  horizonMonths = DEFAULT_HORIZON_MONTHS,
): Preview {
  const preview: Preview = { dates: [] }
  if (!isRecurring(fields)) return preview
  const horizon = horizonAfter(now, horizonMonths)
  try {
    const series = seriesStartOf(fields)
    const recurrence = recurrenceOf(fields, series)!
    preview.summary = summarizeRecurrence(series, recurrence, locale)
    // The dates without exclusions first: an exclusion the rule no longer gives must not hide the dates from the editor.
    const all = expandRecurrence(series, { ...recurrence, exdates: [] }, horizon)
    const excluded = new Set(recurrence.exdates)
    const upcoming = all.filter((occurrence) => Date.parse(occurrence.startUtc) >= now.getTime())
    preview.dates = (upcoming.length > 0 ? upcoming : all)
      .slice(0, PREVIEW_SIZE)
      .map((occurrence) => ({
        start: occurrence.start,
        first: occurrence.start === series.start,
        excluded: excluded.has(occurrence.start),
        fromRdate: occurrence.fromRdate,
      }))
    expandRecurrence(series, recurrence, horizon)
  } catch (error) {
    if (!(error instanceof RecurrenceError)) throw error
    preview.error = { code: error.code, place: placeOf(error.field) }
  }
  return preview
}

/** A wall-clock start in the editor's language: "Monday, March 1, 2027, 9:00 AM" (a date alone when all-day). */
export function formatWall(start: string, allDay: boolean, language: string): string {
  // The value is already the event's wall-clock time: formatting it as UTC shows it unchanged.
  if (!isWallValue(start, allDay)) return start
  const instant = new Date(`${allDay ? `${start}T00:00:00` : start}Z`)
  const options: Intl.DateTimeFormatOptions = allDay
    ? { dateStyle: 'full', timeZone: 'UTC' }
    : { dateStyle: 'full', timeStyle: 'short', timeZone: 'UTC' }
  return new Intl.DateTimeFormat(language, options).format(instant)
}
