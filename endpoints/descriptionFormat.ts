/*
 * Descriptions written as rich text (the admin panel; a description sent as HTML is rendered from
 * that HTML instead, src/lib/postContent.ts), laid out as the original returns them
 * (docs/compatibility.md, "Descriptions"): WordPress
 * runs post content through `wpautop` on the way out, which puts each block on its own line, each
 * list item on its own line, writes line breaks as `<br />` followed by a newline, and wraps the
 * text of a quote in a paragraph. Our stored rich text comes out of `lexicalToHtml` as compact
 * HTML (no newlines, `<br>`); this lays that HTML out the same way.
 */

import { replaceEnclosed } from '../src/lib/tagSpans'

// A block's end followed by the next block's start; not when it closes its parent (`</p></blockquote>`).
const BLOCK_END = /(<\/(?:p|h[1-6]|ul|ol|blockquote|pre|table|figure)>|<hr>)(?=<[^/])/g

/** A quote whose text is not in a block of its own yet, up to its end (`replaceEnclosed`). */
const BARE_QUOTE = /<blockquote>(?!<(?:p|h[1-6]|ul|ol)\b)/g
const QUOTE_START = '<blockquote>'
const QUOTE_END = '</blockquote>'

export function asWordPressRenders(html: string): string {
  const withBreaks = html.replace(/<br>/g, '<br />\n')
  return replaceEnclosed(
    withBreaks,
    BARE_QUOTE,
    () => QUOTE_END,
    (quote) =>
      `${QUOTE_START}<p>${quote.slice(QUOTE_START.length, -QUOTE_END.length)}</p>${QUOTE_END}`,
  )
    .replace(/<(ul|ol)(\s[^>]*)?>/g, (tag) => `${tag}\n`)
    .replace(/<\/li>/g, '</li>\n')
    .replace(BLOCK_END, '$1\n')
}
