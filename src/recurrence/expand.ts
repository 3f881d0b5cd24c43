import { RRuleTemporal } from 'rrule-temporal'

import type { Occurrence, Recurrence, SeriesStart } from './types'

import { RecurrenceError } from './errors'
import { formatRecurrenceLines } from './format'
import { MAX_OCCURRENCES } from './limits'
import { checkRecurrence } from './validate'
import { instantToWall, utcText, wallToInstant } from './wallTime'

const DAY_MS = 86_400_000

/**
 * The rule as rrule-temporal reads it, from the same RFC 5545 text the feeds will carry, so that
 * what subscribers' calendars expand and what we store come from one source.
 */
export function ruleOf(series: SeriesStart, recurrence: Recurrence): RRuleTemporal {
  return new RRuleTemporal({
    rruleString: formatRecurrenceLines(series, recurrence).join('\n'),
    cache: false,
  })
}

/**
 * Whether rrule-temporal gave up searching for a date (it stops after `maxIterations`
 * candidates, 10,000 by default, with this error): the rule gives few dates or none.
 */
const isSearchExhausted = (error: unknown): boolean =>
  error instanceof Error && /^Maximum iterations \(\d+\) exceeded/.test(error.message)

/**
 * The occurrence an instant the rule produced stands for. An all-day rule is expanded on dates
 * (in UTC, where every day has 24 hours), and its instant is the day's midnight in the event's
 * zone. Only the instant is read from the library's values: their other getters cost a zone
 * lookup each.
 */
function occurrenceOf(
  epochMs: number,
  series: SeriesStart,
  rdates: ReadonlySet<string>,
): Occurrence {
  if (series.allDay) {
    const start = new Date(epochMs).toISOString().slice(0, 10)
    return {
      start,
      startUtc: utcText(wallToInstant(start, series.timeZone)),
      fromRdate: rdates.has(start),
    }
  }
  const start = instantToWall(epochMs, series.timeZone)
  return { start, startUtc: utcText(new Date(epochMs)), fromRdate: rdates.has(start) }
}

/** The start, the extra dates and the exclusions alone, for a series without a rule. */
function datesOnly(
  series: SeriesStart,
  recurrence: Recurrence,
  rdates: ReadonlySet<string>,
): Occurrence[] {
  const excluded = new Set(recurrence.exdates)
  return [...new Set([series.start, ...recurrence.rdates])]
    .filter((start) => !excluded.has(start))
    .map((start) => ({
      start,
      startUtc: utcText(wallToInstant(start, series.timeZone)),
      fromRdate: rdates.has(start) && start !== series.start,
    }))
    .sort((a, b) => a.startUtc.localeCompare(b.startUtc))
}

/** An instant rrule-temporal can compare with its own: all-day rules run in UTC (./format.ts writes VALUE=DATE). */
export const ruleInstant = (value: string, series: SeriesStart): Date =>
  series.allDay ? new Date(`${value}T00:00:00Z`) : wallToInstant(value, series.timeZone)

/**
 * The checks that need the rule. The event's start must be an occurrence of its rule: RFC 5545
 * leaves a set whose DTSTART the rule would not produce undefined (§3.8.5.3), and clients do
 * differ (ical.js leaves such a start out, others keep it), so a feed could not say what we store.
 * Each `EXDATE` must remove something other than the start: an occurrence of the rule (however
 * far ahead) or one of the extra dates; an exclusion that matches nothing is a mistake the editor
 * should hear about. `startProduced`: the expansion already began with the start, so the rule
 * gives it (asking the rule again costs as much as a tenth of the expansion).
 */
function checkAgainstRule(
  series: SeriesStart,
  recurrence: Recurrence,
  startProduced = false,
): void {
  let rule: RRuleTemporal | undefined
  const ruleAlone = () =>
    (rule ??= ruleOf(series, { rule: recurrence.rule, rdates: [], exdates: [] }))
  // A rule the library searched in vain around a date does not give that date.
  const gives = (wall: string) => {
    try {
      return ruleAlone().matches(ruleInstant(wall, series))
    } catch (error) {
      if (isSearchExhausted(error)) return false
      throw error
    }
  }
  if (recurrence.rule && !startProduced && !gives(series.start)) {
    throw new RecurrenceError(
      'start',
      'start_not_in_rule',
      `The event's start ${series.start} is not a day its rule gives; start the series on its first occurrence.`,
    )
  }
  const rdates = new Set(recurrence.rdates)
  recurrence.exdates.forEach((exdate, index) => {
    if (exdate === series.start) {
      throw new RecurrenceError(
        `exdates[${index}]`,
        'start_excluded',
        `exdates[${index}] is the event's own start, the series' first occurrence: move the start to the next occurrence, or cancel that occurrence instead.`,
      )
    }
    if (rdates.has(exdate) || (recurrence.rule && gives(exdate))) return
    throw new RecurrenceError(
      `exdates[${index}]`,
      'not_an_occurrence',
      `exdates[${index}] ${exdate} is not an occurrence of this series, so there is nothing to exclude.`,
    )
  })
}

/**
 * The rule's instants from the start to `lastMs`, checked against the rule (`checkAgainstRule`).
 * Without extra dates, an expansion that begins with the start shows that the rule gives it; when
 * it does not, or the expansion fails, the rule is asked as before, so the same error comes first.
 */
