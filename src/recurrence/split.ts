import type { Recurrence, SeriesStart } from './types'

import { RecurrenceError } from './errors'
import { ruleInstant, ruleOf } from './expand'
import { checkRecurrence } from './validate'
import { shiftWall } from './wallTime'

/** The wall-clock value just before `wall`: a second before for a time, the day before for a date. */
const justBefore = (wall: string): string =>
  shiftWall(wall, wall.length === 10 ? -86_400_000 : -1000)

/**
 * "This and following" from the occurrence the rule gave at `at`: the series as it is up to that
 * occurrence, and a new series that starts there (docs/recurrence.md, "Exceptions and edits").
 * The first half ends just before `at` (its COUNT becomes the occurrences it keeps, or its UNTIL
 * the moment before); the second keeps the rest of the COUNT, or the UNTIL. Extra and excluded
 * dates go to the half they fall in. The caller then applies the edit to the second half.
 */
export function splitRecurrence(
  series: SeriesStart,
  recurrence: Recurrence,
  at: string,
): { before: Recurrence; after: { series: SeriesStart; recurrence: Recurrence } } {
  checkRecurrence(series, recurrence)
  const { rule } = recurrence
  if (!rule)
    throw new RecurrenceError(
      'at',
      'not_an_occurrence',
      'A series without a rule has no "this and following": change its dates one by one.',
    )
  const bareRule = ruleOf(series, { rule, rdates: [], exdates: [] })
  if (
    at <= series.start ||
    recurrence.exdates.includes(at) ||
    !bareRule.matches(ruleInstant(at, series))
  ) {
    throw new RecurrenceError(
      'at',
      'not_an_occurrence',
      `${at} is not an occurrence of this series' rule after its first; "this and following" starts at one.`,
    )
  }
  const before: Recurrence = {
    rule: { ...rule },
    rdates: recurrence.rdates.filter((date) => date < at),
    exdates: recurrence.exdates.filter((date) => date < at),
  }
  const after: Recurrence = {
    rule: { ...rule },
    rdates: recurrence.rdates.filter((date) => date >= at),
    exdates: recurrence.exdates.filter((date) => date > at),
  }
  if (rule.count !== undefined) {
    // COUNT counts what the rule gives, excluded dates included (RFC 5545 §3.8.5.3).
    const kept = bareRule.between(
      ruleInstant(series.start, series),
      new Date(ruleInstant(at, series).getTime() - 1),
      true,
    ).length
    before.rule!.count = kept
    after.rule!.count = rule.count - kept
  } else {
    before.rule!.until = justBefore(at)
  }
  return { before, after: { series: { ...series, start: at }, recurrence: after } }
}
