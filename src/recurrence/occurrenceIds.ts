import type { Occurrence } from './types'

import { shiftWall, wallMs } from './wallTime'

/** An occurrence already stored: its id and the start the rule gave it (its identity). */
export interface StoredOccurrence {
  id: number
  originalStart: string
}

/** How a new expansion meets the stored occurrences: which keep their ids, which are new, which go. */
export interface OccurrencePlan {
  kept: { id: number; occurrence: Occurrence }[]
  added: Occurrence[]
  removedIds: number[]
}

/**
 * Matches a series' new occurrences with its stored ones so that ids never change while an
 * occurrence's original start exists (docs/recurrence.md, "Ids that never change"). When the
 * series' start moved from `previousStart`, every stored start is first moved by the same
 * wall-clock shift (09:00 → 10:00, or a week later), so a series moved as a whole keeps its ids.
 */
export function planOccurrenceIds(
  stored: readonly StoredOccurrence[],
  occurrences: readonly Occurrence[],
  previousStart: string,
  start: string,
): OccurrencePlan {
  const shift = wallMs(start) - wallMs(previousStart)
  const idsByStart = new Map(
    stored.map((row) => [
      shift === 0 ? row.originalStart : shiftWall(row.originalStart, shift),
      row.id,
    ]),
  )
  const plan: OccurrencePlan = { kept: [], added: [], removedIds: [] }
  for (const occurrence of occurrences) {
    const id = idsByStart.get(occurrence.start)
    if (id === undefined) {
      plan.added.push(occurrence)
    } else {
      plan.kept.push({ id, occurrence })
      idsByStart.delete(occurrence.start)
    }
  }
  plan.removedIds = [...idsByStart.values()]
  return plan
}
