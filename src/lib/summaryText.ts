import { blocksForSummary, hasBlocks } from './blockMarkup'
import { stripTags } from './tagSpans'

/**
 * A shortcode (`[name attr="1"]`, on one line), which the original's summaries drop before
 * anything else: `\[[^\n]+?\]`, in linear time. A `[` with no `]` after it on its line (beyond
 * its next character) takes the rest of the line at once and is kept, as every `[` in that rest
 * would fail the same way.
 */
const SHORTCODE_OR_REST = /\[(?:[^\n][^\n\]]*(\])?)?/g

export const withoutShortcodes = (text: string): string =>
  text.replace(SHORTCODE_OR_REST, (match: string, end?: string) => (end ? '' : match))

/** `<!--[\s\S]*?-->`, in linear time: a comment never closed takes the rest of the text, and is kept. */
const COMMENT_OR_REST = /<!--[\s\S]*?(-->|$)/g

const withoutComments = (html: string): string =>
  html.replace(COMMENT_OR_REST, (match: string, end: string) => (end ? '' : match))

/**
 * The text of a description's HTML as WordPress's excerpt reads it: comments (block markers) and
 * tags removed without putting anything in their place, so words only separated by tags run
 * together (`<p>One</p><p>Two</p>` → `OneTwo`) while white space, line breaks included, becomes
 * one space; shortcodes are dropped, and the text of scripts and styles kept (the original drops
 * their tags first). Entities are kept as written. Learned from the oracle (test/fixtures/oracle, classes
 * `e-`, `f-` and `h-summary-`).
 */
export function summaryTextOf(html: string): string {
  return stripTags(withoutComments(withoutShortcodes(html)))
    .replace(/[\n\r\t ]+/g, ' ')
    .trim()
}

/** The text of a description as sent, as the original's summaries read it: of a block document, its text blocks only. */
export const sentSummaryText = (html: string): string =>
  summaryTextOf(hasBlocks(html) ? blocksForSummary(html) : html)
