import sanitizeHtml from 'sanitize-html'

import { autop } from '../../src/lib/autop'
import { jsonLdText } from '../../src/lib/jsonLdText'
import { sentSummaryText, summaryTextOf, withoutShortcodes } from '../../src/lib/summaryText'
import { descriptionHtml } from '../serializeCommon'

/*
 * The `description` of an event's JSON-LD as the original writes it (docs/compatibility.md,
 * "JSON-LD"): the excerpt when the event has one (shortcodes and most tags dropped), else the first 30 words of the text of the
 * description as it was sent (`summaryText`, kept at write time: tags dropped with nothing in
 * their place, white space collapsed), ` [&hellip;]` after a cut; laid out in paragraphs
 * (src/lib/autop.ts) and escaped as WordPress's `esc_js` does (src/lib/jsonLdText.ts). A description that was not
 * sent as HTML (the admin panel) is read from the rich text as it is returned instead, where
 * blocks are separated by line breaks.
 */

// The original's cut, as the oracle gives it (test/fixtures/oracle/responses/h-summary-text-022-*).
const WORDS = 30

/** The text of the description, cut as the original cuts it. */
function summaryOf(description: unknown, summaryText: unknown, sentHtml: unknown): string {
  const sent = typeof sentHtml === 'string' && sentHtml !== ''
  const text =
    sent || (typeof summaryText === 'string' && summaryText)
      ? String(summaryText ?? '')
      : summaryTextOf(descriptionHtml(description))
  if (!text) return ''
  const words = text.split(' ')
  return words.length > WORDS ? `${words.slice(0, WORDS).join(' ')} [&hellip;]` : text
}

/** The tags the original keeps of an excerpt in its JSON-LD (other tags are dropped, their text kept). */
const EXCERPT_TAGS = ['a', 'b', 'strong', 'em', 'span', 'ul', 'li', 'ol']

function excerptSummary(excerpt: string): string {
  return sanitizeHtml(withoutShortcodes(excerpt), {
    allowedTags: EXCERPT_TAGS,
    allowedAttributes: {
      '*': ['class', 'id', 'style'],
      a: ['class', 'id', 'style', 'href', 'rel', 'target'],
    },
    nonTextTags: [],
    parser: { decodeEntities: false },
  })
}

/**
 * `excerpt` is the event's excerpt as typed (HTML), `description` the stored rich text,
 * `summaryText` the text of the description as sent and `sentHtml` that HTML, when it was. The answer is escaped as the
 * original escapes it for a script (`esc_js`).
 */
export function jsonLdDescription(
  excerpt: string,
  description: unknown,
  summaryText?: unknown,
  sentHtml?: unknown,
): string {
  if (excerpt.trim()) return jsonLdText(autop(excerptSummary(excerpt)))
  if (!description) return ''
  const summary = summaryOf(description, summaryText, sentHtml)
  return summary ? jsonLdText(autop(summary)) : ''
}

/**
 * The `description` of a venue's `Place` or an organizer's `Person`: the summary of its description
 * as for an event (an excerpt is not used), from the HTML as sent when it was.
 */
export function linkedPostJsonLdDescription(doc: object): string {
  const { description, descriptionHtml } = doc as {
    description?: unknown
    descriptionHtml?: unknown
  }
  const html = typeof descriptionHtml === 'string' ? descriptionHtml : ''
  return jsonLdDescription('', description ?? null, html ? sentSummaryText(html) : null, html)
}
