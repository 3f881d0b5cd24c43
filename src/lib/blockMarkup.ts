/*
 * Content written by the block editor, rendered as the original renders it (test/fixtures/oracle,
 * classes `f-descriptions`, `h-summary-text` and `j-html-descriptions`): the `<!-- wp:… -->`
 * delimiters are dropped and everything between them is kept as written (no paragraphs are
 * added: a document with blocks is not laid out by `autop`), except that some core blocks mark
 * their first element with a class: a paragraph `wp-block-paragraph`, a heading
 * `wp-block-heading`, a list `wp-block-list`, and the blocks with layout support (groups, columns,
 * buttons, …) and those sized inside a flex or grid parent get their layout's classes
 * (src/lib/blockLayout.ts, class `block-layout` of test/fixtures/oracle-rules).
 */

import { childLayoutClass, layoutClasses } from './blockLayout'

type Block = { name: string; attrs: Record<string, unknown>; parts: (Block | string)[] }

/** A block delimiter: `<!-- wp:name {attrs} -->`, `<!-- /wp:name -->` or `<!-- wp:name /-->`. */
const DELIMITER =
  /<!--\s+(\/)?wp:([a-z][a-z0-9_-]*\/)?([a-z][a-z0-9_-]*)\s+(\{[\s\S]*?\}\s+)?(\/)?-->/g

export const hasBlocks = (html: string) => html.includes('<!-- wp:')

/** A start tag: its name and what follows the name. */
const START_TAG = /<([a-z][a-z0-9-]*)(?=[\s/>])([^>]*)>/gi
const CLASS_ATTRIBUTE = /(\sclass\s*=\s*)("([^"]*)"|'([^']*)'|([^\s"'=<>`]+))/i

/** The value of a tag's class attribute (what follows its name), if it has one. */
function classOf(rest: string): null | RegExpExecArray {
  return CLASS_ATTRIBUTE.exec(rest)
}
const classValue = (attribute: RegExpExecArray) =>
  attribute[3] ?? attribute[4] ?? attribute[5] ?? ''

/** `html` with the classes added to the start tag `tag` found in it (each kept once, after those it has). */
function addClasses(html: string, tag: RegExpExecArray, classNames: readonly string[]): string {
  const [whole, name, rest] = tag
  const classAttribute = classOf(rest!)
  let updated: string
  if (classAttribute) {
    const classes = classValue(classAttribute)
      .split(/[ \t\n\f\r]+/)
      .filter(Boolean)
    const added = classNames.filter(
      (item, index) => !classes.includes(item) && classNames.indexOf(item) === index,
    )
    if (!added.length) return html
    const attribute = `${classAttribute[1]}"${[...classes, ...added].join(' ')}"`
    updated = `<${name}${rest!.slice(0, classAttribute.index)}${attribute}${rest!.slice(classAttribute.index + classAttribute[0].length)}>`
  } else {
    updated = `<${name} class="${classNames.join(' ')}"${rest}>`
  }
  return html.slice(0, tag.index) + updated + html.slice(tag.index + whole.length)
}

/** The first start tag of one of `names` in `html`, with the class added (kept once). */
function addClassToFirst(html: string, names: readonly string[], className: string): string {
  const tag = new RegExp(`<(${names.join('|')})(?=[\\s/>])([^>]*)>`, 'i').exec(html)
  return tag ? addClasses(html, tag, className.split(' ')) : html
}

/**
 * The tag a block's layout classes go to: the one that wraps its inner blocks, found by the class
 * of the last element with one before the first inner block (cover's inner container), or else
 * its first tag. `null` when there is no such tag: then the original adds none.
 */
function layoutTarget(html: string, before: null | string): null | RegExpExecArray {
  let wrapper = ''
  for (const tag of before?.matchAll(START_TAG) ?? []) {
    const attribute = classOf(tag[2]!)
    if (attribute && classValue(attribute)) wrapper = classValue(attribute)
  }
  for (const tag of html.matchAll(START_TAG)) {
    if (!wrapper) return tag
    const attribute = classOf(tag[2]!)
    if (attribute && classValue(attribute).includes(wrapper)) return tag
  }
  return null
}

/** The classes the original adds to a block at render time for its layout and its place in its parent's (src/lib/blockLayout.ts). */
function withLayout(html: string, block: Block, parentLayout: unknown): string {
  const child = childLayoutClass(block.attrs, parentLayout)
  const first = child ? html.matchAll(START_TAG).next().value : undefined
  let laidOut = first ? addClasses(html, first, [child!]) : html
  const classes = layoutClasses(block.name, block.attrs)
  if (!classes) return laidOut
  const innerAt = block.parts.findIndex((part) => typeof part !== 'string')
  const before = innerAt > 0 ? (block.parts[0] as string) : null
  const target = layoutTarget(laidOut, innerAt >= 0 ? before : null)
  if (target) laidOut = addClasses(laidOut, target, classes)
  return laidOut
}

