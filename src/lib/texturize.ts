/*
 * WordPress's typographic replacements on titles ("texturize"), as the original applies them to an
 * event's `title`, a venue's `venue` and an organizer's `organizer` (docs/compatibility.md, "Titles"):
 * straight quotes become curly ones chosen by their neighbours, an apostrophe or a prime after a
 * digit, `--`/`---` and a lone ` - ` become dashes, `...` an ellipsis, `2x3` a times sign, a trailing
 * ` (tm)` a trade mark, and an `&` that does not start an entity `&#038;`; all written as numeric
 * entities, as the original writes them. Applied on output only: stored names keep what was typed.
 * The same replacements on HTML (`texturizeHtml`) typeset descriptions and excerpts
 * (src/lib/postContent.ts; docs/compatibility.md, "Descriptions").
 * Rules written from the original's answers (src/lib/texturize.spec.ts lists them).
 */

import { phpTrim } from './autop'

const SPACE = String.raw`(?:[\r\n\t ]|\u00a0|&nbsp;)`
/** What may follow a closing quote: the end, punctuation, a closing bracket, a dash or a space. */
const CLOSER_FOLLOWS = String.raw`(?=$|[.,:;!?)}\-\]]|&gt;|${SPACE})`

const ENTITY = {
  apostrophe: '&#8217;',
  closeDouble: '&#8221;',
  closeSingle: '&#8217;',
  doublePrime: '&#8243;',
  ellipsis: '&#8230;',
  emDash: '&#8212;',
  enDash: '&#8211;',
  openDouble: '&#8220;',
  openSingle: '&#8216;',
  prime: '&#8242;',
  times: '&#215;',
  ampersand: '&#038;',
}

/*
 * Placeholders while quotes are being decided (private-use characters, never in a title): an
 * opening quote found early splits the text into quotations, which decides what the straight
 * quotes after it close.
 */
const OPEN_SINGLE = '\uE000'
const OPEN_DOUBLE = '\uE001'
const APOSTROPHE = '\uE002'
const CANDIDATE = '\uE003'

/** Fixed words and sequences, replaced first, in this order. */
const FIXED: [string, string][] = [
  ['...', ENTITY.ellipsis],
  ['``', ENTITY.openDouble],
  ["''", ENTITY.closeDouble],
  [' (tm)', ' &#8482;'],
  // Words that start with an apostrophe rather than an opening quote ('tis, 'til, …), lower case only.
  ...[
    "'tain't",
    "'twere",
    "'twas",
    "'tis",
    "'twill",
    "'til",
    "'bout",
    "'nuff",
    "'round",
    "'cause",
    "'em",
  ].map((word): [string, string] => [word, word.replaceAll("'", ENTITY.apostrophe)]),
]

