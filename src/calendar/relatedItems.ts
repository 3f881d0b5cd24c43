import type { CalendarContext } from './context'

import { dependOn } from './dependencies'
import { itemsReadBefore, readItemsById } from '../lib/itemsReadByRequest'
import { keptFor } from '../../endpoints/freshness'
import { relationId } from '../lib/databaseIds'

/**
 * `ofReadableItems`: the ids are images of items the caller was allowed to read, which the images'
 * own rule (`readImages` in `src/access/images.ts`) always shows them: not checked again.
 */
export type RelatedReadOptions = { ofReadableItems?: boolean }

/**
 * Items of a collection by id as the caller may read them, in one query. For visitors, items read
 * since the calendar last changed are reused (see `freshness.ts`), unreadable ones included; a
 * write's answer reuses what the write's validation read of them (`itemsReadByRequest.ts`).
 */
export async function findByIds(
  ctx: CalendarContext,
  collection: string,
  ids: number[],
  options: RelatedReadOptions = {},
): Promise<Map<number, Record<string, unknown>>> {
  const found = new Map<number, Record<string, unknown>>()
  if (!ids.length) return found
  dependOn(ctx, collection, ids)
  const readBefore = itemsReadBefore(ctx.req, collection, ids)
  if (readBefore) return readBefore as Map<number, Record<string, unknown>>
  const kept = await keptFor(ctx)
  const kind = `${collection}:${ctx.req.locale}`
  const missing = ids.filter((id) => {
    if (!kept.has(kind, String(id))) return true
    const doc = kept.get<null | Record<string, unknown>>(kind, String(id))
    if (doc) found.set(id, doc)
    return false
  })
  if (!missing.length) return found
  for (const doc of await readItemsById(ctx.req, collection, missing, {
    overrideAccess: options.ofReadableItems === true,
  }))
    found.set(doc.id as number, doc)
  for (const id of missing) kept.set(kind, String(id), found.get(id) ?? null)
  return found
}

/**
 * Replaces the ids in `field` of each item by the items of `collection`, as a depth-1 read does
 * for that field (an item the caller may not read stays an id), with one query for all of them.
 */
export async function populateField(
  ctx: CalendarContext,
  items: Record<string, unknown>[],
  field: string,
  collection: string,
  options: RelatedReadOptions = {},
) {
  const ids = [
    ...new Set(
      items
        .map((item) => relationId(item[field]))
        .filter((id): id is number => id !== null && !Number.isNaN(id)),
    ),
  ]
  const found = await findByIds(ctx, collection, ids, options)
  for (const item of items) {
    const id = relationId(item[field])
    if (id !== null && found.has(id)) item[field] = found.get(id)
  }
}
