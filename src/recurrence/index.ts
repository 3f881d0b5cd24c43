/**
 * Recurring events' rules (issue 26): the typed recurrence, its RFC 5545 text, its checks, its
 * expansion to occurrences and its summary in words. Pure: no Payload, no database
 * (docs/recurrence.md has the design the collections and the API build on).
 */
export type { RecurrenceErrorCode } from './errors'
export { RecurrenceError } from './errors'
export type { EventSeriesFields } from './eventSeries'
export {
  expandEventSeries,
  horizonAfter,
  isRecurring,
  recurrenceOf,
  seriesStartOf,
} from './eventSeries'
export { endsBy, expandRecurrence, expandRecurrenceBetween, WHOLE_SERIES } from './expand'
export { formatRecurrence, formatRecurrenceLines, formatRule } from './format'
export {
  DEFAULT_HORIZON_MONTHS,
  MAX_COUNT,
  MAX_DATES,
  MAX_OCCURRENCES,
  MAX_TEXT_LENGTH,
} from './limits'
export type { OccurrencePlan, StoredOccurrence } from './occurrenceIds'
export { planOccurrenceIds } from './occurrenceIds'
export { parseRecurrence, parseRule } from './parse'
export type { SummaryLocale } from './summary'
export { shiftRecurrence } from './shift'
export { splitRecurrence } from './split'
export { summarizeRecurrence } from './summary'
export type {
  Frequency,
  Occurrence,
  Recurrence,
  RecurrenceRule,
  SeriesStart,
  Weekday,
  WeekdayNum,
} from './types'
export { checkRecurrence } from './validate'
