/*
 * Descriptions written as rich text (the admin panel; a description sent as HTML is rendered from
 * that HTML instead, src/lib/postContent.ts), laid out as the original returns them
 * (docs/compatibility.md, "Descriptions"): WordPress
 * runs post content through `wpautop` on the way out, which puts each block on its own line, each
 * list item on its own line, writes line breaks as `<br />` followed by a newline, and wraps the
 * text of a quote in a paragraph. Our stored rich text comes out of `lexicalToHtml` as compact
 * HTML (no newlines, `<br>`); this lays that HTML out the same way.
 */

// A block's end followed by the next block's start; not when it closes its parent (`</p></blockquote>`).
const BLOCK_END = /(<\/(?:p|h[1-6]|ul|ol|blockquote|pre|table|figure)>|<hr>)(?=<[^/])/g

export function asWordPressRenders(html: string): string {
  return html
    .replace(/<br>/g, '<br />\n')
    .replace(/<blockquote>(?!<(?:p|h[1-6]|ul|ol)\b)([\s\S]*?)<\/blockquote>/g, '<blockquote><p>$1</p></blockquote>')
    .replace(/<(ul|ol)(\s[^>]*)?>/g, (tag) => `${tag}\n`)
    .replace(/<\/li>/g, '</li>\n')
    .replace(BLOCK_END, '$1\n')
}
