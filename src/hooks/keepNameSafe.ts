import type { CollectionBeforeChangeHook } from 'payload'

import { titleAsKept } from '../lib/htmlSafety'
import { mayWriteUnfilteredHtml } from './keepExcerptSafe'

/**
 * A title or name is HTML to the clients of the original (WordPress clients insert `title` as
 * HTML), so it is kept as src/lib/htmlSafety.ts says (`titleAsKept`), from every surface, as
 * descriptions are: authors and contributors keep only a title's few inline tags, and nothing
 * that runs script is kept from anyone.
 */
export const keepNameSafe =
  (field: string): CollectionBeforeChangeHook =>
  ({ data, originalDoc, req }) => {
    const value = data[field] as unknown
    const unfiltered = mayWriteUnfilteredHtml(req.user)
    const kept = (text: unknown, before: unknown) =>
      typeof text === 'string' && text !== before ? titleAsKept(text, unfiltered) : text
    const stored = originalDoc?.[field] as unknown
    // A write of every language at once (`locale=all`) sends each language's.
    if (value && typeof value === 'object') {
      const before = (stored && typeof stored === 'object' ? stored : {}) as Record<string, unknown>
      data[field] = Object.fromEntries(
        Object.entries(value as Record<string, unknown>).map(([locale, text]) => [
          locale,
          kept(text, before[locale]),
        ]),
      )
    } else data[field] = kept(value, stored)
    return data
  }
