import { splitTags } from './tagSpans'

/** Elements that hold nothing, so open no level. */
const VOID = new Set([
  'area',
  'base',
  'br',
  'col',
  'embed',
  'hr',
  'img',
  'input',
  'link',
  'meta',
  'param',
  'source',
  'track',
  'wbr',
])
/** Elements a browser closes by itself when the next one starts, so an unclosed one opens no lasting level. */
const SELF_ENDING = new Set([
  'p',
  'li',
  'dt',
  'dd',
  'option',
  'optgroup',
  'tr',
  'td',
  'th',
  'thead',
  'tbody',
  'tfoot',
  'colgroup',
  'caption',
  'rt',
  'rp',
  'html',
  'head',
  'body',
])

const TAG_NAME = /^<(\/?)([a-zA-Z][a-zA-Z0-9-]*)/

/**
 * Whether the elements of this HTML nest deeper than `limit`, counted on its tags in one pass
 * (an end tag closes one level). The HTML parsers behind descriptions (jsdom for the rich text)
 * recurse once per level: 20,000 nested `<div>`s overflowed the stack (issue 25).
 */
export function nestsDeeperThan(html: string, limit: number): boolean {
  let depth = 0
  const pieces = splitTags(html)
  for (let index = 1; index < pieces.length; index += 2) {
    const tag = pieces[index]!
    const [, closing, name] = TAG_NAME.exec(tag) ?? []
    const lower = name?.toLowerCase()
    if (!lower || VOID.has(lower) || SELF_ENDING.has(lower)) continue
    if (closing) depth = Math.max(0, depth - 1)
    else if (!tag.endsWith('/>') && ++depth > limit) return true
  }
  return false
}
