import type { Recurrence, SeriesStart } from '../../../recurrence/types'

import { expandRecurrence, RecurrenceError } from '../../../recurrence/index'
import { instantToWall } from '../../../recurrence/wallTime'
import { recurrenceFromPro } from './proRecurrence'

/** An occurrence as the original listed it (a Pro 5.8 post): its start and end as wall times in the event's zone, `YYYY-MM-DDTHH:mm:ss`. */
export type ListedOccurrence = { id: number; start: string; end: string; allDay: boolean }

/** What becomes of one recurring series: one event with its recurrence, or its posts as separate events, and why. */
export type PlannedSeries = { id: number; title: string; children: number[] } & (
  | {
      recurrence: Recurrence & { ruleText: string }
      occurrences: number
      until: string
      /** The occurrence posts by their start (`original_start` here): their ids are kept as the occurrences' where free. */
      posts: { id: number; start: string }[]
    }
  | { reason: string }
)

/**
 * A Pro 5.8 series (its first event, its `_EventRecurrence`, its other occurrences' posts) as one
 * event with a recurrence, when the recurrence, expanded here, gives exactly the dates the
 * original listed (when it has occurrence posts to list them): up to our horizon, and for a series without end up to the last post the
 * original had made (its own horizon). Exclusions of dates the rule never gives are dropped, as
 * the original ignores them. Anything else keeps the series as its posts, with the reason.
 */
export function planSeries(input: {
  first: ListedOccurrence
  children: ListedOccurrence[]
  meta: unknown
  series: SeriesStart
  firstEnd: string
  horizon: Date
  title: string
}): PlannedSeries {
  const { children, first, series } = input
  const base = { children: children.map((child) => child.id), id: first.id, title: input.title }
  const separate = (reason: string): PlannedSeries => ({ ...base, reason })
  const mapped = recurrenceFromPro(input.meta, series, input.firstEnd)
  if ('unsayable' in mapped) return separate(mapped.unsayable)
  const recurrence = mapped.recurrence

  let expanded: string[]
  try {
    expanded = expandWithoutStrayExclusions(series, recurrence, input.horizon)
  } catch (error) {
    if (!(error instanceof RecurrenceError)) throw error
    return separate(`its rule ${recurrence.ruleText} cannot be kept here: ${error.message}`)
  }

  const day = (value: string) => (series.allDay ? value.slice(0, 10) : value)
  const listed = [
    ...new Set([first, ...children].map((occurrence) => day(occurrence.start))),
  ].sort()
  const open = recurrence.rule && recurrence.rule.count === undefined && !recurrence.rule.until
  let until = day(instantToWall(input.horizon, series.timeZone))
  if (open && listed.at(-1)! < until) until = listed.at(-1)!
  const ours = expanded.filter((start) => start <= until)
  const theirs = listed.filter((start) => start <= until)
  const differs = ours.findIndex((start, index) => start !== theirs[index])
  // Without occurrence posts (Pro 6 keeps none) there is no list to compare with.
  if (children.length && (differs !== -1 || ours.length !== theirs.length)) {
    const at = differs === -1 ? Math.min(ours.length, theirs.length) : differs
    return separate(
      `its rule read as ${recurrence.ruleText || 'dates'} gives ${ours.length} occurrence(s) up to ${until}, and the original lists ${theirs.length}: ${ours[at] ?? 'none'} here, ${theirs[at] ?? 'none'} there`,
    )
  }
  if (!series.allDay) {
    const length = minutes(first)
    const other = children.find((child) => minutes(child) !== length)
    if (other)
      return separate(
        `occurrence post ${other.id} lasts ${minutes(other)} minutes, and the first ${length}: an event's occurrences share its length`,
      )
  }
  const posts = children.map((child) => ({ id: child.id, start: child.start }))
  return { ...base, occurrences: ours.length, posts, recurrence, until }
}

/** Wall-clock minutes from start to end. */
const minutes = (occurrence: ListedOccurrence) =>
  (Date.parse(`${occurrence.end}Z`) - Date.parse(`${occurrence.start}Z`)) / 60_000

/**
 * The starts `recurrence` gives up to `horizon`, after removing (from `recurrence` itself) the
 * excluded dates that are no occurrence: Pro keeps a deleted date after an edit moves the series
 * away from it, and an event here refuses such an exclusion.
 */
function expandWithoutStrayExclusions(
  series: SeriesStart,
  recurrence: Recurrence,
  horizon: Date,
): string[] {
  for (;;) {
    try {
      return expandRecurrence(series, recurrence, horizon).map((occurrence) => occurrence.start)
    } catch (error) {
      const stray = /^exdates\[(\d+)\]$/.exec(error instanceof RecurrenceError ? error.field : '')
      if (!stray || (error as RecurrenceError).code !== 'not_an_occurrence') throw error
      recurrence.exdates.splice(Number(stray[1]), 1)
    }
  }
}
