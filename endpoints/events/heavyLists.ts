import type { RestContext } from '../context'

import { heavyReadsBusy } from '../errors'

/**
 * A visitor's search reads the window's first occurrences for its first pages (up to this many
 * items reached, `firstStretch` in `src/calendar/events/occurrences.ts`); past them a sparse word's
 * page may walk most of the window.
 */
export const HEAVY_SEARCH_REACH = 25

/** Past this many items any events page skips what it does not show, whatever its size. */
export const HEAVY_LIST_REACH = 1_000

/** Whether an events page reaching `reach` items may cost the database seconds (`reads.heavyTurn`). */
export const isHeavyList = (reach: number, searches: boolean): boolean =>
  reach > (searches ? HEAVY_SEARCH_REACH : HEAVY_LIST_REACH)

/**
 * `read` in a heavy read's turn when the list is heavy and the host gives turns
 * (`reads.heavyTurn`); at once otherwise. No turn given: 503 with `Retry-After`.
 */
export async function inHeavyListTurn<T>(
  ctx: Pick<RestContext, 'options'>,
  heavy: boolean,
  read: () => Promise<T>,
): Promise<T> {
  const take = ctx.options.reads.heavyTurn
  if (!heavy || !take) return read()
  const turn = await take()
  if (typeof turn === 'string') throw heavyReadsBusy()
  try {
    return await read()
  } finally {
    turn()
  }
}
