/**
 * An event's recurrence, as RFC 5545 models it (a rule, extra dates, excluded dates), limited to
 * the parts the product offers. Dates and times are wall-clock values in the event's own IANA
 * zone: `YYYY-MM-DDTHH:mm:ss` for a timed event, `YYYY-MM-DD` for an all-day one. A value in any
 * other zone is refused (./parse.ts, ./validate.ts), so that a series means the same thing when
 * the zone's offsets change.
 */

export const FREQUENCIES = ['DAILY', 'WEEKLY', 'MONTHLY', 'YEARLY'] as const
export type Frequency = (typeof FREQUENCIES)[number]

export const WEEKDAYS = ['MO', 'TU', 'WE', 'TH', 'FR', 'SA', 'SU'] as const
export type Weekday = (typeof WEEKDAYS)[number]

/** A `BYDAY` item: a weekday, with an ordinal (`1MO` the first Monday, `-1FR` the last Friday) in monthly and yearly rules. */
export interface WeekdayNum {
  weekday: Weekday
  ordinal?: number
}

/** An `RRULE`. At most one of `count` and `until`; neither means the series runs to the horizon. */
export interface RecurrenceRule {
  freq: Frequency
  /** 1 or more. */
  interval: number
  byDay?: WeekdayNum[]
  /** 1..31 or -31..-1 (from the month's end). */
  byMonthDay?: number[]
  /** 1..12. */
  byMonth?: number[]
  /** Which of the period's matches to keep: 1..366 or -366..-1. Needs another BY part. */
  bySetPos?: number[]
  /** The week's first day, which matters to weekly rules with an interval over 1 and several days. */
  weekStart?: Weekday
  count?: number
  /** The last wall-clock time (or date, all-day) an occurrence may start, in the event's zone. */
  until?: string
}

export interface Recurrence {
  rule?: RecurrenceRule
  /** Extra occurrences (`RDATE`), in the event's zone. */
  rdates: string[]
  /** Removed occurrences (`EXDATE`): each must be an occurrence of the rule or an extra date. */
  exdates: string[]
}

/** What a recurrence is anchored to: the event's first start (`DTSTART`), its zone, and whether it is all-day. */
export interface SeriesStart {
  /** `YYYY-MM-DDTHH:mm:ss`, or `YYYY-MM-DD` when `allDay`. */
  start: string
  timeZone: string
  allDay: boolean
}

/** One occurrence as expansion produces it, before any per-occurrence change is applied. */
export interface Occurrence {
  /** Wall-clock start in the event's zone, as in `SeriesStart.start`: the occurrence's identity (its `RECURRENCE-ID`). */
  start: string
  /** The instant, `YYYY-MM-DDTHH:mm:ssZ`; for an all-day occurrence, its day's midnight in the event's zone. */
  startUtc: string
  /** True when the occurrence comes from an `RDATE` rather than the rule. */
  fromRdate: boolean
}
