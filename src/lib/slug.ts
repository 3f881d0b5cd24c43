import type { CollectionSlug, PayloadRequest } from 'payload'

import slugify from 'slugify'

import { lockForTransaction } from './locks'

export function toSlug(text: string): string {
  return slugify(text, { lower: true, strict: true, trim: true }).slice(0, 190).replace(/-+$/, '')
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

