import { type DefaultTreeAdapterTypes, parseFragment } from 'parse5'
import sanitizeHtml from 'sanitize-html'

/*
 * HTML that people send (descriptions, excerpts) as it may be kept (docs/compatibility.md,
 * "Descriptions"): nothing that runs script reaches a reader, whoever wrote it, and people who
 * may not write unfiltered HTML (WordPress's `unfiltered_html`: only editors and administrators
 * have it) keep only the tags and attributes of a post, as WordPress's kses gives them. What is
 * safe is decided by parse5, which reads HTML as browsers do; what is removed is removed by
 * sanitize-html. Safe HTML is kept byte for byte, since its exact text is what the API returns.
 */

type Node = DefaultTreeAdapterTypes.Node
type Element = DefaultTreeAdapterTypes.Element

/** Addresses a post may link to, after WordPress's allowed protocols. */
const SCHEMES = [
  'http',
  'https',
  'ftp',
  'ftps',
  'mailto',
  'news',
  'irc',
  'irc6',
  'ircs',
  'gopher',
  'nntp',
  'feed',
  'telnet',
  'mms',
  'rtsp',
  'sms',
  'svn',
  'tel',
  'fax',
  'xmpp',
  'webcal',
  'urn',
]

/** Elements that run script, load a document or change where links go. */
const DANGEROUS_ELEMENTS = new Set([
  'script',
  'object',
  'embed',
  'applet',
  'base',
  'meta',
  'link',
  'frame',
  'frameset',
  'svg',
  'math',
  'portal',
  'template',
  'noscript',
  'xmp',
  'plaintext',
  'noembed',
  'noframes',
])
/** Attributes whose value is an address a browser follows or loads. */
const URL_ATTRIBUTES = new Set([
  'href',
  'src',
  'action',
  'formaction',
  'xlink:href',
  'data',
  'poster',
  'background',
  'cite',
  'longdesc',
  'usemap',
  'ping',
  'lowsrc',
  'dynsrc',
  'codebase',
  'archive',
  'manifest',
])

/** A scheme that runs script, once white space and control characters are taken out as browsers do. */
function isScriptAddress(value: string): boolean {
  // sanitize-html hands attribute values over with their entities as written (`java&#x09;script:`).
  const decoded = value
    .replace(/&#x([0-9a-f]+);?/gi, (_, hex: string) =>
      String.fromCodePoint(Math.min(parseInt(hex, 16), 0x10ffff)),
    )
    .replace(/&#(\d+);?/g, (_, decimal: string) =>
      String.fromCodePoint(Math.min(Number(decimal), 0x10ffff)),
    )
    .replace(/&(?:tab|newline);/gi, ' ')
    .replace(/&colon;/gi, ':')
  const compact = decoded.replace(/[\u0000-\u0020\u007f-\u009f]/g, '').toLowerCase()
  return /^(?:javascript|vbscript|data):/.test(compact)
}

