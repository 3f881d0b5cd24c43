import type { RestContext } from '../context'

import { heavyReadsBusy } from '../errors'

/**
 * A search's first pages (up to two pages of 50) read its first matches in the window or the
 * window's first occurrences (`firstStretch`, `matchesFirst` in `src/calendar/events/occurrences.ts`);
 * further in, a sparse word's page may walk most of the window.
 */
export const HEAVY_SEARCH_REACH = 100

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
  ctx: Pick<RestContext, 'options' | 'signal'>,
  heavy: boolean,
  read: () => Promise<T>,
): Promise<T> {
  const take = ctx.options.reads.heavyTurn
  if (!heavy || !take) return read()
  // A caller that hangs up while waiting leaves the line.
  const turn = await take(ctx.signal)
  if (typeof turn === 'string') throw heavyReadsBusy()
  try {
    return await read()
  } finally {
    turn()
  }
}

/**
 * Both reads' results once both have ended, the first failure thrown then: a turn is given back
 * only when none of its statements still runs.
 */
export async function bothSettled<A, B>(first: Promise<A>, second: Promise<B>): Promise<[A, B]> {
  const [a, b] = await Promise.allSettled([first, second])
  if (a.status === 'rejected') throw a.reason
  if (b.status === 'rejected') throw b.reason
  return [a.value, b.value]
}
