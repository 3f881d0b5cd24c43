import type { PayloadRequest } from 'payload'

import { type EventSeriesFields, expandEventSeries, horizonAfter } from '../../src/recurrence/index'

type Expansion = {
  horizon: Date
  expanded: ReturnType<typeof expandEventSeries>
}

/**
 * Set while "this and following" creates the second half of a split: its occurrences are the
 * first half's rows, moved to it with their ids (`endpoints/splitSeries.ts`), not new ones.
 */
export const SPLIT_SECOND_HALF = 'eventsCalendarSplitSecondHalf'

/** Where a request keeps the series it expanded, so that its save's check and its materialisation expand once. */
const EXPANSIONS = 'eventsCalendarSeriesExpansions'

type SeriesDoc = EventSeriesFields & { endDate?: unknown; materializedUntil?: unknown }

const keyOf = (fields: SeriesDoc) =>
  JSON.stringify([
    fields.startDate ? new Date(fields.startDate).getTime() : null,
    fields.endDate ? new Date(fields.endDate as string).getTime() : null,
    fields.timezone ?? null,
    fields.allDay === true,
    fields.startLocal ?? null,
    (fields.recurrence?.rule ?? '').trim(),
    fields.recurrence?.rdates ?? [],
    fields.recurrence?.exdates ?? [],
  ])

/**
 * The event's series expanded to the horizon (`now` + `horizonMonths`), once per request and
 * series: `hooks/checkRecurrenceField.ts` expands it to check it, `hooks/materializeOccurrences.ts`
 * stores the same occurrences, up to the same horizon. Throws `RecurrenceError`.
 */
export function expandEventForSave(
  req: PayloadRequest,
  fields: EventSeriesFields,
  now: Date,
  horizonMonths: number,
): Expansion {
  const kept = ((req.context[EXPANSIONS] as Map<string, Expansion> | undefined) ??= new Map())
  const key = keyOf(fields)
  let expansion = kept.get(key)
  if (!expansion) {
    const horizon = horizonAfter(now, horizonMonths)
    expansion = { horizon, expanded: expandEventSeries(fields, horizon) }
    kept.set(key, expansion)
  }
  return expansion
}

/**
 * True when a save leaves a stored series as it was (its dates, zone and recurrence): a title
 * edit. Its occurrences stand, checked when they were stored; the horizon job moves them on.
 */
export function seriesUnchanged(previous: SeriesDoc | undefined, current: SeriesDoc): boolean {
  return Boolean(previous?.materializedUntil) && keyOf(previous!) === keyOf(current)
}