function ruleInstants(series: SeriesStart, recurrence: Recurrence, lastMs: number) {
  const first = ruleInstant(series.start, series)
  let dates
  try {
    // `between` takes the library's fast paths; `all` with a callback steps one candidate at a time.
    dates = ruleOf(series, recurrence).between(first, new Date(lastMs), true)
  } catch (error) {
    checkAgainstRule(series, recurrence)
    if (isSearchExhausted(error))
      throw new RecurrenceError(
        'rule',
        'unsupported',
        'The rule gives too few dates to be expanded (none in thousands of its periods); check its BYMONTH, BYMONTHDAY, BYDAY and BYSETPOS.',
      )
    throw error
  }
  checkAgainstRule(
    series,
    recurrence,
    !recurrence.rdates.length && dates[0]?.epochMilliseconds === first.getTime(),
  )
  return dates
}

/**
 * What a series' stored-until mark says when its rule gives nothing after the horizon: no later
 * horizon can add an occurrence, so the horizon job leaves it (`src/jobs/extendRecurrences.ts`).
 */
export const WHOLE_SERIES = new Date('9000-01-01T00:00:00.000Z')

/**
 * Whether the series gives no occurrence after `horizon`: a rule ended by COUNT or UNTIL, and
 * its RDATEs, all by then. An all-day rule runs on dates, so the last day before the horizon is
 * asked again; an RDATE within a day of the horizon counts as after it (its zone is not read).
 */
export function endsBy(series: SeriesStart, recurrence: Recurrence, horizon: Date): boolean {
  if (recurrence.rule?.count === undefined && recurrence.rule?.until === undefined) return false
  const lastDay = new Date(horizon.getTime() - DAY_MS).toISOString().slice(0, 10)
  if (recurrence.rdates.some((rdate) => rdate.slice(0, 10) >= lastDay)) return false
  const after = series.allDay ? horizon.getTime() - DAY_MS : horizon.getTime()
  return ruleOf(series, recurrence).next(new Date(after), false) === null
}

/**
 * The occurrences of a series that start no later than `horizon`, in order, after checking the
 * recurrence (./validate.ts), its exclusions, and that it has at most MAX_OCCURRENCES by then.
 * Times are evaluated in the event's zone: 09:00 in New York stays 09:00 across daylight-saving
 * changes. A time the zone skips on some day (02:30 on a spring-forward night) gives no
 * occurrence that day (RFC 5545 §3.3.10).
 */
export function expandRecurrence(
  series: SeriesStart,
  recurrence: Recurrence,
  horizon: Date,
): Occurrence[] {
  checkRecurrence(series, recurrence)
  const rdates = new Set(recurrence.rdates)
  const horizonMs = horizon.getTime()
  let occurrences: Occurrence[]
  if (recurrence.rule) {
    // All-day dates run in UTC; a day's margin lets the last local day in before the exact cut below.
    const lastMs = series.allDay ? horizonMs + DAY_MS : horizonMs
    const dates = ruleInstants(series, recurrence, lastMs)
    occurrences = dates.map((date) => occurrenceOf(date.epochMilliseconds, series, rdates))
  } else {
    checkAgainstRule(series, recurrence)
    occurrences = datesOnly(series, recurrence, rdates)
  }
  occurrences = occurrences.filter((occurrence) => Date.parse(occurrence.startUtc) <= horizonMs)
  if (occurrences.length > MAX_OCCURRENCES) {
    throw new RecurrenceError(
      'rule',
      'too_many_occurrences',
      `The series has more than ${MAX_OCCURRENCES.toLocaleString('en')} occurrences before ${utcText(horizon)}; end it sooner (COUNT or UNTIL) or repeat less often.`,
    )
  }
  return occurrences
}

/**
 * The occurrences a series gains when its horizon moves from `from` to `to`: those that start
 * after `from` and no later than `to`, exactly the ones `expandRecurrence` to `to` gives beyond
 * its expansion to `from` (the horizon job stores only these). The rule is asked for that window
 * alone, with its own DTSTART, COUNT, RDATEs and EXDATEs, so a COUNT, an INTERVAL or a BYSETPOS
 * still counts from the series' start. The recurrence was checked when the series was stored,
 * and is not checked again; the bound on the series' size is the caller's (it knows how many
 * occurrences are stored).
 */
export function expandRecurrenceBetween(
  series: SeriesStart,
  recurrence: Recurrence,
  from: Date,
  to: Date,
): Occurrence[] {
  const fromMs = from.getTime()
  const toMs = to.getTime()
  if (!(toMs > fromMs)) return []
  const rdates = new Set(recurrence.rdates)
  // All-day rules run on UTC dates: a day's margin each side lets every local day in before the
  // exact cut on the occurrences' own instants below.
  const occurrences = recurrence.rule
    ? ruleOf(series, recurrence)
        .between(new Date(fromMs - DAY_MS), new Date(toMs + DAY_MS), true)
        .map((date) => occurrenceOf(date.epochMilliseconds, series, rdates))
    : datesOnly(series, recurrence, rdates)
  return occurrences.filter((occurrence) => {
    const startMs = Date.parse(occurrence.startUtc)
    return startMs > fromMs && startMs <= toMs
  })
}
