import { summaryTextOf } from '../../src/lib/summaryText'
import { descriptionHtml } from '../serializeCommon'

/*
 * The `description` of an event's JSON-LD as the original writes it (docs/compatibility.md,
 * "JSON-LD"): the excerpt when the event has one, else the first 30 words of the text of the
 * description as it was sent (`summaryText`, kept at write time: tags dropped with nothing in
 * their place, white space collapsed), ` [&hellip;]` after a cut, as one paragraph; escaped as
 * WordPress's `esc_js` does (src/lib/jsonLdText.ts: entities not escaped twice, `'` as `\'`) and
 * followed by the two characters `\n`. A description that was not
 * sent as HTML (the admin panel) is read from the rich text as it is returned instead, where
 * blocks are separated by line breaks.
 */

// The original's cut, as the oracle gives it (test/fixtures/oracle/responses/h-summary-text-022-*).
const WORDS = 30

/** The text of the description, cut as the original cuts it. */
function summaryOf(description: unknown, summaryText: unknown): string {
  const text = typeof summaryText === 'string' && summaryText ? summaryText : summaryTextOf(descriptionHtml(description))
  if (!text) return ''
  const words = text.split(' ')
  return words.length > WORDS ? `${words.slice(0, WORDS).join(' ')} [&hellip;]` : text
}

/**
 * `excerpt` is the event's excerpt as the API gives it (already a paragraph), `description` the
 * stored rich text, `summaryText` the text of the description as sent, when it was.
 */
export function jsonLdDescription(excerpt: string, description: unknown, summaryText?: unknown): string {
  if (excerpt.trim()) return excerpt.trim()
  if (!description) return ''
  const summary = summaryOf(description, summaryText)
  return summary ? `<p>${summary}</p>` : ''
}
