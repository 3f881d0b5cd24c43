import type { Payload, PayloadRequest } from 'payload'

import { sql } from '@payloadcms/db-postgres'

import type { InitPatch } from './patch'

import { querierFor } from './adapter'
import { keptTrimRead } from './revisionCopies'

type FindVersionsArgs = Record<string, unknown> & {
  collection: string
  limit?: unknown
  page?: unknown
  pagination?: unknown
  req?: PayloadRequest
  sort?: unknown
  where?: unknown
}
type Adapter = {
  findVersions?: ((args: FindVersionsArgs) => Promise<unknown>) & { [LEAN]?: true }
  name?: string
  tableNameMap?: Map<string, string>
  versionsSuffix?: string
}

const LEAN = Symbol('version trims')

const adapterOf = (payload: Payload) => payload.db as unknown as Adapter

/** The keys of the one call this answers, and no other: `enforceMaxVersions` in `payload/dist/versions/`. */
const TRIM_KEYS = ['collection', 'limit', 'page', 'pagination', 'req', 'sort', 'where'].join()

/**
 * The parent and offset of the read that decides which revisions a save drops (`enforceMaxVersions`:
 * the revision of the item just after the newest `maxPerDoc`, of which it reads only `updatedAt`);
 * null for any other read of versions. Its call has exactly these keys, no `select` and no
 * `locale`, which every read that answers a caller passes (Payload's `findVersions` operation).
 */
function trimReadOf(args: FindVersionsArgs): null | { offset: number; parent: number | string } {
  if (Object.keys(args).sort().join() !== TRIM_KEYS) return null
  const { limit, page, pagination, sort, where } = args
  if (limit !== 1 || pagination !== false || sort !== '-updatedAt') return null
  if (typeof page !== 'number' || !Number.isSafeInteger(page) || page < 2) return null
  if (!where || typeof where !== 'object' || Object.keys(where).join() !== 'parent') return null
  const parent = (where as { parent?: unknown }).parent
  if (!parent || typeof parent !== 'object' || Object.keys(parent).join() !== 'equals') return null
  const id = (parent as { equals?: unknown }).equals
  if (typeof id !== 'number' && typeof id !== 'string') return null
  return { offset: page - 1, parent: id }
}

/**
 * Every save of an item with revisions then reads its revision past the newest `maxPerDoc`, to
 * drop those from it on: Payload asks its adapter for that whole revision (every field, its
 * translations and relations: the query built anew at each save), and uses its `updatedAt`. This
 * reads the revision's id and `updatedAt` alone, in the save's transaction, in the same order
 * (newest first). Every other read of versions goes to the adapter as before.
 */
function leanTrimReads(payload: Payload): void {
  const db = adapterOf(payload)
  if (db.name !== 'postgres' || typeof db.findVersions !== 'function' || db.findVersions[LEAN])
    return
  const original = db.findVersions.bind(db)
  const lean = async (args: FindVersionsArgs) => {
    const trim = trimReadOf(args)
    const table = trim
      ? db.tableNameMap?.get(`_${args.collection.replace(/-/g, '_')}${db.versionsSuffix ?? '_v'}`)
      : undefined
    const kept =
      trim && table ? keptTrimRead(args.req, args.collection, trim.parent, trim.offset) : null
    const querier = trim && table && !kept ? await querierFor(payload, args.req) : null
    if (!trim || !table || (!kept && !querier)) return original(args)
    const rows =
      kept ??
      (
        await querier!.execute(
          sql`SELECT "id", "updated_at" FROM ${sql.identifier(table)} WHERE "parent_id" = ${trim.parent}
            ORDER BY "updated_at" DESC LIMIT 1 OFFSET ${trim.offset}`,
        )
      ).rows
    const docs = rows.map((row) => ({
      id: row.id,
      parent: trim.parent,
      updatedAt: new Date(row.updated_at as string).toISOString(),
    }))
    return { docs, hasNextPage: false, hasPrevPage: false, limit: 1, page: args.page }
  }
  db.findVersions = Object.assign(lean, { [LEAN]: true as const })
}

export const versionTrimsPatch: InitPatch = {
  name: 'version-trims',
  stage: 'init',
  whenDisabled: false,
  reason:
    "each save's read of the revision past the newest maxPerDoc (Payload's enforceMaxVersions, which uses its updatedAt alone) reads only its id and updatedAt, not the whole revision through a query built anew",
  upstream: [],
  apply: leanTrimReads,
  verify: (payload) => {
    const db = adapterOf(payload)
    if (db.name !== 'postgres') return null
    if (typeof db.findVersions !== 'function')
      return 'the Postgres adapter has no findVersions any more'
    if (!(db.tableNameMap instanceof Map))
      return 'the Postgres adapter has no tableNameMap any more'
    return db.findVersions[LEAN] ? null : "the adapter's findVersions is not the calendar's"
  },
}
