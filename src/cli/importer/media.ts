import type { CollectionSlug, Payload, Where } from 'payload'

import { sql } from '@payloadcms/db-postgres'
import path from 'node:path'
import { createLocalReq } from 'payload'

import type { ItemResult, Progress, RunReport } from '../progress'
import type { ImageRef } from './items'

import { inTransaction } from '../../lib/transaction'
import { drizzleOf, tableNameOf } from '../../db/pool'
import { RESTORED_IDS } from '../../hooks/guardChosenIds'
import { isExternalImage, isWebAddress } from '../../lib/externalImage'
import { downloadImage, ImageDownloadError } from '../../lib/imageDownload'
import { describeError } from './apply'

const DOWNLOAD_TIMEOUT_MS = 30_000
const MAX_IMAGE_BYTES = 25 * 1024 * 1024

/**
 * Images of imported items. Each image is its own item (its own transaction, counted under
 * "images"), stored once however many items show it:
 * - found here by its source id (kept as the media id when it was free) or, failing that, by its
 *   file name (Payload adds `-1`, `-2`… to a name already taken), it is reused;
 * - otherwise it is downloaded (or taken from the dump) into Media;
 * - an image that cannot be downloaded is kept by its address on the source, with what the source
 *   tells of it (size, sizes), and reported as a warning (`src/lib/externalImage.ts`).
 */
export class MediaImporter {
  private readonly resolved = new Map<number, Promise<number | undefined>>()
  private sequence?: Promise<string>

  constructor(
    private readonly options: {
      collection: string
      defaultLocale: string
      dryRun: boolean
      payload: Payload
      progress: Progress
      report: RunReport
      /** Images of a dump of this app (`import --file`): they keep their ids, whatever a sequence gave (`RESTORED_IDS`). */
      restore?: boolean
    },
  ) {}

  /** The media id to link, or undefined when there is none to link (yet): the item then keeps the image it has. */
  resolve(ref: ImageRef, usedBy: string): Promise<number | undefined> {
    let pending = this.resolved.get(ref.sourceId)
    if (!pending) {
      pending = this.find(ref, usedBy)
      this.resolved.set(ref.sourceId, pending)
    }
    return pending
  }

  private async find(ref: ImageRef, usedBy: string): Promise<number | undefined> {
    const { payload } = this.options
    const collection = this.options.collection as CollectionSlug
    const record = (outcome: ItemResult['outcome'], id: number, reason?: string) => {
      const result: ItemResult = { id, kind: 'images', label: ref.filename, outcome, reason }
      this.options.report.record(result)
      this.options.progress.item(result)
    }
    const stored = (await payload.findByID({
      collection,
      depth: 0,
      disableErrors: true,
      id: ref.sourceId,
      overrideAccess: true,
    })) as null | StoredImage
    if (stored && isSameImage(stored, ref)) {
      record('unchanged', stored.id)
      return stored.id
    }
    const stem = path.parse(ref.filename).name
    const byNameOrAddress: Where[] = [
      { filename: { like: stem } },
      ...(ref.url ? [{ externalUrl: { equals: ref.url } }] : []),
    ]
    const { docs } = await payload.find({
      collection,
      depth: 0,
      limit: 50,
      overrideAccess: true,
      where: { or: byNameOrAddress },
    })
    const same = (docs as StoredImage[]).find((doc) => isSameImage(doc, ref))
    if (same) {
      record('unchanged', same.id)
      return same.id
    }
    if (this.options.dryRun) {
      record('created', ref.sourceId)
      return undefined
    }

    let file: { data: Buffer; mimetype: string; name: string; size: number } | undefined
    if (ref.data)
      file = {
        data: ref.data,
        mimetype: ref.mimeType ?? 'application/octet-stream',
        name: ref.filename,
        size: ref.data.length,
      }
    else if (!ref.external) {
      try {
        file = await download(ref)
      } catch (error) {
        const kept = isWebAddress(ref.url)
        const message = `image ${ref.sourceId} (${ref.url}) could not be downloaded: ${(error as Error).message}; ${kept ? `it is kept by its address, and ${usedBy} shows it from there` : `${usedBy} is written without it`}`
        this.options.report.warn(message)
        this.options.progress.warn(message)
        if (!kept) return undefined
      }
    }
    if (!file && !isWebAddress(ref.url)) return undefined
    try {
      const keepId = !stored
      const req = await createLocalReq(
        {
          context: this.options.restore ? { [RESTORED_IDS]: true } : {},
          locale: this.options.defaultLocale,
        } as never,
        payload,
      )
      const data = {
        ...(keepId ? { id: ref.sourceId } : {}),
        alt: ref.alt ?? undefined,
        ...(file ? {} : outsideImage(ref)),
      }
      const created = await inTransaction(req, () =>
        payload.create({
          collection,
          data: data as never,
          depth: 0,
          file,
          overrideAccess: true,
          req,
        }),
      )
      if (keepId) await this.advanceSequence()
      record('created', created.id as number)
      return created.id as number
    } catch (error) {
      record('failed', ref.sourceId, describeError(error))
      return undefined
    }
  }

  /** Media ids come from a plain sequence: after an insert with an explicit id, it moves past it. */
  private async advanceSequence() {
    const { payload } = this.options
    const drizzle = drizzleOf(payload)!
    const table = tableNameOf(payload, this.options.collection)
    this.sequence ??= drizzle
      .execute(sql`SELECT pg_get_serial_sequence(${`"${table}"`}, 'id') AS name`)
      .then(({ rows }) => String(rows[0]?.name))
    const sequence = await this.sequence
    await drizzle.execute(
      sql.raw(
        `SELECT setval('${sequence}', GREATEST((SELECT COALESCE(MAX(id), 1) FROM "${table}"), (SELECT last_value FROM ${sequence})))`,
      ),
    )
  }
}

type StoredImage = { externalUrl?: null | string; filename?: null | string; id: number }

/** The stored image is the source's: the same file, or the same outside address. */
function isSameImage(stored: StoredImage, ref: ImageRef): boolean {
  return isExternalImage(stored)
    ? stored.externalUrl === ref.url
    : sameFile(stored.filename, ref.filename)
}

/** A media item without a file: the source's address and what it tells of the image. */
function outsideImage(ref: ImageRef) {
  const facts = ref.facts ?? {}
  return {
    externalSizes: facts.sizes ?? null,
    filesize: facts.filesize,
    height: facts.height,
    mimeType: facts.mimeType ?? ref.mimeType,
    externalUrl: ref.url,
    width: facts.width,
  }
}

/** The stored file is this one: the same name, or the name with the `-1`, `-2`… Payload adds when a name is taken. */
function sameFile(stored: null | string | undefined, wanted: string): boolean {
  if (!stored) return false
  if (stored === wanted) return true
  const a = path.parse(stored)
  const b = path.parse(wanted)
  return (
    a.ext === b.ext &&
    a.name.startsWith(`${b.name}-`) &&
    /^\d+$/.test(a.name.slice(b.name.length + 1))
  )
}

/** From the source the operator chose: any address, as the import reads the source itself. */
async function download(ref: ImageRef) {
  if (!ref.url) throw new ImageDownloadError('no URL')
  const file = await downloadImage(ref.url, {
    anyAddress: true,
    maxBytes: MAX_IMAGE_BYTES,
    timeoutMs: DOWNLOAD_TIMEOUT_MS,
  })
  return { ...file, name: ref.filename }
}
