/*
 * How much of a source the importer reads: a source is another site, which may answer anything
 * (a listed id near a billion, `X-TEC-TotalPages: 999999`, a body without end, a description
 * nested a hundred thousand levels deep). Every answer is read within these bounds, and what
 * goes past them is a clean failure of the item or of the run, never a crash or an endless run.
 */

/** The most of one answer read (a page of a list, one item, a user): past it the answer is refused. */
export const MAX_RESPONSE_BYTES = 32 * 1024 * 1024

/** The most one list may give, in items and in bytes over all its pages; a site with more is not read by this tool. */
export const MAX_LIST_ITEMS = 100_000
export const MAX_LIST_BYTES = 256 * 1024 * 1024

/**
 * Unlisted ids tried for events hidden from lists, per listed post (WordPress spends ids on
 * revisions, attachments and pages too), and in all: a listed id of a billion is no reason to ask
 * a billion times.
 */
export const PROBES_PER_POST = 20
export const MAX_PROBES = 100_000

/** Levels of arrays and objects in one item; The Events Calendar's deepest (an event's venue's image's sizes) is 5. */
export const MAX_JSON_DEPTH = 32

/**
 * Levels of elements in a description: converting HTML to the editor's state walks it
 * recursively, so a deeper one would exhaust the stack. WordPress content is never near it.
 */
export const MAX_HTML_DEPTH = 256

/** Whether `value` has arrays or objects nested deeper than `limit`: walked with a stack of its own, stopping at the limit. */
export function isNestedDeeperThan(value: unknown, limit: number): boolean {
  const stack: [unknown, number][] = [[value, 0]]
  while (stack.length) {
    const [item, depth] = stack.pop()!
    if (!item || typeof item !== 'object') continue
    if (depth >= limit) return true
    for (const child of Array.isArray(item) ? item : Object.values(item)) {
      if (child && typeof child === 'object') stack.push([child, depth + 1])
    }
  }
  return false
}

/**
 * Elements that close themselves (`<br>`), or that the next of their kind closes (`<p>`, `<li>`,
 * `<td>`…): they are not counted as levels, so that HTML typed without their end tags is not
 * mistaken for deep nesting.
 */
const NOT_NESTING = new Set([
  'area',
  'base',
  'br',
  'caption',
  'col',
  'colgroup',
  'dd',
  'dt',
  'embed',
  'hr',
  'img',
  'input',
  'li',
  'link',
  'meta',
  'option',
  'optgroup',
  'p',
  'param',
  'rp',
  'rt',
  'source',
  'tbody',
  'td',
  'tfoot',
  'th',
  'thead',
  'tr',
  'track',
  'wbr',
])

/** The deepest nesting of elements in `html`, counted in one pass over it (an approximation that never undercounts what a parser nests). */
export function htmlDepth(html: string): number {
  let depth = 0
  let deepest = 0
  for (let at = html.indexOf('<'); at !== -1; at = html.indexOf('<', at + 1)) {
    const closing = html[at + 1] === '/'
    const name = /^[a-zA-Z][a-zA-Z0-9-]*/
      .exec(html.slice(at + (closing ? 2 : 1), at + 34))?.[0]
      ?.toLowerCase()
    if (!name) continue
    const end = html.indexOf('>', at)
    if (end === -1) break
    const selfClosing = html[end - 1] === '/'
    at = end
    if (NOT_NESTING.has(name) || selfClosing) continue
    if (closing) depth = Math.max(0, depth - 1)
    else deepest = Math.max(deepest, ++depth)
  }
  return deepest
}
