import type { ExternalImageDoc } from '../src/lib/externalImage'
import type { CalendarContext } from '../src/calendar/context'

import { imageExtension, isExternalImage } from '../src/lib/externalImage'
import { relationId } from '../src/lib/databaseIds'
import { wallTime } from '../src/lib/wallTimes'
import { lexicalToHtml } from '../src/lib/richText'
import { jsonLdText } from '../src/lib/jsonLdText'
import { texturize } from '../src/lib/texturize'
import { carriesScript, htmlAsKept } from '../src/lib/htmlSafety'
import { renderExcerpt, renderPostContent } from '../src/lib/postContent'
import { asWordPressRenders } from './descriptionFormat'
import { globalId, permalink } from '../src/lib/urls'
import { slugNotYetGiven } from '../src/lib/wpSlug'
import { processRegion } from '../src/calendar/cache/registry'

/** WordPress's zero date, which never-published drafts carry as their UTC dates. */
const ZERO_DATE = '0000-00-00 00:00:00'

/*
 * Lists show the same events, venues and organizers on every request (kept between requests for
 * visitors, `freshness.ts`), so what their texts render to is kept too: titles and excerpts by
 * their text, the last ones rendered (as `renderPostContent` keeps descriptions sent as HTML), and
 * a rich-text description by the stored state itself, the same object as long as its item is kept
 * (otherwise `lexicalToHtml` hashes its JSON to find it again).
 */
const shownTitles = processRegion<string>('shown-titles', { maxEntries: 5_000 })
const shownExcerpts = processRegion<string>('shown-excerpts', { maxEntries: 2_000 })
const fromRichText = new WeakMap<object, string>()

type PostLike = {
  author?: { id: number } | null | number
  createdAt: string
  globalIdLineage?: null | string[]
  id: number
  publishedAt?: null | string
  status: string
  updatedAt: string
}

/** `author`, `status` and the four post dates, as the original reports them for any post. */
export function postMeta(doc: PostLike, ctx: CalendarContext) {
  const tz = ctx.options.siteTimezone
  const published = doc.publishedAt ? new Date(doc.publishedAt) : null
  const neverPublished = !published && (doc.status === 'draft' || doc.status === 'pending')
  const date = published ?? new Date(doc.createdAt)
  const modified = new Date(doc.updatedAt)
  return {
    author: String(relationId(doc.author) ?? 0),
    status: doc.status,
    date: wallTime(date, tz),
    date_utc: neverPublished ? ZERO_DATE : wallTime(date, 'UTC'),
    modified: wallTime(modified, tz),
    modified_utc: neverPublished ? ZERO_DATE : wallTime(modified, 'UTC'),
  }
}

/** WordPress gives a post no slug until it is first published unless one was given; clients see `""` for such drafts. */
export function publicSlug(doc: {
  publishedAt?: null | string
  slug?: null | string
  slugTyped?: boolean | null
  status?: string
}): string {
  return slugNotYetGiven(doc) ? '' : (doc.slug ?? '')
}

export function globalIds(doc: PostLike, ctx: CalendarContext) {
  const own = globalId(ctx.options, doc.id)
  return {
    global_id: own,
    global_id_lineage: [own, ...(doc.globalIdLineage ?? []).filter((id) => id !== own)],
  }
}

/** A title (an event's, a venue's or an organizer's name) as the original shows it (src/lib/texturize.ts). */
export const shownTitle = (title: unknown): string =>
  shownTitles.remember(String(title ?? ''), () => texturize(String(title ?? '')))

/**
 * A title in the original's JSON-LD: WordPress's title of a private post as its templates show it
 * (`Private: ` before it), typeset (src/lib/texturize.ts), then escaped for a script (src/lib/jsonLdText.ts).
 */
export const jsonLdTitle = (status: unknown, title: unknown): string =>
  jsonLdText(
    texturize(status === 'private' ? `Private: ${String(title ?? '')}` : String(title ?? '')),
  )

/**
 * The description's HTML as the original returns it: rendered from the HTML as it was sent when
 * it was (`sentHtml`, src/lib/postContent.ts), else from the rich text (`endpoints/descriptionFormat.ts`).
 */
export function descriptionHtml(value: unknown, sentHtml?: unknown): string {
  if (typeof sentHtml === 'string' && sentHtml) return renderPostContent(sentHtml)
  if (!value || typeof value !== 'object')
    return asWordPressRenders(lexicalToHtml(value as never).trim())
  let html = fromRichText.get(value)
  if (html === undefined) {
    html = asWordPressRenders(lexicalToHtml(value as never).trim())
    fromRichText.set(value, html)
  }
  return html
}

