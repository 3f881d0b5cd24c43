import type { CollectionBeforeChangeHook } from 'payload'

import { htmlAsKept } from '../lib/htmlSafety'
import { mayWriteUnfilteredHtml } from './keepExcerptSafe'

/**
 * A title or name is HTML to the clients of the original (WordPress clients insert `title` as
 * HTML), so it is kept as src/lib/htmlSafety.ts says, from every surface, as descriptions are:
 * authors and contributors keep only a title's few inline tags (WordPress's kses on
 * `title_save_pre`: `<b>` stays, `<img onerror>` and `<script>` go, their text stays), and
 * nothing that runs script is kept from anyone. Text without a tag (`Rock & Roll < 5 €`) is left as typed.
 */
/** What a browser may read as a tag, a comment or a declaration: anything else is text. */
const MARKUP = /<[a-z!/?]/i

export const keepNameSafe =
  (field: string): CollectionBeforeChangeHook =>
  ({ data, originalDoc, req }) => {
    const value = data[field] as unknown
    const unfiltered = mayWriteUnfilteredHtml(req.user)
    const kept = (text: unknown, before: unknown) =>
      typeof text === 'string' && text !== before && MARKUP.test(text)
        ? htmlAsKept(text, { allowed: 'title', unfiltered })
        : text
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
