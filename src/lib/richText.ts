import type { SanitizedConfig } from 'payload'
import type {
  DefaultNodeTypes,
  LexicalRichTextAdapter,
  SanitizedServerEditorConfig,
  SerializedAutoLinkNode,
  SerializedLinkNode,
  SerializedListNode,
  SerializedUploadNode,
} from '@payloadcms/richtext-lexical'
import type { HTMLConverter, HTMLConvertersFunction } from '@payloadcms/richtext-lexical/html'
import type {
  SerializedEditorState,
  SerializedLexicalNode,
} from '@payloadcms/richtext-lexical/lexical'

import {
  convertHTMLToLexical,
  editorConfigFactory,
  validateUrl,
} from '@payloadcms/richtext-lexical'
import { convertLexicalToHTML } from '@payloadcms/richtext-lexical/html'
import {
  IS_BOLD,
  IS_CODE,
  IS_HIGHLIGHT,
  IS_ITALIC,
  IS_STRIKETHROUGH,
  IS_SUBSCRIPT,
  IS_SUPERSCRIPT,
  IS_UNDERLINE,
} from '@payloadcms/richtext-lexical/lexical'
import { createHash } from 'node:crypto'
import { sanitizeUrl } from 'payload/shared'

import { processRegion } from '../calendar/cache/registry'
import { nestsDeeperThan } from './htmlDepth'
import { TEXT_LIMITS } from './textLimits'

/*
 * Descriptions travel as HTML in The Events Calendar's API and are stored as Lexical in Payload.
 * The output side mimics what WordPress sends for simple content, in one fixed form so that a
 * description read, sent back and read again does not change:
 *
 * - no wrapper element, no classes, no whitespace between tags;
 * - HTML5 void elements without a slash: `<br>`, `<hr>`, `<img …>`;
 * - text escapes `&`, `<`, `>` and `"`, and writes a no-break space as `&nbsp;` (so WordPress's
 *   `<p>&nbsp;</p>` spacers survive and stay visible); `'` and all non-ASCII characters are left
 *   as they are;
 * - a link that opens in a new tab is `<a href="…" target="_blank" rel="noopener">`, which is
 *   what WordPress adds to such links since 5.6.
 */

type Node = SerializedLexicalNode & { children?: Node[]; [key: string]: unknown }

// ---------------------------------------------------------------------------------------------
// Lexical → HTML
// ---------------------------------------------------------------------------------------------

const ESCAPES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  '\u00a0': '&nbsp;',
}

