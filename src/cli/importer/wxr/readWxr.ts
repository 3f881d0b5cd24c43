import { createReadStream } from 'node:fs'
import { stat } from 'node:fs/promises'
import { SaxesParser, type SaxesTagNS } from 'saxes'

import { SourceError } from '../sourceClient'

/*
 * A WordPress export file (WXR: RSS 2.0 with the `wp:` namespace, Tools → Export), read as a
 * stream with bounds on everything a file can make large: its size, its items, how deeply its
 * elements nest, each text's length and each post's meta. saxes neither fetches external
 * entities nor expands entities a DOCTYPE declares, so the file cannot reach outside itself or
 * multiply its own size.
 */

/** The largest export read. */
export const MAX_WXR_BYTES = 512 * 1024 * 1024
/** Items of any type (posts, pages, attachments, menu items…) in one file. */
export const MAX_WXR_ITEMS = 200_000
/** Levels of elements: a WXR item's meta is four deep. */
export const MAX_WXR_DEPTH = 16
/** Characters of one element's text (a post's content, a meta value). */
export const MAX_WXR_TEXT = 4 * 1024 * 1024
/** Meta entries of one post. */
export const MAX_WXR_META = 2_000
/** Taxonomy terms (`<category>`) of one post. */
export const MAX_WXR_TERMS = 1_000

/** One `<item>`: a post of any type, with its meta and terms. */
export type WxrPost = {
  /** 1 for the file's first item: how messages find it when its id is missing or wrong. */
  index: number
  line: number
  id: number
  type: string
  title: string
  content: string
  excerpt: string
  slug: string
  status: string
  parent: number
  date: string
  dateGmt: string
  modified: string
  modifiedGmt: string
  password: string
  menuOrder: number
  creator: string
  attachmentUrl: string
  /** Every value of each key, in the file's order (an event has one `_EventOrganizerID` per organizer). */
  meta: Map<string, string[]>
  terms: { domain: string; slug: string; name: string }[]
}

/** A taxonomy term of the channel (`wp:term`, `wp:category`, `wp:tag`). */
export type WxrTerm = {
  id: number
  taxonomy: string
  slug: string
  /** WXR names a parent by its slug. */
  parentSlug: string
  name: string
  description: string
}

export type WxrAuthor = { login: string; email: string; displayName: string }

export type WxrFile = { posts: WxrPost[]; terms: WxrTerm[]; authors: WxrAuthor[] }

/** The file cannot be read: the message names the item (or line) where it went wrong. A source error, so the run stops with it alone. */
export class WxrError extends SourceError {
  override name = 'WxrError'
}

const NAMESPACES: [prefix: string, matches: (uri: string) => boolean][] = [
  ['excerpt', (uri) => /^https?:\/\/wordpress\.org\/export\/[\d.]+\/excerpt\/?$/.test(uri)],
  ['wp', (uri) => /^https?:\/\/wordpress\.org\/export\/[\d.]+\/?$/.test(uri)],
  ['content', (uri) => uri === 'http://purl.org/rss/1.0/modules/content/'],
  ['dc', (uri) => uri === 'http://purl.org/dc/elements/1.1/'],
]

/** `wp:post_id` whatever prefix the file gives the namespace; elements of other namespaces keep their URI. */
function nameOf(tag: SaxesTagNS): string {
  if (!tag.uri) return tag.local
  const prefix = NAMESPACES.find(([, matches]) => matches(tag.uri))?.[0]
  return `${prefix ?? tag.uri}:${tag.local}`
}

const TERM_ELEMENTS: Record<string, string> = {
  'wp:category': 'category',
  'wp:tag': 'post_tag',
  'wp:term': '',
}

