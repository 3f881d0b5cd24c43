import type { CollectionBeforeChangeHook } from 'payload'

import { SUMMARY_TEXT_GIVEN } from '../../../src/hooks/context'
import { summaryTextOf } from '../../../src/lib/summaryText'

/**
 * Set on a request by a write that received the description as HTML (the compatibility API,
 * `endpoints/events/prepareEvent.ts`): the HTML as sent.
 */
export const SENT_DESCRIPTION = 'eventsCalendarSentDescription'

/**
 * Keeps the text of the description as it was sent, which the original's JSON-LD summary is made
 * of (`endpoints/events/jsonLdDescription.ts`): the rich text cannot give it back, since it does
 * not remember the white space between blocks (`<p>One</p><p>Two</p>` reads `OneTwo` in the
 * original, `<p>One</p>\n<p>Two</p>` reads `One Two`). A description written any other way (the
 * admin panel) has none, and the summary is then read from the rich text. An import gives it (`SUMMARY_TEXT_GIVEN`).
 */
export const storeSummaryText: CollectionBeforeChangeHook = ({ data, req }) => {
  if (data.description === undefined || req.context?.[SUMMARY_TEXT_GIVEN]) return data
  const sent = req.context?.[SENT_DESCRIPTION]
  data.summaryText = data.description && typeof sent === 'string' ? summaryTextOf(sent) || null : null
  return data
}
