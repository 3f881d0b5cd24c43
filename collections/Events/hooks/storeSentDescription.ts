import type { CollectionBeforeChangeHook } from 'payload'

import { INTERNAL_WRITE } from '../../../src/hooks/context'
import { mayWriteUnfilteredHtml } from '../../../src/hooks/keepExcerptSafe'
import { blocksForSummary, hasBlocks } from '../../../src/lib/blockMarkup'
import { htmlAsKept } from '../../../src/lib/htmlSafety'
import { renderPostContent } from '../../../src/lib/postContent'
import { lexicalToHtml } from '../../../src/lib/richText'
import { summaryTextOf } from '../../../src/lib/summaryText'

/**
 * Set on a request by a write that received the description as HTML (the compatibility API,
 * `endpoints/events/prepareEvent.ts`; the importer): the HTML as sent.
 */
export const SENT_DESCRIPTION = 'eventsCalendarSentDescription'

/**
 * Keeps the description's HTML as it was sent (`descriptionHtml`, made safe as
 * src/lib/htmlSafety.ts says), which the API renders as the original renders `post_content`
 * (src/lib/postContent.ts), and its text (`summaryText`), which the original's JSON-LD summary is
 * made of: the rich text cannot give either back (it has no `<div>`, no block markup, and does not
 * remember the white space between blocks). A description written as rich text (the admin panel,
 * Payload's APIs) keeps them only while it still says what they say; once an editor changes it,
 * both are dropped and the API reads the rich text instead.
 */
export const storeSentDescription: CollectionBeforeChangeHook = ({ data, originalDoc, req }) => {
  if (data.description === undefined) return data
  // A restore of one of our own dumps brings the HTML we kept (src/cli/importer/apply.ts, `exact`).
  if (req.context?.[INTERNAL_WRITE] && data.descriptionHtml !== undefined) return data
  const sent = req.context?.[SENT_DESCRIPTION]
  if (typeof sent === 'string') {
    // Kept even where the rich text has nothing to show (an image alone): the API renders this HTML.
    const html = sent.trim() ? htmlAsKept(sent, { unfiltered: mayWriteUnfilteredHtml(req.user), alsoCheck: renderPostContent }) : ''
    data.descriptionHtml = html || null
    data.summaryText = html ? summaryTextOf(hasBlocks(html) ? blocksForSummary(html) : html) || null : null
    return data
  }
  const unchanged = originalDoc && lexicalToHtml((data.description ?? null) as never) === lexicalToHtml((originalDoc.description ?? null) as never)
  data.descriptionHtml = unchanged ? (originalDoc.descriptionHtml ?? null) : null
  data.summaryText = unchanged ? (originalDoc.summaryText ?? null) : null
  return data
}
