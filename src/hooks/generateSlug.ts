import type { CollectionBeforeValidateHook, PayloadRequest } from 'payload'

import { uniqueSlug } from '../db/slug'
import { toSlug } from '../lib/wpSlug'
import { isTrashedSlug, TRASHED_SLUG_SUFFIX, untrashedSlug } from '../lib/statuses'
import { TEXT_LIMITS } from '../lib/textLimits'
import { skipsPluginHooks } from './context'

/**
 * This hook runs before the fields' validation, which refuses a title or name over its bound: a
 * slug is made from no more than a title's worth of text, so no work grows with what was sent.
 */
const bounded = (text: string) => text.slice(0, TEXT_LIMITS.title)

/** Statuses whose slug WordPress does not fix yet (`wp_insert_post` leaves a draft's `post_name` empty). */
const SLUG_NOT_FIXED = new Set(['draft', 'pending'])

/**
 * Whether an unpublished item's slug should be made again from its changed title: the slug was
 * never typed (it is the one made from the old title, or that with `-2`, `-3`…), the item is a
 * draft or pending (nothing links to it yet), the title changes in the default language and the
 * write does not set another slug. So a duplicate's `…-2` follows its new title (issue 28, item 1).
 */
function followsTitle(args: {
  current: string | undefined
  data: Record<string, unknown>
  given: string | undefined
  originalDoc: Record<string, unknown> | undefined
  req: PayloadRequest
  sourceField: string
}): boolean {
  const { current, data, given, originalDoc, req, sourceField } = args
  if (!current || !originalDoc || (given !== undefined && given !== current)) return false
  if (!SLUG_NOT_FIXED.has(String(originalDoc.status))) return false
  const title = data[sourceField]
  const oldTitle = originalDoc[sourceField]
  if (typeof title !== 'string' || typeof oldTitle !== 'string' || title === oldTitle) return false
  const localization = req.payload.config.localization
  if (localization && req.locale !== localization.defaultLocale) return false
  const madeFromOld = toSlug(bounded(oldTitle))
  if (!madeFromOld) return false
  return (
    current === madeFromOld ||
    (current.startsWith(`${madeFromOld}-`) && /^\d+$/.test(current.slice(madeFromOld.length + 1)))
  )
}

/**
 * Fills the slug from the title (or name) when it is empty, cleans one that was typed, and
 * makes it unique in the collection by appending `-2`, `-3`, … as WordPress does.
 */
export const generateSlug =
  (sourceField: string): CollectionBeforeValidateHook =>
  async ({ collection, data, originalDoc, req }) => {
    if (!data || skipsPluginHooks(req)) return data
    const given = typeof data.slug === 'string' ? data.slug : undefined
    const current = originalDoc?.slug as string | undefined
    // Into the trash and out of it (`./applyStatusWorkflow.ts` marks the slug, or takes the mark
    // off, when this has not): the slug marked, numbered when an item of the same slug is in the
    // trash already; restored, the slug it had, or the next free one when another item took it
    // meanwhile, as WordPress's `wp_insert_post` gives an untrashed post its desired slug through
    // `wp_unique_post_slug`.
    const keepsSlug = given === undefined || given === current
    const toTrash = data.status === 'trash' && originalDoc && originalDoc.status !== 'trash'
    const fromTrash =
      originalDoc?.status === 'trash' && data.status !== undefined && data.status !== 'trash'
    if (keepsSlug && current && (toTrash || fromTrash) && isTrashedSlug(current) === fromTrash) {
      data.slug = await uniqueSlug({
        base: fromTrash ? untrashedSlug(current) : `${current}${TRASHED_SLUG_SUFFIX}`,
        collection: collection.slug,
        excludeId: originalDoc!.id,
        req,
      })
      return data
    }
    if (given !== undefined && isTrashedSlug(given)) return data
    const follows = followsTitle({ current, data, given, originalDoc, req, sourceField })
    let base = given && !follows ? toSlug(bounded(given)) : ''
    if (!base && given === undefined && current && !follows) return data
    // An update hands every stored field back, the slug included: the item's own clean slug is
    // unique already (the column is), so looking for a free one would find it, after a lock and a query.
    if (given !== undefined && given === current && base === given) return data
    data.slugTyped = Boolean(base)
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
