import type { CollectionAfterChangeHook, CollectionSlug, TypedLocale } from 'payload'

import { INTERNAL_WRITE } from './context'
import { plainDoc } from '../lib/plainDoc'

/**
 * An item created in another language also gets those texts in the default language where that is
 * still empty, so that no item is ever nameless in the default language (`docs/compatibility.md`,
 * "Languages"). It runs in the create's transaction, so both languages are written or neither.
 */
export const fillDefaultLocale =
  (localizedFields: string[]): CollectionAfterChangeHook =>
  async ({ collection, doc, operation, req }) => {
    const localization = req.payload.config.localization
    if (operation !== 'create' || !localization || req.context?.[INTERNAL_WRITE]) return doc
    const defaultLocale = localization.defaultLocale as TypedLocale
    if (!req.locale || req.locale === defaultLocale || req.locale === 'all') return doc

    const inDefault = await req.payload.findByID({
      collection: collection.slug as CollectionSlug,
      depth: 0,
      fallbackLocale: false,
      id: doc.id,
      locale: defaultLocale,
      req,
    })
    const missing = Object.fromEntries(
      localizedFields
        .filter((field) => isEmpty(plainDoc(inDefault)[field]) && !isEmpty(doc[field]))
        .map((field) => [field, doc[field]]),
    )
    if (Object.keys(missing).length === 0) return doc
    await req.payload.update({
      collection: collection.slug as CollectionSlug,
      context: { [INTERNAL_WRITE]: true },
      data: missing,
      depth: 0,
      id: doc.id,
      locale: defaultLocale,
      req,
    })
    return doc
  }

function isEmpty(value: unknown): boolean {
  return value === undefined || value === null || value === ''
}