/** WordPress's `the_excerpt` on an excerpt typed as HTML (kept safe by src/hooks/keepExcerptSafe.ts): paragraphs, nothing when empty. */
export function excerptHtml(value: null | string | undefined): string {
  const excerpt = value ?? ''
  return shownExcerpts.remember(excerpt, () => renderedExcerpt(excerpt))
}

function renderedExcerpt(excerpt: string): string {
  // Excerpts saved before they were kept as HTML were returned escaped and never made safe: they are made safe here.
  return excerpt.includes('<') && carriesScript(excerpt)
    ? renderExcerpt(htmlAsKept(excerpt, { unfiltered: false }))
    : renderExcerpt(excerpt)
}

export function escapeHtml(value: string): string {
  return value
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
}

/** The original's `false`/object image: the file's URL, id and extension, then its sizes. */
export function serializeImage(
  media: unknown,
  ctx: CalendarContext,
): false | Record<string, unknown> {
  if (!media || typeof media !== 'object') return false
  const file = media as Record<string, unknown>
  const outside = isExternalImage(file as ExternalImageDoc)
  if (!file.url && !outside) return false
  const absolute = (url: unknown) =>
    typeof url === 'string' && url.startsWith('/') ? `${ctx.options.siteUrl}${url}` : url
  const image: Record<string, unknown> = {
    url: outside ? file.externalUrl : absolute(file.url),
    id: file.id,
    extension: imageExtension(file as ExternalImageDoc),
    width: file.width,
    height: file.height,
    filesize: file.filesize,
  }
  // An image kept by its outside address shows the sizes its own site listed, as they were.
  if (outside) return dropEmpty({ ...image, sizes: file.externalSizes ?? undefined })
  const sizes = Object.entries((file.sizes ?? {}) as Record<string, Record<string, unknown>>)
    .filter(([, size]) => size?.url)
    .map(([name, size]) => [
      name,
      {
        width: size.width,
        height: size.height,
        'mime-type': size.mimeType,
        filesize: size.filesize,
        url: absolute(size.url),
      },
    ])
  if (sizes.length) image.sizes = Object.fromEntries(sizes)
  return dropEmpty(image)
}

/**
 * The JSON-LD `image` of a post with a featured image, as the original gives it after the
 * description (events, venues and organizers alike): the serialized image's URL.
 */
export function jsonLdImage(image: unknown): { image: string } | Record<string, never> {
  const url = image && typeof image === 'object' ? (image as { url?: unknown }).url : undefined
  return typeof url === 'string' && url ? { image: url } : {}
}

/** PHP's `array_filter` without a callback: drops '', false, '0', 0, [], null. */
export function dropEmpty<T extends Record<string, unknown>>(object: T): Partial<T> {
  return Object.fromEntries(
    Object.entries(object).filter(
      ([, value]) =>
        !(
          value === '' ||
          value === false ||
          value === '0' ||
          value === 0 ||
          value === null ||
          value === undefined ||
          (Array.isArray(value) && value.length === 0)
        ),
    ),
  ) as Partial<T>
}

/**
 * What venues and organizers share as the original's linked posts: id, post meta, address, the
 * name under the kind's own key, texts, slug and image, then `own` fields; empty values dropped
 * (and the `0` author); a password-protected one still locked gets the kind's `blanked` values
 * in the keys it shows.
 */
export function serializeLinkedPost(
  doc: PostLike & Record<string, unknown>,
  ctx: CalendarContext,
  args: {
    blanked: Record<string, unknown>
    kind: 'organizers' | 'venues'
    nameKey: string
    own: Record<string, unknown>
    unlocked: boolean
  },
): Record<string, unknown> {
  const base = {
    id: doc.id,
    ...postMeta(doc, ctx),
    url: permalink(ctx.options, args.kind, doc as never),
    [args.nameKey]: shownTitle(doc.name),
    description: descriptionHtml(doc.description, doc.descriptionHtml),
    excerpt: excerptHtml(doc.excerpt as string),
    // Venues and organizers get their slug when they are made, drafts too (unlike events).
    slug: doc.slug ?? '',
    image: serializeImage(doc.image, ctx),
    ...args.own,
  }
  const kept: Record<string, unknown> = dropEmpty(base)
  if (base.author === '0') delete kept.author
  // The original blanks the keys the item shows, adding none of those it left out as empty.
  if (doc.password && !args.unlocked)
    for (const [key, value] of Object.entries(args.blanked)) if (key in kept) kept[key] = value
  return kept
}
