import type { CollectionSlug, Where } from 'payload'

import type { RestContext } from './context'

import { downloadImage, ImageDownloadError } from '../src/lib/imageDownload'
import { can } from '../src/lib/roles'
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
  // As the original's `is_image`: an image by URL only from those who may upload files (authors and up).
  if (!can(ctx.user, 'publish_posts')) throw invalidImage()
  const url = String(value)
  const collection = ctx.options.mediaCollection as CollectionSlug
  const local = url.startsWith(ctx.options.siteUrl) ? url.slice(ctx.options.siteUrl.length) : url
  const where: Where = { or: [{ url: { equals: local } }, { externalUrl: { equals: url } }] }
  const { docs } = await ctx.payload.find({
    collection,
    depth: 0,
    limit: 1,
    overrideAccess: true,
    req: ctx.req,
    where,
  })
  if (docs[0]) return docs[0].id as number
  const file = await download(url, ctx)
  const created = await ctx.payload.create({
    collection,
    data: {} as never,
    file,
    overrideAccess: true,
    req: ctx.req,
  })
  return created.id as number
}

/** WordPress's safe download (`download_url`): public addresses only, but for the site's own host and the hosts the site trusts. */
async function download(url: string, ctx: RestContext) {
  try {
    return await downloadImage(url, {
      maxBytes: MAX_IMAGE_BYTES,
      siteUrl: ctx.options.siteUrl,
      timeoutMs: DOWNLOAD_TIMEOUT_MS,
      trustedHosts: ctx.options.imageHosts,
    })
  } catch (error) {
    if (!(error instanceof ImageDownloadError)) throw error
    throw invalidImage()
  }
}

const invalidImage = () => invalidParam('image')
