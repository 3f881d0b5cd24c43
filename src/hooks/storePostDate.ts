import type { CollectionBeforeChangeHook } from 'payload'

import { wholeSecond } from '../lib/postDate'

/**
 * Keeps an item's post date as the original orders its lists by it (`docs/compatibility.md`,
 * "Order of events" and "Order of venues and organizers"): the publication date, or when the item
 * was made if it has none (as the API's `date`, `endpoints/serializeCommon.ts`), to the whole
 * second, as WordPress stores it, so that items made in the same second tie as they do there. Runs
 * after the status (with its publication date) is decided.
 */
export const storePostDate: CollectionBeforeChangeHook = ({ data, operation, originalDoc }) => {
  // Payload dates a new row only when it writes it (`@payloadcms/drizzle`, upsertRow): dated here
  // instead, so that the post date is the row's own.
  if (operation === 'create' && !data.createdAt) data.createdAt = new Date().toISOString()
  const current = (name: string) =>
    (data[name] !== undefined ? data[name] : originalDoc?.[name]) as null | string | undefined
  const posted = current('publishedAt') ?? current('createdAt')
  if (posted) data.postDate = wholeSecond(posted)
  return data
}
