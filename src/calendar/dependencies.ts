import type { PayloadRequest } from 'payload'

import { itemKey } from '../cdn/surrogateKeys'

/*
 * The items one read found, as surrogate keys (`src/cdn/surrogateKeys.ts`): the events it loaded
 * and the venues, organizers and terms it showed with them. A shared cache files the answer under
 * them, so that a change of any of them purges it. Kept only for the request's lifetime.
 */
const readBy = new WeakMap<PayloadRequest, Set<string>>()

/** Records that this request's answer shows these items of `collection`. */
export function dependOn(
  req: PayloadRequest,
  collection: string,
  ids: Iterable<number | string>,
): void {
  let keys = readBy.get(req)
  if (!keys) readBy.set(req, (keys = new Set()))
  for (const id of ids) keys.add(itemKey(collection, id))
}

/** The keys of what this request read. */
export function dependenciesOf(req: PayloadRequest | undefined): string[] {
  return req ? [...(readBy.get(req) ?? [])] : []
}