function dangerousAttribute(name: string, value: string): boolean {
  const lower = name.toLowerCase()
  if (lower.startsWith('on') || lower === 'srcdoc') return true
  if (lower === 'formaction' || URL_ATTRIBUTES.has(lower)) return isScriptAddress(value)
  if (lower === 'style') return /expression\s*\(|javascript:|behavior\s*:|-moz-binding/i.test(value)
  if (lower === 'http-equiv') return true
  return false
}

function isElement(node: Node): node is Element {
  return 'tagName' in node
}

function nodeCarriesScript(node: Node): boolean {
  if (!isElement(node)) return false
  return (
    DANGEROUS_ELEMENTS.has(node.tagName) ||
    node.attrs.some((attribute) => dangerousAttribute(attribute.name, attribute.value))
  )
}

/**
 * Whether a browser reading this HTML would run script (or be sent to a script address). The
 * tree is walked with a list of nodes still to see, not by recursion: 20,000 nested `<div>`s
 * overflowed the stack (issue 25).
 */
export function carriesScript(html: string): boolean {
  const pending: Node[] = [parseFragment(html)]
  for (let node = pending.pop(); node; node = pending.pop()) {
    if (nodeCarriesScript(node)) return true
    if ('childNodes' in node) for (const child of node.childNodes) pending.push(child)
  }
  return false
}

/** Block-editor delimiters are comments, which sanitize-html drops: they are set aside as words while it works. */
function withBlockDelimitersKept(html: string, clean: (html: string) => string): string {
  const delimiters: string[] = []
  const nonce = Math.random().toString(36).slice(2, 10)
  // `<!--\s+\/?wp:[\s\S]*?-->`; one never closed takes the rest at once and stays (linear time).
  const marked = html.replace(/<!--\s+\/?wp:[\s\S]*?(-->|$)/g, (delimiter: string, end: string) =>
    end ? `wpblockdelimiter${nonce}x${delimiters.push(delimiter) - 1}x` : delimiter,
  )
  const cleaned = clean(marked)
  return cleaned.replace(
    new RegExp(`wpblockdelimiter${nonce}x(\\d+)x`, 'g'),
    (_, index: string) => delimiters[Number(index)] ?? '',
  )
}

const KEEP_TEXT = { parser: { decodeEntities: false }, allowVulnerableTags: true } as const

const VOID_ELEMENTS = [
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
  'source',
  'track',
  'wbr',
]

/**
 * sanitize-html writes every empty element as `<img … />`; the original keeps each as written. An
 * element the sender never closed with `/>` is written back without it.
 */
function voidElementsAsSent(cleaned: string, sent: string): string {
  const selfClosed = VOID_ELEMENTS.filter((name) =>
    new RegExp(`<${name}\\b[^>]*/>`, 'i').test(sent),
  )
  return cleaned.replace(
    new RegExp(`<(${VOID_ELEMENTS.join('|')})\\b([^>]*?) />`, 'gi'),
    (whole, name: string, rest: string) =>
      selfClosed.includes(name.toLowerCase()) ? whole : `<${name}${rest}>`,
  )
}

/** What kses does to an address with a scheme it does not allow: the scheme goes, the rest stays (`javascript:x()` → `x()`). */
function withoutBadScheme(value: string): string {
  let address = value
  for (
    let match = /^\s*([a-z][a-z0-9+.-]*)\s*:/i.exec(address);
    match && !SCHEMES.includes(match[1].toLowerCase());
    match = /^\s*([a-z][a-z0-9+.-]*)\s*:/i.exec(address)
  ) {
    address = address.slice(match[0].length)
  }
  return address
}

/** The HTML with whatever runs script taken out, the rest kept. */
function withoutScriptParts(html: string): string {
  return voidElementsAsSent(
    sanitizeHtml(html, {
      ...KEEP_TEXT,
      allowedTags: false,
      allowedAttributes: false,
      allowedSchemes: SCHEMES,
      exclusiveFilter: (frame) => DANGEROUS_ELEMENTS.has(frame.tag.toLowerCase()),
      transformTags: {
        '*': (tagName, attribs) => ({
          tagName,
          attribs: Object.fromEntries(
            Object.entries(attribs).filter(([name, value]) => !dangerousAttribute(name, value)),
          ),
        }),
      },
    }),
    html,
  )
}

/** What a post may hold for someone without `unfiltered_html` (after WordPress's `$allowedposttags`). */
const POST_TAGS = [
  'address',
  'a',
  'abbr',
  'acronym',
  'area',
  'article',
  'aside',
  'audio',
  'b',
  'bdo',
  'big',
  'blockquote',
  'br',
  'button',
  'caption',
  'cite',
  'code',
  'col',
  'colgroup',
  'del',
  'details',
  'dd',
  'dfn',
  'div',
  'dl',
  'dt',
  'em',
  'fieldset',
  'figure',
  'figcaption',
  'font',
  'footer',
  'h1',
  'h2',
  'h3',
  'h4',
  'h5',
  'h6',
  'header',
  'hgroup',
  'hr',
  'i',
  'img',
  'ins',
  'kbd',
  'label',
  'legend',
  'li',
  'main',
  'map',
  'mark',
  'menu',
  'nav',
  'ol',
  'p',
  'pre',
  'q',
  'rb',
  'rp',
  'rt',
  'rtc',
  'ruby',
  's',
  'samp',
  'span',
  'section',
  'small',
  'strike',
  'strong',
  'sub',
  'summary',
  'sup',
  'table',
  'tbody',
  'td',
  'tfoot',
  'th',
  'thead',
  'time',
  'tr',
  'track',
  'tt',
  'u',
  'ul',
  'var',
  'video',
  'source',
  'picture',
]
const GLOBAL_ATTRIBUTES = [
  'class',
  'id',
  'style',
  'title',
  'role',
  'dir',
  'lang',
  'xml:lang',
  'aria-*',
  'data-*',
  'hidden',
]

/**
 * What a title or name may hold for someone without `unfiltered_html`: WordPress filters them with
 * kses in the `title_save_pre` (and `pre_term_name`) context, which allows `$allowedtags`, the
 * short list of inline tags (an author's `<b>` stays, an `<img>` goes).
 */
const TITLE_ALLOWED: Record<string, string[]> = {
  a: ['href', 'title'],
  abbr: ['title'],
  acronym: ['title'],
  b: [],
  blockquote: ['cite'],
  cite: [],
  code: [],
  del: ['datetime'],
  em: [],
  i: [],
  q: ['cite'],
  s: [],
  strike: [],
  strong: [],
}

/** Which of WordPress's lists applies: a post's content (`$allowedposttags`) or a title (`$allowedtags`). */
export type AllowedHtml = 'post' | 'title'

function ksesLike(html: string, allowed: AllowedHtml = 'post'): string {
  const title = allowed === 'title'
  return voidElementsAsSent(
    sanitizeHtml(html, {
      ...KEEP_TEXT,
      // As kses, the text of an element taken out stays (a script's too: as text it runs nothing).
      nonTextTags: [],
      allowedTags: title ? Object.keys(TITLE_ALLOWED) : POST_TAGS,
      allowedAttributes: title
        ? TITLE_ALLOWED
        : {
            '*': GLOBAL_ATTRIBUTES,
            a: ['href', 'rel', 'rev', 'name', 'target', 'download', 'hreflang', 'referrerpolicy'],
            img: [
              'src',
              'alt',
              'width',
              'height',
              'srcset',
              'sizes',
              'loading',
              'decoding',
              'align',
              'border',
              'hspace',
              'vspace',
              'longdesc',
              'usemap',
            ],
            ol: ['start', 'type', 'reversed'],
            li: ['align', 'value'],
            td: [
              'abbr',
              'align',
              'axis',
              'bgcolor',
              'char',
              'charoff',
              'colspan',
              'headers',
              'height',
              'nowrap',
              'rowspan',
              'scope',
              'valign',
              'width',
            ],
            th: [
              'abbr',
              'align',
              'axis',
              'bgcolor',
              'char',
              'charoff',
              'colspan',
              'headers',
              'height',
              'nowrap',
              'rowspan',
              'scope',
              'valign',
              'width',
            ],
            table: [
              'align',
              'bgcolor',
              'border',
              'cellpadding',
              'cellspacing',
              'rules',
              'summary',
              'width',
            ],
            p: ['align'],
            div: ['align'],
            blockquote: ['cite'],
            q: ['cite'],
            time: ['datetime'],
            video: [
              'autoplay',
              'controls',
              'height',
              'loop',
              'muted',
              'playsinline',
              'poster',
              'preload',
              'src',
              'width',
            ],
            audio: ['autoplay', 'controls', 'loop', 'muted', 'preload', 'src'],
            source: ['src', 'type', 'srcset', 'sizes', 'media'],
            track: ['default', 'kind', 'label', 'src', 'srclang'],
            font: ['color', 'face', 'size'],
            col: ['align', 'char', 'charoff', 'span', 'valign', 'width'],
            colgroup: ['align', 'char', 'charoff', 'span', 'valign', 'width'],
          },
      allowedSchemes: SCHEMES,
      allowedSchemesAppliedToAttributes: ['href', 'src', 'cite', 'poster', 'longdesc', 'srcset'],
      transformTags: {
        '*': (tagName, attribs) => ({
          tagName,
          attribs: Object.fromEntries(
            Object.entries(attribs)
              .map(([name, value]) => [
                name,
                URL_ATTRIBUTES.has(name.toLowerCase()) ? withoutBadScheme(value) : value,
              ])
              .filter(([name, value]) => !dangerousAttribute(name, value)),
          ),
        }),
      },
    }),
    html,
  )
}

/**
 * The HTML someone sent, as it is kept: for those with `unfiltered_html` as sent unless it runs
 * script (then that part is taken out), for others with only a post's tags and attributes (or a
 * title's, `allowed: 'title'`).
 * `alsoCheck` gives other forms the HTML takes on the way to a reader (its rendering), which
 * must be safe too.
 */
export function htmlAsKept(
  html: string,
  options: { unfiltered: boolean; alsoCheck?: (html: string) => string; allowed?: AllowedHtml },
): string {
  const safe = (value: string) =>
    !carriesScript(value) && (!options.alsoCheck || !carriesScript(options.alsoCheck(value)))
  let kept = options.unfiltered
    ? html
    : withBlockDelimitersKept(html, (marked) => ksesLike(marked, options.allowed))
  if (safe(kept)) return kept
  kept = withBlockDelimitersKept(kept, withoutScriptParts)
  if (safe(kept)) return kept
  // Block delimiters put back made it unsafe (a delimiter inside an attribute): without them.
  kept = withoutScriptParts(kept)
  return safe(kept) ? kept : sanitizeHtml(kept, { allowedTags: [], allowedAttributes: {} })
}

/** What a browser may read as a tag, a comment or a declaration: anything else is text. */
const MARKUP = /<[a-z!/?]/i

/**
 * A title or name as it is kept (WordPress clients insert `title` as HTML): those without
 * `unfiltered_html` keep only a title's few inline tags (WordPress's kses on `title_save_pre`:
 * `<b>` stays, `<img onerror>` and `<script>` go, their text stays), and nothing that runs script
 * is kept from anyone. Text without a tag (`Rock & Roll < 5 €`) is left as typed.
 */
export function titleAsKept(text: string, unfiltered: boolean): string {
  return MARKUP.test(text) ? htmlAsKept(text, { allowed: 'title', unfiltered }) : text
}
