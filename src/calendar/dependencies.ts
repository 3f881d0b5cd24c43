import type { PayloadRequest } from 'payload'

import type { CalendarContext } from './context'

import { itemKey } from '../cdn/surrogateKeys'
import { TERM_COUNTS } from '../db/calendarSchema/changeLog'

/*
 * The items one read found: the events it loaded and the venues, organizers and terms it showed
 * with them, and the terms whose counts it showed. A visitor's answer kept by the server is
 * dropped when one of them changes (`endpoints/freshness.ts`); a shared cache files the answer
 * under their surrogate keys (`src/cdn/surrogateKeys.ts`), so that a change of any of them purges
 * it. Kept only for the request's lifetime.
 */
type Read = { counts: Set<number>; items: Map<string, Set<number | string>> }

const readBy = new WeakMap<PayloadRequest, Read>()

function readOf(req: PayloadRequest): Read {
  let read = readBy.get(req)
  if (!read) readBy.set(req, (read = { counts: new Set(), items: new Map() }))
  return read
}

/** Records that this read's answer shows these items of `collection`. */
export function dependOn(
  ctx: Pick<CalendarContext, 'req'>,
  collection: string,
  ids: Iterable<number | string>,
): void {
  const { items } = readOf(ctx.req)
  let ofCollection = items.get(collection)
  if (!ofCollection) items.set(collection, (ofCollection = new Set()))
  for (const id of ids) ofCollection.add(id)
}

/** Records that this read's answer shows how many published events use each of these terms. */
export function dependOnCounts(ctx: Pick<CalendarContext, 'req'>, termIds: Iterable<number>) {
  const { counts } = readOf(ctx.req)
  for (const id of termIds) counts.add(id)
}

/**
 * The surrogate keys of the items this request read, and of the terms whose counts it showed (an
 * event's change purges the counts of the terms it had and has: `src/cdn/purgeOnChange.ts`).
 */
export function dependenciesOf(req: PayloadRequest | undefined): string[] {
  const read = req && readBy.get(req)
  if (!read) return []
  return [
    ...[...read.items].flatMap(([collection, ids]) =>
      [...ids].map((id) => itemKey(collection, id)),
    ),
    ...[...read.counts].map((id) => itemKey(TERM_COUNTS, id)),
  ]
}

/**
 * What this request read, as the change log names it (`collection:id`, and `term-counts:id` for
 * a term's count): the keys a kept answer is dropped by (`endpoints/freshness.ts`).
 */
export function itemsReadBy(req: PayloadRequest | undefined): string[] {
  const read = req && readBy.get(req)
  if (!read) return []
  return [
    ...[...read.items].flatMap(([collection, ids]) => [...ids].map((id) => `${collection}:${id}`)),
    ...[...read.counts].map((id) => `${TERM_COUNTS}:${id}`),
  ]
}