function renderBlock(block: Block, parentLayout?: unknown): string {
  let html = block.parts
    .map((part) => (typeof part === 'string' ? part : renderBlock(part, block.attrs.layout)))
    .join('')
  if (block.name) html = withLayout(html, block, parentLayout)
  if (block.name === 'core/paragraph') html = addClassToFirst(html, ['p'], 'wp-block-paragraph')
  if (block.name === 'core/heading')
    html = addClassToFirst(html, ['h1', 'h2', 'h3', 'h4', 'h5', 'h6'], 'wp-block-heading')
  if (block.name === 'core/list') html = addClassToFirst(html, ['ul', 'ol'], 'wp-block-list')
  return html
}

function parseAttrs(json: string | undefined): Record<string, unknown> {
  if (!json) return {}
  try {
    const value = JSON.parse(json)
    return value && typeof value === 'object' ? value : {}
  } catch {
    return {}
  }
}

/**
 * Blocks nested deeper than this are kept as written, delimiters included: the editor nests a
 * few levels (columns, groups, quotes), and each level renders all it holds again, so 5,000
 * nested paragraphs took quadratic time and overflowed the stack (issue 25).
 */
const MAX_BLOCK_DEPTH = 64

function parseBlocks(html: string): Block {
  const root: Block = { name: '', attrs: {}, parts: [] }
  const stack: Block[] = [root]
  // Openings kept as text for being too deep, by name: their closers are text too.
  const keptAsText = new Map<string, number>()
  let at = 0
  for (const match of html.matchAll(DELIMITER)) {
    const [whole, closer, namespace, name, json, selfClosing] = match
    const current = stack[stack.length - 1]
    if (match.index > at) current.parts.push(html.slice(at, match.index))
    at = match.index + whole.length
    const fullName = `${namespace ?? 'core/'}${name}`
    const tooDeep = keptAsText.get(fullName) ?? 0
    if (closer && tooDeep) {
      keptAsText.set(fullName, tooDeep - 1)
      current.parts.push(whole)
      continue
    }
    if (!closer && !selfClosing && stack.length > MAX_BLOCK_DEPTH) {
      keptAsText.set(fullName, tooDeep + 1)
      current.parts.push(whole)
      continue
    }
    if (closer) {
      // A closer ends the innermost open block of that name (and any left open inside it).
      const index = stack.map((block) => block.name).lastIndexOf(fullName)
      if (index > 0) stack.length = index
      continue
    }
    const block: Block = { name: fullName, attrs: parseAttrs(json), parts: [] }
    current.parts.push(block)
    // A self-closing block is rendered on the server by its own code (latest posts, …), which we do not have: it renders nothing.
    if (!selfClosing) stack.push(block)
  }
  stack[stack.length - 1].parts.push(html.slice(at))
  return root
}

/** The HTML of a document with block delimiters, as the original renders it before its other filters. */
export const renderBlocks = (html: string): string => renderBlock(parseBlocks(html))

/** Blocks whose text the original's summaries read (`excerpt_remove_blocks`); columns and groups are read through. */
const SUMMARY_BLOCKS = new Set([
  'core/freeform',
  'core/heading',
  'core/html',
  'core/list',
  'core/media-text',
  'core/paragraph',
  'core/preformatted',
  'core/pullquote',
  'core/quote',
  'core/table',
  'core/verse',
])
const SUMMARY_WRAPPERS = new Set(['core/columns', 'core/column', 'core/group'])

function summaryBlocks(parts: (Block | string)[], insideWrapper: boolean): string {
  return parts
    .map((part) => {
      if (typeof part === 'string') return insideWrapper ? '' : part
      const inner = part.parts.filter((child): child is Block => typeof child !== 'string')
      if (SUMMARY_WRAPPERS.has(part.name))
        return inner.length ? summaryBlocks(inner, true) : renderBlock(part)
      if (!SUMMARY_BLOCKS.has(part.name)) return ''
      // A block with other blocks inside is read only when they are all simple blocks of the list (a list of list items is not).
      const readable = inner.every(
        (child) =>
          SUMMARY_BLOCKS.has(child.name) &&
          !child.parts.some((grandchild) => typeof grandchild !== 'string'),
      )
      return readable ? renderBlock(part) : ''
    })
    .join('')
}

/**
 * The part of a block document the original's summary (its JSON-LD `description`) is read from:
 * the blocks of text (paragraphs, headings, lists, quotes, tables, …), those inside columns and
 * groups, and the HTML between blocks; images, separators and the rest are left out.
 */
export function blocksForSummary(html: string): string {
  return summaryBlocks(parseBlocks(html).parts, false)
}