// One escaper for text and attribute values: the library's escape-html also turns `'` into
// `&#39;`, which WordPress does not do and which would make round trips change the text.
function escapeHtml(value: string): string {
  return value.replace(/[&<>"\u00a0]/g, (c) => ESCAPES[c]!)
}

// Innermost first. Bold is outermost so that `<strong><em>x</em></strong>`, the usual WordPress
// nesting, comes back as it went in. Strikethrough and underline use the tags WordPress editors
// write and Lexical reads back, rather than the library's inline-styled spans.
const TEXT_FORMATS: ReadonlyArray<readonly [number, string]> = [
  [IS_CODE, 'code'],
  [IS_HIGHLIGHT, 'mark'],
  [IS_SUBSCRIPT, 'sub'],
  [IS_SUPERSCRIPT, 'sup'],
  [IS_STRIKETHROUGH, 's'],
  [IS_UNDERLINE, 'u'],
  [IS_ITALIC, 'em'],
  [IS_BOLD, 'strong'],
]

const textConverter: HTMLConverter<{ format?: number; text?: string; type: 'text' }> = ({
  node,
}) => {
  let html = escapeHtml(node.text ?? '')
  const format = node.format ?? 0
  for (const [flag, tag] of TEXT_FORMATS) {
    if (format & flag) html = `<${tag}>${html}</${tag}>`
  }
  return html
}

// A URL that sanitizeUrl would replace (javascript:, vbscript:, unknown schemes) is unsafe.
function safeUrl(url: string | undefined): string | null {
  const trimmed = (url ?? '').trim()
  if (!trimmed) return null
  return sanitizeUrl(trimmed) === trimmed ? trimmed : null
}

// When a link is saved, Payload's link field replaces a URL that fails its validateUrl (a relative
// URL with `%` or `+`, a host without a dot such as localhost) with encodeURIComponent(URL), which
// no browser can follow. A URL that is exactly that encoding of one validateUrl rejects is taken
// to be the result and decoded; a URL as a client or editor wrote it is left alone.
function storedUrl(url: string | undefined): string | undefined {
  if (!url || validateUrl(url)) return url
  try {
    const decoded = decodeURIComponent(url)
    return decoded !== url && encodeURIComponent(decoded) === url && !validateUrl(decoded)
      ? decoded
      : url
  } catch {
    return url
  }
}

// Internal links point at a Payload document, for which this API has no public URL, and unsafe
// URLs must not reach a browser: both keep their text but lose the anchor, instead of becoming the
// library's `href="#"` or `href="https://"`.
const linkConverter: HTMLConverter<SerializedAutoLinkNode | SerializedLinkNode> = ({
  node,
  nodesToHTML,
}) => {
  const children = nodesToHTML({ nodes: node.children }).join('')
  const url = node.fields?.linkType === 'internal' ? null : safeUrl(storedUrl(node.fields?.url))
  if (!url) return children
  const newTab = node.fields?.newTab ? ' target="_blank" rel="noopener"' : ''
  return `<a href="${escapeHtml(url)}"${newTab}>${children}</a>`
}

// Plain `<ul>`/`<ol>`/`<li>`: the library's markup carries classes, empty `style`/`value`
// attributes and newlines meant for its own stylesheet. Lexical stores a nested list as an extra
// item holding only that list; it is written inside the previous item, as HTML (and WordPress)
// nest lists. Checklists come out as plain bullet lists.
const listConverter: HTMLConverter<SerializedListNode> = ({
  node,
  nodesToHTML,
  providedStyleTag,
}) => {
  const tag = node.tag === 'ol' ? 'ol' : 'ul'
  const start =
    tag === 'ol' && Number.isInteger(node.start) && node.start !== 1 ? ` start="${node.start}"` : ''
  const items: string[] = []
  for (const item of node.children as Node[]) {
    const nestedOnly =
      item.type === 'listitem' &&
      !!item.children?.length &&
      item.children.every((child) => child.type === 'list')
    const previous = items.at(-1)
    if (nestedOnly && previous?.endsWith('</li>')) {
      const nested = nodesToHTML({ nodes: item.children!, parent: { ...item, parent: node } }).join(
        '',
      )
      items[items.length - 1] = `${previous.slice(0, -'</li>'.length)}${nested}</li>`
    } else {
      items.push(nodesToHTML({ nodes: [item] }).join(''))
    }
  }
  return `<${tag}${providedStyleTag}${start}>${items.join('')}</${tag}>`
}

const listItemConverter: HTMLConverter<{ children: SerializedLexicalNode[]; type: 'listitem' }> = ({
  node,
  nodesToHTML,
  providedStyleTag,
}) => `<li${providedStyleTag}>${nodesToHTML({ nodes: node.children }).join('')}</li>`

// An empty paragraph is only spacing from the editor; WordPress's wpautop removes `<p></p>` too.
// The library would write `<p><br /></p>`.
const paragraphConverter: HTMLConverter<{
  children: SerializedLexicalNode[]
  type: 'paragraph'
}> = ({ node, nodesToHTML, providedStyleTag }) => {
  const children = nodesToHTML({ nodes: node.children }).join('')
  return children ? `<p${providedStyleTag}>${children}</p>` : ''
}

type UploadDoc = {
  alt?: unknown
  filename?: unknown
  height?: unknown
  mimeType?: unknown
  url?: unknown
  width?: unknown
}

// Images inserted in the admin panel: one `<img>` as WordPress writes it, instead of the library's
// multi-line `<picture>`. Only a populated upload (read with depth ≥ 1) has a URL; an unpopulated
// one is left out rather than written as a broken image.
const uploadConverter: HTMLConverter<SerializedUploadNode> = ({ node }) => {
  const doc = (typeof node.value === 'object' ? node.value : null) as UploadDoc | null
  if (!doc || typeof doc.url !== 'string' || !doc.url) return ''
  const url = escapeHtml(doc.url)
  if (typeof doc.mimeType === 'string' && doc.mimeType.startsWith('image/')) {
    const alt = (node.fields as { alt?: unknown } | undefined)?.alt || doc.alt || ''
    const size =
      typeof doc.width === 'number' && typeof doc.height === 'number'
        ? ` width="${doc.width}" height="${doc.height}"`
        : ''
    return `<img src="${url}" alt="${escapeHtml(String(alt))}"${size}>`
  }
  return `<a href="${url}">${escapeHtml(String(doc.filename ?? doc.url))}</a>`
}

const converters: HTMLConvertersFunction<DefaultNodeTypes> = ({ defaultConverters }) => ({
  // Headings, quotes and tabs are already written the WordPress way by the library.
  ...defaultConverters,
  autolink: linkConverter,
  horizontalrule: '<hr>',
  linebreak: '<br>',
  link: linkConverter,
  list: listConverter,
  listitem: listItemConverter,
  paragraph: paragraphConverter,
  text: textConverter,
  upload: uploadConverter,
  // Relationships and blocks have no HTML in this API. A function, because the library treats
  // an empty string as "no converter" and writes `<span>unknown node</span>`.
  unknown: () => '',
})

const cache = processRegion<string>('rich-text-html', { maxEntries: 500 })

/**
 * Lexical state → HTML for the API. A list of events serializes every description on every
 * request although descriptions rarely change, so results are kept by a hash of the JSON (the
 * state read from the database is a new object each time, so identity cannot be the key). The
 * cache is least-recently-used with a fixed size so that a long-running server does not keep every
 * description ever served. null/undefined/empty editor → ''.
 */
export function lexicalToHtml(state: SerializedEditorState | null | undefined): string {
  if (!state?.root?.children?.length) return ''
  const key = createHash('sha1').update(JSON.stringify(state)).digest('base64')
  return cache.remember(key, () =>
    convertLexicalToHTML({ converters, data: state, disableContainer: true }),
  )
}

/** How the lexicalToHtml cache is doing, for tests and diagnostics. */
export function lexicalToHtmlCacheStats(): {
  hits: number
  maxSize: number
  misses: number
  size: number
} {
  const { entries, hits, maxEntries, misses } = cache.stats()
  return { hits, maxSize: maxEntries, misses, size: entries }
}

// ---------------------------------------------------------------------------------------------
// HTML → Lexical
// ---------------------------------------------------------------------------------------------

const editorConfigs = new WeakMap<SanitizedConfig, Promise<SanitizedServerEditorConfig>>()

// The richText fields use the config's root editor, so its features (and so the nodes HTML can
// become) are what the fields will accept; the library's default editor is the fallback when the
// root editor is not Lexical. Resolved once per config: building it costs more than a conversion.
function editorConfigFor(config: SanitizedConfig): Promise<SanitizedServerEditorConfig> {
  let editorConfig = editorConfigs.get(config)
  if (!editorConfig) {
    const rootEditor = config.editor as Partial<LexicalRichTextAdapter> | undefined
    editorConfig = rootEditor?.editorConfig?.features
      ? Promise.resolve(rootEditor.editorConfig)
      : editorConfigFactory.default({ config })
    editorConfigs.set(config, editorConfig)
    editorConfig.catch(() => editorConfigs.delete(config))
  }
  return editorConfig
}

// Markup that makes its own paragraphs. Without any of it the input is text (maybe with inline
// tags) whose paragraphs are blank lines, as WordPress's wpautop reads post content.
const BLOCK_TAG =
  /<(?:address|article|aside|blockquote|dd|details|div|dl|dt|fieldset|figcaption|figure|footer|form|h[1-6]|header|hr|li|main|nav|ol|p|pre|section|table|tbody|td|tfoot|th|thead|tr|ul)\b/i

/**
 * A line break with the spaces around it, and a `<br>` before it. It starts only at a `<br>` or
 * at the start of a run of spaces: the leftmost match always does, and starting inside a run
 * would read the run again from each of its spaces (60,000 spaces cost seconds, issue 25).
 */
const LINE_BREAK = /(?:<br\s*\/?>|(?<![ \t]))[ \t]*\n[ \t]*/gi

function paragraphsFromText(text: string): string {
  return text
    .replace(/\r\n?/g, '\n')
    .trim()
    .split(/\n[ \t]*\n\s*/)
    .map((block) => {
      // A `<` that cannot open a tag is text; escaped so that `</ ` or `<!` in prose is not
      // swallowed as a comment by the parser. `&` is left alone: as in WordPress, the content is
      // HTML, so `&amp;` means `&`.
      const escaped = block.replace(/<(?!\/?[a-zA-Z]|!--)/g, '&lt;')
      // `<br>` followed by a newline is one line break, not two.
      return `<p>${escaped.replace(LINE_BREAK, '<br>')}</p>`
    })
    .join('')
}

// The node types lexicalToHtml writes. Anything else would be stored but never shown through the
// API; an `<img>` in particular becomes an upload node "pending" a file the client never sends,
// which fails validation and would make the whole save fail.
const SUPPORTED_TYPES = new Set([
  'autolink',
  'heading',
  'horizontalrule',
  'linebreak',
  'link',
  'list',
  'listitem',
  'paragraph',
  'quote',
  'tab',
  'text',
])
const DROPPED_WHEN_EMPTY = new Set(['autolink', 'heading', 'link', 'list', 'paragraph', 'quote'])

function cleanNodes(nodes: Node[]): Node[] {
  const out: Node[] = []
  for (const node of nodes) {
    const children = node.children ? cleanNodes(node.children) : undefined
    if (!SUPPORTED_TYPES.has(node.type)) {
      // An unknown container (a table, were the feature enabled) keeps its content.
      if (children) out.push(...children)
      continue
    }
    if (node.type === 'link' || node.type === 'autolink') {
      const fields = (node as unknown as SerializedLinkNode).fields
      // Browsers accept spaces in href but the link field's validation rejects them.
      const url = safeUrl(fields?.url?.replace(/ /g, '%20'))
      if (fields?.linkType !== 'internal' && !url) {
        // `<a>` without a usable href (empty, or javascript:…) would fail validation (the URL is
        // required) or be unsafe: keep the text only.
        if (children) out.push(...children)
        continue
      }
      if (url) (node as unknown as SerializedLinkNode).fields = { ...fields, url }
    }
    if (children) {
      if (!children.length && DROPPED_WHEN_EMPTY.has(node.type)) continue
      node.children = children
    }
    out.push(node)
  }
  return out
}

type HtmlParser = new (html: string) => { window: { document: Document } }

let htmlParser: Promise<HtmlParser> | undefined

// Building a jsdom window costs several milliseconds of CPU, most of a conversion, and parsing a
// description with a window's DOMParser a fraction of one, so windows are shared between
// conversions. `parseFromString(html, 'text/html')` runs the same full-document parse as
// `new JSDOM(html)` (parse5, scripting disabled, `about:blank`), so Lexical sees the same nodes.
//
// Once jsdom's selector engine has searched a document, listeners it registers on the window hold
// that document for as long as the window lives. Lexical's import searches only documents with a
// `<style>` (see below), so a window is replaced once those add up to this much HTML, and in any
// case after this many documents.
const HELD_CHARACTERS_PER_WINDOW = 1_000_000
const DOCUMENTS_PER_WINDOW = 1_000

// Loaded on first use: only writes need it, and jsdom is heavy for code that only reads.
function loadHtmlParser(): Promise<HtmlParser> {
  htmlParser ??= import('jsdom').then(({ JSDOM }) => {
    let parser: DOMParser | undefined
    let documents = 0
    let heldCharacters = 0
    // What convertHTMLToLexical expects of its `JSDOM` argument: `new X(html).window.document`.
    // Conversions are synchronous, so one parser serves every request in turn.
    return class ParsedHtml {
      readonly window: { document: Document }
      constructor(html: string) {
        if (
          !parser ||
          documents >= DOCUMENTS_PER_WINDOW ||
          heldCharacters >= HELD_CHARACTERS_PER_WINDOW
        ) {
          parser = new new JSDOM('').window.DOMParser()
          documents = 0
          heldCharacters = 0
        }
        documents++
        const document = parser.parseFromString(html, 'text/html') as unknown as Document
        // Images go before Lexical sees them: it would make each an upload node (see
        // SUPPORTED_TYPES) and, that node being a block, trim the spaces around it, gluing
        // "an <img> image" together. getElementsByTagName selects what querySelectorAll('img')
        // does in an HTML document, without starting the selector engine.
        for (const image of Array.from(document.getElementsByTagName('img'))) image.remove()
        // Lexical's import first asks `querySelector('style')` (to inline the page's stylesheets).
        // Answered the same way from the tree, that question does not start the selector engine,
        // which costs more than the parse; only when there is a `<style>` does Lexical go on to
        // use the engine (through jsdom, as before), and the document is counted as held.
        const querySelector = document.querySelector.bind(document)
        Object.defineProperty(document, 'querySelector', {
          value: (selectors: string) => {
            if (selectors !== 'style') return querySelector(selectors)
            const style = document.getElementsByTagName('style')[0] ?? null
            if (style) heldCharacters += html.length
            return style
          },
        })
        this.window = { document }
      }
    }
  })
  htmlParser.catch(() => (htmlParser = undefined))
  return htmlParser
}

/**
 * HTML from a client (may be plain text without tags) → Lexical state for the richText field.
 * Clients of The Events Calendar's API send whatever WordPress would accept, often plain text;
 * text without block markup gets a paragraph per blank-line-separated block and `<br>` for single
 * newlines. Images and other nodes the API cannot write back are dropped rather than failing the
 * save, so are empty paragraphs; links without a usable URL keep only their text. Returns null
 * when nothing is left, so that the field is empty rather than holding an empty paragraph.
 */
export async function htmlToLexical(
  html: string,
  config: SanitizedConfig,
): Promise<SerializedEditorState | null> {
  if (typeof html !== 'string' || !html.trim()) return null
  // The routes refuse such HTML first (`endpoints/validators.ts`, `isHtml`): jsdom recurses once per level.
  if (nestsDeeperThan(html, TEXT_LIMITS.htmlDepth))
    throw new RangeError(`HTML nested deeper than ${TEXT_LIMITS.htmlDepth} levels`)
  const source = BLOCK_TAG.test(html) ? html : paragraphsFromText(html)
  const [JSDOM, editorConfig] = await Promise.all([loadHtmlParser(), editorConfigFor(config)])
  const state = convertHTMLToLexical({
    editorConfig,
    html: source,
    JSDOM,
  }) as unknown as SerializedEditorState
  const children = cleanNodes(state.root.children as Node[])
  if (!children.length) return null
  state.root.children = children
  return state
}
