import type { CollectionSlug, PayloadRequest } from 'payload'

import slugify from 'slugify'

import { lockForTransaction } from './locks'
import { stripTags } from '../lib/tagSpans'

/**
 * A slug from a title as WordPress's `sanitize_title` makes one (docs/compatibility.md, "Slugs"):
 * tags and HTML entities are dropped, `/` and `.` become hyphens, other ASCII punctuation (`&`,
 * `<`, `$`, …) goes, then accents are folded and the rest joined with hyphens. (The slug library
 * alone would spell `&` as `and` and `<` as `less`.)
 */
export function toSlug(text: string): string {
  const plain = stripTags(text)
    // `&[^\s;]+;`, in linear time: an `&` whose run has no `;` is kept with its run at once,
    // since every `&` inside that run would fail the same way.
    .replace(/&[^\s;]+(;)?/g, (run: string, end?: string) => (end ? '' : run))
    .replace(/[/.]/g, '-')
    .replace(/[!-,:-@[-^`{-~]/g, '')
  return slugify(plain, { lower: true, remove: /[^A-Za-z0-9_\s-]/g, trim: true }).replace(/-{2,}/g, '-').replace(/^-+/, '').slice(0, 190).replace(/-+$/, '')
}

/** The first of `base`, `base-2`, `base-3`, … that no other item of the collection uses. */
export async function uniqueSlug(args: {
  base: string
  collection: string
  excludeId?: number | string
  req: PayloadRequest
}): Promise<string> {
  const { base, collection, excludeId, req } = args
  // Two writes wanting the same slug would both see it free; they take turns instead.
  await lockForTransaction(req, `slug:${collection}:${base}`)
  const { docs } = await req.payload.find({
    collection: collection as CollectionSlug,
    depth: 0,
    limit: 0,
    pagination: false,
    req,
    select: { slug: true } as never,
    where: {
      and: [
        { or: [{ slug: { equals: base } }, { slug: { like: `${base}-` } }] },
        ...(excludeId !== undefined ? [{ id: { not_equals: excludeId } }] : []),
      ],
    },
  })
  const taken = new Set(docs.map((doc) => (doc as { slug?: string }).slug))
  if (!taken.has(base)) return base
  for (let n = 2; ; n++) {
    const candidate = `${base}-${n}`
    if (!taken.has(candidate)) return candidate
  }
}

