import type { Payload } from 'payload'

import { headers as requestHeaders } from 'next/headers.js'
import { createLocalReq, executeAuthStrategies } from 'payload'
import { cache } from 'react'

/** An item's title in every language it has (a plain string when its title field is not localized). */
export type RelatedName = { id: number | string; name: Record<string, string> | string }

type Batch = { ids: Set<number | string>; result: Promise<Map<string, RelatedName>> }

/** The batches of one server render (React's `cache` keeps one per request). */
const batchesOfRequest = cache(() => new Map<string, Batch>())

/** The signed-in editor of this request, once per request: the names are read as they may read them. */
const viewerOfRequest = cache(async (payload: Payload) => {
  const headers = await requestHeaders()
  const req = await createLocalReq({ req: { headers } as never }, payload)
  const { user } = await executeAuthStrategies({
    canSetHeaders: false,
    headers: new Headers(headers),
    payload,
    req,
  })
  return user
})

/**
 * The titles of related items for the list's cells (`RelationNamesCell.tsx`), read on the server
 * with the rows, so the list shows them at once rather than "Loading..." while Payload's own cell
 * asks for them. The cells of one render ask together: the ids asked for in the same turn of the
 * event loop are read in one query per collection, with the editor's access rules (an item they
 * may not read gives no name).
 */
export async function relatedNames(
  payload: Payload,
  collection: string,
  ids: (number | string)[],
): Promise<RelatedName[]> {
  if (ids.length === 0) return []
  const batches = batchesOfRequest()
  let batch = batches.get(collection)
  if (!batch) {
    const pending: Batch = { ids: new Set(), result: undefined as never }
    pending.result = new Promise((resolve) => setImmediate(resolve)).then(() => {
      // Later cells start a batch of their own.
      batches.delete(collection)
      return readNames(payload, collection, [...pending.ids])
    })
    batches.set(collection, pending)
    batch = pending
  }
  for (const id of ids) batch.ids.add(id)
  const found = await batch.result
  return ids.map((id) => found.get(String(id))).filter((item): item is RelatedName => Boolean(item))
}

async function readNames(
  payload: Payload,
  collection: string,
  ids: (number | string)[],
): Promise<Map<string, RelatedName>> {
  const titleField =
    (
      payload.collections as Record<
        string,
        { config: { admin: { useAsTitle?: string } } } | undefined
      >
    )[collection]?.config.admin.useAsTitle ?? 'id'
  const user = await viewerOfRequest(payload)
  const { docs } = (await payload.find({
    collection: collection as never,
    depth: 0,
    limit: ids.length,
    locale: 'all',
    overrideAccess: false,
    pagination: false,
    select: { [titleField]: true } as never,
    user,
    where: { id: { in: ids } },
  })) as { docs: Record<string, unknown>[] }
  return new Map(
    docs.map((doc) => [
      String(doc.id),
      { id: doc.id as number | string, name: doc[titleField] as RelatedName['name'] },
    ]),
  )
}
