import type { CollectionBeforeChangeHook } from 'payload'

import { ValidationError } from 'payload'

import { htmlAsKept } from '../lib/htmlSafety'
import { renderPostContent } from '../lib/postContent'
import { lexicalToHtml } from '../lib/richText'
import { sentSummaryText } from '../lib/summaryText'
import { TEXT_LIMITS } from '../lib/textLimits'
import { INTERNAL_WRITE, SUMMARY_TEXT_GIVEN } from './context'
import { mayWriteUnfilteredHtml } from './keepExcerptSafe'

export type DescribedKind = 'events' | 'organizers' | 'venues'

/**
 * The request context key set by a write that received a description as HTML (the compatibility
 * API: `endpoints/events/prepareEvent.ts`, `endpoints/linkedPosts/resolveLinkedPosts.ts`; the importer), one per kind,
 * since an event's write creates its inline venue and organizers in the same request: the HTML as
 * sent, or `undefined` for a write that sent none.
 */
export const sentDescriptionKey = (kind: DescribedKind) => `eventsCalendarSentDescription:${kind}`

/**
 * Keeps the description's HTML as it was sent (`descriptionHtml`, made safe as
 * src/lib/htmlSafety.ts says), which the API renders as the original renders `post_content`
 * (src/lib/postContent.ts), and for events its text (`summaryText`), which the original's JSON-LD
 * summary is made of: the rich text cannot give either back (it has no `<div>`, no block markup,
 * and does not remember the white space between blocks). A description written as rich text (the
 * admin panel, Payload's APIs) keeps them only while it still says what they say; once an editor
 * changes it, both are dropped and the API reads the rich text instead.
 */
export const storeSentDescription =
  (kind: DescribedKind, { withSummary }: { withSummary: boolean }): CollectionBeforeChangeHook =>
  ({ collection, data, originalDoc, req }) => {
    if (data.description === undefined) return data
    // The importer reads the summary from the source's own JSON-LD: it stays as given (or as stored).
    const keepSummary = !withSummary || req.context?.[SUMMARY_TEXT_GIVEN] === true
    // A restore of one of our own dumps brings the HTML we kept (src/cli/importer/apply.ts, `exact`).
    if (req.context?.[INTERNAL_WRITE] && data.descriptionHtml !== undefined) return data
    const sent = req.context?.[sentDescriptionKey(kind)]
    if (typeof sent === 'string') {
      // Refused before any work on it: the routes bound it already (`endpoints/argBounds.ts`), the importer does not.
      if (sent.length > TEXT_LIMITS.description) {
        const message = req.t(
          'validation:shorterThanMax' as never,
          { label: req.t('general:value' as never), maxLength: TEXT_LIMITS.description } as never,
        )
        throw new ValidationError(
          { collection: collection.slug, errors: [{ message, path: 'description' }] },
          req.t,
        )
      }
      // Kept even where the rich text has nothing to show (an image alone): the API renders this HTML.
      const html = sent.trim()
        ? htmlAsKept(sent, {
            unfiltered: mayWriteUnfilteredHtml(req.user),
            alsoCheck: renderPostContent,
          })
        : ''
      data.descriptionHtml = html || null
      if (!keepSummary) data.summaryText = html ? sentSummaryText(html) || null : null
      return data
    }
    const unchanged =
      originalDoc &&
      lexicalToHtml((data.description ?? null) as never) ===
        lexicalToHtml((originalDoc.description ?? null) as never)
    data.descriptionHtml = unchanged ? (originalDoc.descriptionHtml ?? null) : null
    if (!keepSummary) data.summaryText = unchanged ? (originalDoc.summaryText ?? null) : null
    return data
  }
