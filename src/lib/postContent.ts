import { processRegion } from '../calendar/cache/registry'
import { autop, phpTrim } from './autop'
import { hasBlocks, renderBlocks } from './blockMarkup'
import { convertSmilies } from './smilies'
import { convertChars, texturizeHtml } from './texturize'

/*
 * A description or excerpt as the original returns it from the HTML that was stored
 * (docs/compatibility.md, "Descriptions"): WordPress's content filters, which The Events Calendar
 * applies to `post_content` and `post_excerpt`, in their order. Block documents are rendered as
 * blocks and not laid out in paragraphs; other HTML is laid out by `autop`. Typographic quotes,
 * dashes and `&#038;` (src/lib/texturize.ts) are made after the blocks are rendered and before the
 * paragraphs are laid out, as WordPress's default filters order them (`do_blocks`, `wptexturize`,
 * `wpautop`, …, `convert_smilies`; an excerpt: `wptexturize`, `convert_smilies`, `convert_chars`, `wpautop`).
 */

const has = (tag: string, name: string) => new RegExp(`\\s${name}\\s*=`, 'i').test(tag)

/**
 * Images are told to decode asynchronously, and to load lazily when their size is given; frames
 * with a size load lazily. Attributes already there are kept.
 */
function addMediaAttributes(html: string): string {
  return html.replace(/<(img|iframe)\s[^>]+>/g, (tag, name: string) => {
    const lazy =
      has(tag, 'width') && has(tag, 'height') && !has(tag, 'loading') ? ' loading="lazy"' : ''
    const decoding = name === 'img' && !has(tag, 'decoding') ? ' decoding="async"' : ''
    return `<${name}${lazy}${decoding}${tag.slice(name.length + 1)}`
  })
}

// Lists render the same descriptions on every read: the last ones rendered are kept (about 0.1 ms each for 2 kB).
const rendered = processRegion<string>('post-content', { maxEntries: 1_000 })

/** `the_content`: what the API gives as `description`. */
export function renderPostContent(html: string): string {
  return rendered.remember(html, () => {
    const laidOut = hasBlocks(html) ? texturizeHtml(renderBlocks(html)) : autop(texturizeHtml(html))
    return phpTrim(convertSmilies(addMediaAttributes(laidOut)))
  })
}

/** `the_excerpt` of an excerpt typed as HTML: what the API gives as `excerpt`. */
export function renderExcerpt(html: string): string {
  return phpTrim(addMediaAttributes(autop(convertChars(convertSmilies(texturizeHtml(html))))))
}
