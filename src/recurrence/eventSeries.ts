import type { Occurrence, Recurrence, SeriesStart } from './types'

import { isValidTimeZone, zoneOf } from '../lib/timezone'
import { RecurrenceError } from './errors'
import { endsBy, expandRecurrence, WHOLE_SERIES } from './expand'
import { MAX_TEXT_LENGTH } from './limits'
import { parseRule } from './parse'
import { instantToWall } from './wallTime'

/** An event's fields that make its series, as the events collection stores them. */
export interface EventSeriesFields {
  startDate?: Date | null | string
  timezone?: null | string
  allDay?: boolean | null
  /** The event's start as a wall time in its zone, `YYYY-MM-DD HH:MM:SS` (the list order's column). */
  startLocal?: null | string
  recurrence?: { rule?: null | string; rdates?: null | string[]; exdates?: null | string[] } | null
}

/** True when the event carries a recurrence (a rule, extra dates or exclusions). */
export function isRecurring(fields: EventSeriesFields): boolean {
  const recurrence = fields.recurrence
  return Boolean(
    recurrence &&
    ((recurrence.rule ?? '').trim() !== '' ||
      recurrence.rdates?.length ||
      recurrence.exdates?.length),
  )
}

/**
 * The event's start as its series' `DTSTART`: a wall-clock time in its zone, or a date when it is
 * all-day. A recurrence is evaluated in a named zone (RFC 5545's `TZID`): a manual UTC offset
 * reads as the zone the original guesses for it (../lib/timezone.ts); a bare offset such as
 * `+02:00` has no rules to follow across daylight saving and is refused.
 */
export function seriesStartOf(fields: EventSeriesFields): SeriesStart {
  const zone = fields.timezone ? zoneOf(fields.timezone) : ''
  if (!isValidTimeZone(zone)) {
    throw new RecurrenceError(
      'rule',
      'unsupported',
      `A recurring event needs a named time zone such as Europe/Paris, not ${JSON.stringify(fields.timezone ?? '')}.`,
    )
  }
  const start = fields.startDate ? new Date(fields.startDate) : null
  if (!start || Number.isNaN(start.getTime()))
    throw new RecurrenceError(
      'start',
      'unreadable',
      "The event's start is missing or cannot be read.",
    )
  const wall = fields.startLocal ? fields.startLocal.replace(' ', 'T') : instantToWall(start, zone)
  return {
    start: fields.allDay ? wall.slice(0, 10) : wall,
    timeZone: zone,
    allDay: fields.allDay === true,
  }
}

/**
 * The event's recurrence as `src/recurrence/` models it, parsed from its fields (the rule as the
 * value of an `RRULE` line); null when the event does not recur. Checks the syntax and the
 * bounds that need no expansion; `expandRecurrence` checks the rest.
 */
export function recurrenceOf(fields: EventSeriesFields, series: SeriesStart): null | Recurrence {
  if (!isRecurring(fields)) return null
  const text = (fields.recurrence?.rule ?? '').trim()
  if (text.length > MAX_TEXT_LENGTH) {
    throw new RecurrenceError(
      'rule',
      'too_long',
      `The rule may be at most ${MAX_TEXT_LENGTH.toLocaleString('en')} characters long; got ${text.length.toLocaleString('en')}.`,
    )
  }
  if (/^\s*(DTSTART|RDATE|EXDATE|EXRULE)[;:]/im.test(text) || /\n/.test(text)) {
    throw new RecurrenceError(
      'rule',
      'unreadable',
      'The rule is the value of one RRULE line (FREQ=WEEKLY;BYDAY=MO), without DTSTART, RDATE or EXDATE lines: extra and excluded dates have their own fields.',
    )
  }
  return {
    ...(text ? { rule: parseRule(text, series) } : {}),
    rdates: [...(fields.recurrence?.rdates ?? [])],
    exdates: [...(fields.recurrence?.exdates ?? [])],
  }
}

/** The instant `months` months after `now`: how far ahead occurrences are stored. */
export function horizonAfter(now: Date, months: number): Date {
  const horizon = new Date(now.getTime())
  horizon.setUTCMonth(horizon.getUTCMonth() + months)
  return horizon
}

/**
 * A recurring event's series, its occurrences up to `horizon`, and the instant they are stored
 * until: the horizon, or `WHOLE_SERIES` when the series has none after it. Null when the event does
 * not recur. Throws `RecurrenceError`.
 */
export function expandEventSeries(
  fields: EventSeriesFields,
  horizon: Date,
): null | { series: SeriesStart; occurrences: Occurrence[]; storedUntil: Date } {
  if (!isRecurring(fields)) return null
  const series = seriesStartOf(fields)
  const recurrence = recurrenceOf(fields, series)!
  const occurrences = expandRecurrence(series, recurrence, horizon)
  const storedUntil = endsBy(series, recurrence, horizon) ? WHOLE_SERIES : horizon
  return { series, occurrences, storedUntil }
}
