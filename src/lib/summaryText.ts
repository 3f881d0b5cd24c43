import { blocksForSummary, hasBlocks } from './blockMarkup'

/** A shortcode (`[name attr="1"]`, on one line), which the original's summaries drop before anything else. */
export const SHORTCODE = /\[[^\n]+?\]/g

/**
 * The text of a description's HTML as WordPress's excerpt reads it: comments (block markers) and
 * tags removed without putting anything in their place, so words only separated by tags run
 * together (`<p>One</p><p>Two</p>` → `OneTwo`) while white space, line breaks included, becomes
 * one space; shortcodes are dropped, and the text of scripts and styles kept (the original drops
 * their tags first). Entities are kept as written. Learned from the oracle (test/fixtures/oracle, classes
 * `e-`, `f-` and `h-summary-`).
 */
export function summaryTextOf(html: string): string {
  return html
    .replace(SHORTCODE, '')
    .replace(/<!--[\s\S]*?-->/g, '')
    .replace(/<[^>]*>/g, '')
    .replace(/[\n\r\t ]+/g, ' ')
    .trim()
}

/** The text of a description as sent, as the original's summaries read it: of a block document, its text blocks only. */
export const sentSummaryText = (html: string): string => summaryTextOf(hasBlocks(html) ? blocksForSummary(html) : html)
