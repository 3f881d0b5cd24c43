/**
 * The text of a description's HTML as WordPress's excerpt reads it: comments (block markers) and
 * tags removed without putting anything in their place, so words only separated by tags run
 * together (`<p>One</p><p>Two</p>` → `OneTwo`) while white space, line breaks included, becomes
 * one space. Entities are kept as written. Learned from the oracle (test/fixtures/oracle, classes
 * `e-`, `f-` and `h-summary-`).
 */
export function summaryTextOf(html: string): string {
  return html
    .replace(/<!--[\s\S]*?-->/g, '')
    .replace(/<(script|style)\b[^>]*>[\s\S]*?<\/\1\s*>/gi, '')
    .replace(/<[^>]*>/g, '')
    .replace(/[\n\r\t ]+/g, ' ')
    .trim()
}
