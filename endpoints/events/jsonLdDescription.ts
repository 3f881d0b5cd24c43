import { descriptionHtml } from '../serializeCommon'

/*
 * The `description` of an event's JSON-LD as the original writes it (docs/compatibility.md,
 * "JSON-LD"): the excerpt when the event has one, else the first 55 words of the text of the
 * description as it is returned (tags dropped, so the line breaks between blocks become spaces;
 * white space collapsed, `&hellip;` after a cut), as one paragraph; escaped without
 * escaping entities twice, and followed by the two characters `\n`.
 */

const WORDS = 55

/** The text of our stored description, cut to WordPress's excerpt length. */
function summaryOf(description: unknown): string {
  const text = descriptionHtml(description)
    .replace(/<[^>]*>/g, '')
    .replace(/[\n\r\t ]+/g, ' ')
    .trim()
  if (!text) return ''
  const words = text.split(' ')
  return words.length > WORDS ? `${words.slice(0, WORDS).join(' ')}&hellip;` : text
}

/** `excerpt` is the event's excerpt as the API gives it (already a paragraph), `description` the stored rich text. */
export function jsonLdDescription(excerpt: string, description: unknown): string {
  if (excerpt.trim()) return excerpt.trim()
  const summary = summaryOf(description)
  return summary ? `<p>${summary}</p>` : ''
}

/** `esc_html`: `& < > "` escaped, but an `&` that already starts an entity is kept. */
export function escapeHtmlOnce(value: string): string {
  return value
    .replace(/&(?!(?:[a-zA-Z][a-zA-Z0-9]*|#\d+|#x[0-9a-fA-F]+);)/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
}
