import type { PayloadRequest } from 'payload'

import type { CalendarContext } from './context'

import { itemKey } from '../cdn/surrogateKeys'

/*
 * The items one read found, as surrogate keys (`src/cdn/surrogateKeys.ts`): the events it loaded
 * and the venues, organizers and terms it showed with them. A shared cache files the answer under
 * them, so that a change of any of them purges it. Kept only for the request's lifetime.
 */
const readBy = new WeakMap<PayloadRequest, Set<string>>()

/**
 * Records that this read's answer shows these items of `collection`: only with a shared cache in
 * front (`cdn` option), the one reader of the keys, so that other sites' reads pay nothing for it.
 */
export function dependOn(
  ctx: Pick<CalendarContext, 'options' | 'req'>,
  collection: string,
  ids: Iterable<number | string>,
): void {
  if (!ctx.options.cdn) return
  let keys = readBy.get(ctx.req)
  if (!keys) readBy.set(ctx.req, (keys = new Set()))
  for (const id of ids) keys.add(itemKey(collection, id))
}

/** The keys of what this request read. */
export function dependenciesOf(req: PayloadRequest | undefined): string[] {
  return req ? [...(readBy.get(req) ?? [])] : []
}
