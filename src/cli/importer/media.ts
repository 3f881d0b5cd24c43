import type { CollectionSlug, Payload } from 'payload'

import { sql } from '@payloadcms/db-postgres'
import path from 'node:path'
import { createLocalReq } from 'payload'

import type { ItemResult, Progress, RunReport } from '../progress'
import type { ImageRef } from './items'

import { inTransaction } from '../../../endpoints/transaction'
import { describeError } from './apply'
import { networkError } from './sourceClient'

const DOWNLOAD_TIMEOUT_MS = 30_000
const MAX_IMAGE_BYTES = 25 * 1024 * 1024

/**
 * Images of imported items. Each image is its own item (its own transaction, counted under
 * "images"), stored once however many items show it:
 * - found here by its source id (kept as the media id when it was free) or, failing that, by its
 *   file name (Payload adds `-1`, `-2`… to a name already taken), it is reused;
 * - otherwise it is downloaded (or taken from the dump) into Media;
 * - an image that cannot be downloaded is reported as a warning, and the item is written without
 *   it (there is no field to keep an external URL in; see the import's notes).
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
    const stored = (await payload.findByID({ collection, depth: 0, disableErrors: true, id: ref.sourceId, overrideAccess: true })) as null | { filename?: string; id: number }
    if (stored && sameFile(stored.filename, ref.filename)) {
      record('unchanged', stored.id)
      return stored.id
    }
    const stem = path.parse(ref.filename).name
    const { docs } = await payload.find({ collection, depth: 0, limit: 50, overrideAccess: true, where: { filename: { like: stem } } })
    const byName = (docs as { filename?: string; id: number }[]).find((doc) => sameFile(doc.filename, ref.filename))
    if (byName) {
      record('unchanged', byName.id)
      return byName.id
    }
    if (this.options.dryRun) {
      record('created', ref.sourceId)
      return undefined
    }

    let file: { data: Buffer; mimetype: string; name: string; size: number }
    try {
      file = ref.data
        ? { data: ref.data, mimetype: ref.mimeType ?? 'application/octet-stream', name: ref.filename, size: ref.data.length }
        : await download(ref)
    } catch (error) {
      const message = `image ${ref.sourceId} (${ref.url}) could not be downloaded: ${(error as Error).message}; ${usedBy} is written without it`
      this.options.report.warn(message)
      this.options.progress.warn(message)
      return undefined
    }
    try {
      const keepId = !stored
      const req = await createLocalReq({ locale: this.options.defaultLocale } as never, payload)
      const created = await inTransaction(req, () =>
        payload.create({
          collection,
          data: { ...(keepId ? { id: ref.sourceId } : {}), alt: ref.alt ?? undefined } as never,
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
    const drizzle = (payload.db as unknown as { drizzle: { execute: (query: unknown) => Promise<{ rows: Record<string, unknown>[] }> } }).drizzle
    const tableNames = (payload.db as unknown as { tableNameMap?: Map<string, string> }).tableNameMap
    const table = tableNames?.get(this.options.collection.replace(/-/g, '_')) ?? this.options.collection.replace(/-/g, '_')
    this.sequence ??= drizzle
      .execute(sql`SELECT pg_get_serial_sequence(${`"${table}"`}, 'id') AS name`)
      .then(({ rows }) => String(rows[0]?.name))
    const sequence = await this.sequence
    await drizzle.execute(
      sql.raw(`SELECT setval('${sequence}', GREATEST((SELECT COALESCE(MAX(id), 1) FROM "${table}"), (SELECT last_value FROM ${sequence})))`),
    )
  }
}

/** The stored file is this one: the same name, or the name with the `-1`, `-2`… Payload adds when a name is taken. */
function sameFile(stored: null | string | undefined, wanted: string): boolean {
  if (!stored) return false
  if (stored === wanted) return true
  const a = path.parse(stored)
  const b = path.parse(wanted)
  return a.ext === b.ext && a.name.startsWith(`${b.name}-`) && /^\d+$/.test(a.name.slice(b.name.length + 1))
}

async function download(ref: ImageRef) {
  if (!ref.url) throw new Error('no URL')
  let response: Response
  try {
    response = await fetch(ref.url, { signal: AbortSignal.timeout(DOWNLOAD_TIMEOUT_MS) })
  } catch (error) {
    throw new Error(networkError(error))
  }
  if (!response.ok) throw new Error(`HTTP ${response.status}`)
  const type = (response.headers.get('content-type') ?? '').split(';')[0]!.trim()
  if (!type.startsWith('image/')) throw new Error(`not an image (${type || 'no content type'})`)
  const data = Buffer.from(await response.arrayBuffer())
  if (data.length > MAX_IMAGE_BYTES) throw new Error(`larger than ${MAX_IMAGE_BYTES / 1024 / 1024} MB`)
  return { data, mimetype: type, name: ref.filename, size: data.length }
}