/** Single quotes, tried in this order. */
const SINGLE_QUOTE_RULES: [RegExp, string][] = [
  // '99' and '99" closing a quotation: an abbreviated year.
  [new RegExp(String.raw`'(\d\d)'${CLOSER_FOLLOWS}`, 'g'), `${APOSTROPHE}$1${ENTITY.closeSingle}`],
  [new RegExp(String.raw`'(\d\d)"${CLOSER_FOLLOWS}`, 'g'), `${APOSTROPHE}$1${ENTITY.closeDouble}`],
  // '99, '99s: an apostrophe; never '9, '99%, '999 or '99.0.
  [/'(?=\d\d(?:$|(?![%\d]|[.,]\d)))/g, APOSTROPHE],
  // A quoted number: '0.42'.
  [
    new RegExp(String.raw`(?<=^|${SPACE})'(\d[.,\d]*)'`, 'g'),
    `${OPEN_SINGLE}$1${ENTITY.closeSingle}`,
  ],
  // At the start, or after an opening bracket, a double quote, a dash or a space: an opening quote.
  [new RegExp(String.raw`(?<=^|[([{"\-]|&lt;|${SPACE})'`, 'g'), OPEN_SINGLE],
  // Inside a word: an apostrophe.
  [
    new RegExp(String.raw`(?<!${SPACE})'(?!$|[.,:;!?"'(){}[\]\-]|&[lg]t;|${SPACE})`, 'g'),
    APOSTROPHE,
  ],
]

/** Double quotes, tried in this order. */
const DOUBLE_QUOTE_RULES: [RegExp, string][] = [
  // A quoted number: "42".
  [
    new RegExp(String.raw`(?<=^|${SPACE})"(\d[.,\d]*)"`, 'g'),
    `${OPEN_DOUBLE}$1${ENTITY.closeDouble}`,
  ],
  // At the start, or after an opening bracket, a dash or a space, and not before a space: an opening quote.
  [new RegExp(String.raw`(?<=^|[([{\-]|&lt;|${SPACE})"(?!${SPACE})`, 'g'), OPEN_DOUBLE],
]

const DASH_RULES: [RegExp, string][] = [
  [/---/g, ENTITY.emDash],
  [new RegExp(String.raw`(?<=^|${SPACE})--(?=$|${SPACE})`, 'g'), ENTITY.emDash],
  // Not in a punycode host name (xn--).
  [/(?<!xn)--/g, ENTITY.enDash],
  [new RegExp(String.raw`(?<=^|${SPACE})-(?=$|${SPACE})`, 'g'), ENTITY.enDash],
]

/** An `&` that does not already start an entity. */
const BARE_AMPERSAND = /&(?!#(?:\d+|x[a-f0-9]+);|[a-z1-4]{1,8};)/gi

const replaceAll = (text: string, rules: [RegExp, string][]) =>
  rules.reduce((result, [pattern, replacement]) => result.replace(pattern, replacement), text)

/**
 * The straight quotes left after the opening ones were found: in each quotation (the text after an
 * opening quote), a quote before punctuation or a space closes it, unless the quotation already has
 * its closing quote; after a digit it is a prime; any other closes. Several candidates in one
 * quotation: the one not after a digit closes it, else the last one before a period, else the last.
 */
function closeQuotes(
  text: string,
  quote: "'" | '"',
  open: string,
  close: string,
  prime: string,
): string {
  const closer = new RegExp(`${quote}${CLOSER_FOLLOWS}`, 'g')
  const afterDigit = new RegExp(`(?<=\\d)${quote}`, 'g')
  const quotations = text.split(open).map((quotation, index) => {
    if (!quotation.includes(quote)) return quotation
    let result: string
    if (index > 0 && !quotation.includes(close)) {
      const candidates = quotation.match(closer)?.length ?? 0
      const marked = quotation.replace(closer, CANDIDATE)
      if (candidates > 1) result = closeOneOfMany(marked, close, prime, afterDigit)
      else if (candidates === 1)
        result = marked.replace(CANDIDATE, close).replace(afterDigit, prime)
      else result = marked.replace(afterDigit, prime)
    } else {
      result = quotation.replace(afterDigit, prime).replace(closer, close)
    }
    return quote === '"' ? result.replaceAll('"', close) : result
  })
  return quotations.join(open)
}

function closeOneOfMany(marked: string, close: string, prime: string, afterDigit: RegExp): string {
  const notAfterDigit = new RegExp(`(?<!\\d)${CANDIDATE}`, 'g')
  let result = marked
  if (notAfterDigit.test(result)) {
    result = result.replace(notAfterDigit, close)
  } else {
    const beforePeriod = result.lastIndexOf(`${CANDIDATE}.`)
    const at = beforePeriod >= 0 ? beforePeriod : result.lastIndexOf(CANDIDATE)
    result = result.slice(0, at) + close + result.slice(at + CANDIDATE.length)
  }
  return result
    .replace(afterDigit, prime)
    .replace(new RegExp(`(?<=\\d)${CANDIDATE}`, 'g'), prime)
    .replaceAll(CANDIDATE, close)
}

/** One run of text between tags. */
function texturizeText(text: string): string {
  let result = FIXED.reduce((current, [from, to]) => current.replaceAll(from, to), text)
  if (result.includes("'")) {
    result = closeQuotes(
      replaceAll(result, SINGLE_QUOTE_RULES),
      "'",
      OPEN_SINGLE,
      ENTITY.closeSingle,
      ENTITY.prime,
    )
    result = result
      .replaceAll(APOSTROPHE, ENTITY.apostrophe)
      .replaceAll(OPEN_SINGLE, ENTITY.openSingle)
  }
  if (result.includes('"')) {
    result = closeQuotes(
      replaceAll(result, DOUBLE_QUOTE_RULES),
      '"',
      OPEN_DOUBLE,
      ENTITY.closeDouble,
      ENTITY.doublePrime,
    )
    result = result.replaceAll(OPEN_DOUBLE, ENTITY.openDouble)
  }
  if (result.includes('-')) result = replaceAll(result, DASH_RULES)
  // 9x9 is a times sign, but 0x9999 (hexadecimal) is not.
  if (/(?<=\d)x\d/.test(result))
    result = result.replace(/\b(0[\d.,]+|[1-9][\d.,]*)x(\d[\d.,]*)\b/g, `$1${ENTITY.times}$2`)
  return result.replace(BARE_AMPERSAND, ENTITY.ampersand)
}

/**
 * A tag or comment: `<!-- … -->`, or `<` up to the next `>` (to the end when there is none); its
 * text is left alone but for bare `&`s.
 */
const TAG = String.raw`<!--(?:-(?!->)|[^-])*(?:-->)?|<(?!!--)[^>]*>?`
/**
 * The shortcodes registered on the original (WordPress's own and The Events Calendar's): texturize
 * leaves such a shortcode's opening or closing tag as written (attributes, `&`s), but not unknown ones.
 */
const REGISTERED_SHORTCODES = [
  'wp_caption',
  'caption',
  'gallery',
  'playlist',
  'audio',
  'video',
  'embed',
  'tribe:event-details',
  'tec_event_qr',
]
/**
 * A registered shortcode's tag: `[name`, `[/name` or `[[name` (escaped), the name followed by a
 * space, `/` or `]`, then anything but brackets (tags whole), up to `]` or `]]`.
 */
const SHORTCODE = String.raw`\[[/[]?(?:${REGISTERED_SHORTCODES.join('|')})(?=[\s/\]])(?:[^[\]<>]|<[^[\]>]*>)*\]\]?`
const SPLIT = new RegExp(`(${TAG})`)
const SPLIT_WITH_SHORTCODES = new RegExp(`(${TAG}|${SHORTCODE})`)
/** Elements whose content is code, never texturized (names as written: `<CODE>` is texturized). */
const VERBATIM = new Set(['code', 'kbd', 'pre', 'script', 'style', 'tt'])

/**
 * WordPress's typographic replacements on HTML (`wptexturize`, as the original's `the_content` and
 * `the_excerpt` run it before laying out paragraphs): the text between tags and shortcodes is
 * typeset, except inside code elements; a tag's bare `&`s become `&#038;`; comments and the
 * registered shortcodes' tags stay as written. Rules checked against the original on generated HTML
 * (src/lib/texturize.spec.ts).
 */
export function texturizeHtml(html: string): string {
  if (!html) return html
  const open: string[] = []
  const pieces = html.split(html.includes('[') ? SPLIT_WITH_SHORTCODES : SPLIT)
  // Odd pieces are what the split found: tags, comments and shortcodes.
  const converted = pieces.map((piece, index) => {
    if (index % 2 === 1) {
      if (piece.startsWith('[') || piece.startsWith('<!--')) return piece
      trackVerbatim(piece, open)
      return piece.replace(BARE_AMPERSAND, ENTITY.ampersand)
    }
    if (!phpTrim(piece) || open.length) return piece
    return texturizeText(piece)
  })
  return converted.join('')
}

/** A title as the original returns it: typeset, `&`s written as entities (`convertChars`), then trimmed, as WordPress's title filter does. */
export function texturize(title: string): string {
  if (!title) return title
  return phpTrim(convertChars(texturizeHtml(title)))
}

/** Opening a code element stops texturizing until the same element closes. */
function trackVerbatim(tag: string, open: string[]): void {
  const closing = tag[1] === '/'
  if (closing && !open.length) return
  const start = closing ? 2 : 1
  const space = tag.indexOf(' ')
  const name = space >= 0 ? tag.slice(start, space) : tag.slice(start, -1)
  if (!VERBATIM.has(name)) return
  if (!closing) open.push(name)
  else if (open.at(-1) === name) open.pop()
}

/**
 * WordPress's `convert_chars`, run by the title and excerpt filters after texturize: an `&` is kept
 * only before `#` or before two to nine letters or digits 1–4 and a `;` (so `&x;` becomes `&#038;x;` too).
 */
export const convertChars = (text: string) =>
  text.replace(/&([^#])(?![a-z1-4]{1,8};)/gi, `${ENTITY.ampersand}$1`)

/** The typed text each of texturize's entities most likely stood for. */
const TYPED: [RegExp, (match: string, before: string, after: string) => string][] = [
  [/&#(?:8216|8217|8242);/g, () => "'"],
  [/&#(?:8220|8221|8243);/g, () => '"'],
  [/&#8230;/g, () => '...'],
  [/ &#8482;/g, () => ' (tm)'],
  [/&#215;/g, () => 'x'],
  [/&#038;/g, () => '&'],
]

/**
 * The title an editor typed, from the one the original returned (`texturize` undone), for an
 * import: a curly quote the original wrote as an entity was typed straight, one it wrote as a
 * character was typed so. `null` when no typed title reads back as `shown`.
 */
export function typedTitle(shown: string): null | string {
  let typed = TYPED.reduce(
    (text, [pattern, replace]) => text.replace(pattern, replace as never),
    shown,
  )
  // A dash between spaces (or at an end) was typed alone (en) or doubled (em); within a word, doubled (en) or tripled (em).
  typed = typed.replace(/&#(8211|8212);/g, (_, code: string, at: number, text: string) => {
    const spaced =
      (at === 0 || /[\s\u00a0]/.test(text[at - 1]!) || text.slice(0, at).endsWith('&nbsp;')) &&
      (at + 7 === text.length ||
        /[\s\u00a0]/.test(text[at + 7]!) ||
        text.startsWith('&nbsp;', at + 7))
    if (code === '8211') return spaced ? '-' : '--'
    return spaced ? '--' : '---'
  })
  return texturize(typed) === shown ? typed : null
}
