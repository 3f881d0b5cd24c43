import type { CollectionSlug } from 'payload'

import type { RestContext } from './context'

import { invalidParam } from './errors'

const DOWNLOAD_TIMEOUT_MS = 10_000
const MAX_IMAGE_BYTES = 10 * 1024 * 1024

/**
 * An image given as the original accepts it: the id of an uploaded image, the URL of one
 * already in the media library, or the URL of an image elsewhere, which is downloaded into the
 * library (in the caller's transaction).
 */
export async function resolveImage(ctx: RestContext, value: unknown): Promise<null | number> {
  if (value === '' || value === null || value === 0 || value === '0') return null
  if (/^\d+$/.test(String(value))) return Number(value)
  const url = String(value)
  const collection = ctx.options.mediaCollection as CollectionSlug
  const local = url.startsWith(ctx.options.siteUrl) ? url.slice(ctx.options.siteUrl.length) : url
  const { docs } = await ctx.payload.find({ collection, depth: 0, limit: 1, overrideAccess: true, req: ctx.req, where: { url: { equals: local } } })
  if (docs[0]) return docs[0].id as number
  const file = await download(url)
  const created = await ctx.payload.create({ collection, data: {} as never, file, overrideAccess: true, req: ctx.req })
  return created.id as number
}

async function download(url: string) {
  const invalid = () => invalidParam('image')
  let response: Response
  try {
    response = await fetch(url, { signal: AbortSignal.timeout(DOWNLOAD_TIMEOUT_MS) })
  } catch {
    throw invalid()
  }
  const type = response.headers.get('content-type') ?? ''
  if (!response.ok || !type.startsWith('image/')) throw invalid()
  const data = Buffer.from(await response.arrayBuffer())
  if (data.length > MAX_IMAGE_BYTES) throw invalid()
  const name = decodeURIComponent(new URL(url).pathname.split('/').pop() || 'image')
  return { data, mimetype: type.split(';')[0]!, name, size: data.length }
}