/** Reads the posts of the types in `types` (attachments' addresses always), the channel's terms and its authors. */
export async function readWxrFile(file: string, types: ReadonlySet<string>): Promise<WxrFile> {
  let size: number
  try {
    size = (await stat(file)).size
  } catch (error) {
    throw new WxrError(`${file} cannot be read: ${(error as Error).message}`, { cause: error })
  }
  if (size > MAX_WXR_BYTES)
    throw new WxrError(`${file} is larger than ${MAX_WXR_BYTES / 1024 / 1024} MiB`)

  const out: WxrFile = { authors: [], posts: [], terms: [] }
  const parser = new SaxesParser({ xmlns: true })
  const path: string[] = []
  let text: string[] = []
  let textLength = 0
  let items = 0
  let metaEntries = 0
  let post: null | WxrPost = null
  let meta: { key: string; value: string } | null = null
  let term: null | Record<string, string> = null
  let author: null | Record<string, string> = null
  let category: null | { domain: string; slug: string } = null
  let sawChannel = false

  const where = () =>
    post
      ? `item ${post.index}${post.id ? ` (post ${post.id})` : ''}, line ${parser.line}`
      : `line ${parser.line}`
  const fail = (message: string): never => {
    throw new WxrError(`${file}, ${where()}: ${message}`)
  }
  const collect = (chunk: string) => {
    textLength += chunk.length
    if (textLength > MAX_WXR_TEXT)
      fail(`<${path.at(-1)}> has more than ${MAX_WXR_TEXT.toLocaleString('en')} characters`)
    text.push(chunk)
  }

  parser.on('error', (error) => fail(error.message.replace(/^(?:[^:\n]*:)?\d+:\d+: /, '')))
  parser.on('text', collect)
  parser.on('cdata', collect)
  parser.on('opentag', (tag) => {
    const name = nameOf(tag)
    path.push(name)
    if (path.length > MAX_WXR_DEPTH) fail(`elements are nested more than ${MAX_WXR_DEPTH} deep`)
    text = []
    textLength = 0
    const parent = path.at(-2)
    if (path.length === 1 && name !== 'rss')
      fail(`this is no WordPress export: its root is <${name}>, not <rss>`)
    if (name === 'channel' && parent === 'rss') sawChannel = true
    if (parent !== 'channel' && parent !== 'item') return
    if (name === 'item' && parent === 'channel') {
      if (++items > MAX_WXR_ITEMS) fail(`the file has more than ${MAX_WXR_ITEMS} items`)
      post = emptyPost(items, parser.line)
      metaEntries = 0
    } else if (name in TERM_ELEMENTS && parent === 'channel') term = {}
    else if (name === 'wp:author' && parent === 'channel') author = {}
    else if (name === 'wp:postmeta' && post) {
      if (++metaEntries > MAX_WXR_META) fail(`the post has more than ${MAX_WXR_META} meta entries`)
      meta = { key: '', value: '' }
    } else if (name === 'category' && post) {
      const attribute = (key: string) => String(tag.attributes[key]?.value ?? '')
      category = { domain: attribute('domain'), slug: attribute('nicename') }
    }
  })
  parser.on('closetag', () => {
    const name = path.pop()!
    const parent = path.at(-1)
    const value = text.join('')
    text = []
    textLength = 0
    if (meta && parent === 'wp:postmeta') {
      if (name === 'wp:meta_key') meta.key = value
      if (name === 'wp:meta_value') meta.value = value
    } else if (meta && name === 'wp:postmeta' && post) {
      const values = post.meta.get(meta.key) ?? []
      post.meta.set(meta.key, [...values, meta.value])
      meta = null
    } else if (category && name === 'category' && post) {
      if (post.terms.length >= MAX_WXR_TERMS) fail(`the post has more than ${MAX_WXR_TERMS} terms`)
      post.terms.push({ ...category, name: value })
      category = null
    } else if (post && parent === 'item') setPostField(post, name, value)
    else if (post && name === 'item') {
      if (types.has(post.type) || post.type === 'attachment') out.posts.push(post)
      post = null
    } else if (term && parent && parent in TERM_ELEMENTS) term[name.replace(/^wp:/, '')] = value
    else if (term && name in TERM_ELEMENTS) {
      out.terms.push(termOf(term, TERM_ELEMENTS[name]!))
      term = null
    } else if (author && parent === 'wp:author') author[name.replace(/^wp:/, '')] = value
    else if (author && name === 'wp:author') {
      out.authors.push({
        displayName: author.author_display_name ?? '',
        email: author.author_email ?? '',
        login: author.author_login ?? '',
      })
      author = null
    }
  })

  const stream = createReadStream(file, { encoding: 'utf8', highWaterMark: 64 * 1024 })
  try {
    for await (const chunk of stream) parser.write(chunk as string)
    parser.close()
  } catch (error) {
    if (error instanceof WxrError) throw error
    throw new WxrError(`${file} cannot be read: ${(error as Error).message}`, { cause: error })
  } finally {
    stream.destroy()
  }
  if (!sawChannel) fail('this is no WordPress export: it has no <channel>')
  return out
}

function emptyPost(index: number, line: number): WxrPost {
  return {
    attachmentUrl: '',
    content: '',
    creator: '',
    date: '',
    dateGmt: '',
    excerpt: '',
    id: 0,
    index,
    line,
    menuOrder: 0,
    meta: new Map(),
    modified: '',
    modifiedGmt: '',
    parent: 0,
    password: '',
    slug: '',
    status: '',
    terms: [],
    title: '',
    type: '',
  }
}

const POST_FIELDS: Record<string, (post: WxrPost, value: string) => void> = {
  'content:encoded': (post, value) => (post.content = value),
  'dc:creator': (post, value) => (post.creator = value),
  'excerpt:encoded': (post, value) => (post.excerpt = value),
  title: (post, value) => (post.title = value),
  'wp:attachment_url': (post, value) => (post.attachmentUrl = value.trim()),
  'wp:menu_order': (post, value) => (post.menuOrder = Number(value) || 0),
  'wp:post_date': (post, value) => (post.date = value.trim()),
  'wp:post_date_gmt': (post, value) => (post.dateGmt = value.trim()),
  'wp:post_id': (post, value) => (post.id = wholeNumber(value)),
  'wp:post_modified': (post, value) => (post.modified = value.trim()),
  'wp:post_modified_gmt': (post, value) => (post.modifiedGmt = value.trim()),
  'wp:post_name': (post, value) => (post.slug = value.trim()),
  'wp:post_parent': (post, value) => (post.parent = wholeNumber(value)),
  'wp:post_password': (post, value) => (post.password = value),
  'wp:post_type': (post, value) => (post.type = value.trim()),
  'wp:status': (post, value) => (post.status = value.trim()),
}

function setPostField(post: WxrPost, name: string, value: string) {
  POST_FIELDS[name]?.(post, value)
}

function termOf(fields: Record<string, string>, taxonomy: string): WxrTerm {
  return {
    description:
      fields.term_description ?? fields.category_description ?? fields.tag_description ?? '',
    id: wholeNumber(fields.term_id ?? ''),
    name: fields.term_name ?? fields.cat_name ?? fields.tag_name ?? '',
    parentSlug: fields.term_parent ?? fields.category_parent ?? '',
    slug: fields.term_slug ?? fields.category_nicename ?? fields.tag_slug ?? '',
    taxonomy: fields.term_taxonomy ?? taxonomy,
  }
}

/** A positive whole number, else 0 (which the plans report as "no valid id"). */
function wholeNumber(value: string): number {
  const number = Number(value.trim())
  return Number.isSafeInteger(number) && number > 0 ? number : 0
}
