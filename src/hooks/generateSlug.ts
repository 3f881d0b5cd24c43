import type { CollectionBeforeValidateHook } from 'payload'

import { toSlug, uniqueSlug } from '../db/slug'
import { TRASHED_SLUG_SUFFIX } from '../lib/statuses'
import { TEXT_LIMITS } from '../lib/textLimits'
import { skipsPluginHooks } from './context'

/**
 * This hook runs before the fields' validation, which refuses a title or name over its bound: a
 * slug is made from no more than a title's worth of text, so no work grows with what was sent.
 */
const bounded = (text: string) => text.slice(0, TEXT_LIMITS.title)

/**
 * Fills the slug from the title (or name) when it is empty, cleans one that was typed, and
 * makes it unique in the collection by appending `-2`, `-3`, … as WordPress does.
 */
export const generateSlug =
  (sourceField: string): CollectionBeforeValidateHook =>
  async ({ collection, data, originalDoc, req }) => {
    if (!data || skipsPluginHooks(req)) return data
    const given = typeof data.slug === 'string' ? data.slug : undefined
    if (given !== undefined && given.endsWith(TRASHED_SLUG_SUFFIX)) return data
    const current = originalDoc?.slug as string | undefined
    let base = given ? toSlug(bounded(given)) : ''
    if (!base && given === undefined && current) return data
    // An update hands every stored field back, the slug included: the item's own clean slug is
    // unique already (the column is), so looking for a free one would find it, after a lock and a query.
    if (given !== undefined && given === current && base === given) return data
    if (!base) {
      const source = data[sourceField] ?? originalDoc?.[sourceField]
      base = toSlug(typeof source === 'string' ? bounded(source) : '')
    }
    if (!base) base = String(originalDoc?.id ?? 'item')
    data.slug = await uniqueSlug({
      base,
      collection: collection.slug,
      excludeId: originalDoc?.id,
      req,
    })
    return data
  }
