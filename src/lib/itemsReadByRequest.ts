import type { CollectionSlug, PayloadRequest } from 'payload'

import { type PlainDoc, plainDocs } from './plainDoc'

/*
 * Items one request has already read as its caller may read them (Payload's access rules applied,
 * depth 0, in the request's language), so that a write does not read the same venue three times:
 * the write's validation reads the items it links (`src/fields/readableRelationship.ts`) and its
 * answer shows them (`src/calendar/relatedItems.ts`). Kept only for the request's lifetime (a weak
 * reference to it): another request, even by the same caller, reads again.
 */

type Reads = Map<string, Map<number | string, null | PlainDoc>>

const readsOf = new WeakMap<PayloadRequest, Reads>()

const kindOf = (req: PayloadRequest, collection: string) =>
  `${collection}:${String(req.locale)}:${String(req.fallbackLocale)}`

/** Records what a read by id as the caller found: the docs, and null for the ids it did not find. */
export function rememberItemsRead(
  req: PayloadRequest,
  collection: string,
  ids: readonly (number | string)[],
  docs: readonly PlainDoc[],
): void {
  let reads = readsOf.get(req)
  if (!reads) readsOf.set(req, (reads = new Map()))
  const kind = kindOf(req, collection)
  const items = reads.get(kind) ?? new Map<number | string, null | PlainDoc>()
  reads.set(kind, items)
  for (const id of ids) items.set(id, null)
  for (const doc of docs) items.set(doc.id as number | string, doc)
}

/**
 * The items of these ids this request read earlier (copies: the caller may replace their related
 * ids by items), when it read every one of them; otherwise null, and the caller reads them all.
 */
export function itemsReadBefore(
  req: PayloadRequest,
  collection: string,
  ids: readonly (number | string)[],
): Map<number | string, PlainDoc> | null {
  const items = readsOf.get(req)?.get(kindOf(req, collection))
  if (!items || !ids.every((id) => items.has(id))) return null
  const found = new Map<number | string, PlainDoc>()
  for (const id of ids) {
    const doc = items.get(id)
    if (doc) found.set(id, { ...doc })
  }
  return found
}

/**
 * The items of these ids as the caller may read them (or all of them with `overrideAccess`), at
 * depth 0, in one query: by id, since the collections' default sorts are on translated names,
 * which costs a second query.
 */
export async function readItemsById(
  req: PayloadRequest,
  collection: string,
  ids: readonly (number | string)[],
  {
    disableErrors = false,
    overrideAccess = false,
  }: { disableErrors?: boolean; overrideAccess?: boolean } = {},
): Promise<PlainDoc[]> {
  const { docs } = await req.payload.find({
    collection: collection as CollectionSlug,
    depth: 0,
    disableErrors,
    limit: 0,
    overrideAccess,
    pagination: false,
    req,
    sort: 'id',
    where: { id: { in: [...ids] } },
  })
  return plainDocs(docs)
}

/** Whether the collection's read access lets this request's caller read every item (answers `true`, not a condition). */
export async function mayReadEveryItem(req: PayloadRequest, collection: string): Promise<boolean> {
  const readAccess = req.payload.collections[collection as CollectionSlug]?.config.access?.read
  return Boolean(readAccess) && (await readAccess!({ req })) === true
}
