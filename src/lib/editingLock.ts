import type { PayloadRequest, SanitizedCollectionConfig, Where } from 'payload'

import { combineQueries, executeAccess, Locked } from 'payload'

/** Where Payload records who has a document open in the admin panel. */
const LOCKED_DOCUMENTS = 'payload-locked-documents'
/** Payload's own default, in seconds, for how long an open document stays locked without activity. */
const DEFAULT_LOCK_SECONDS = 300

/**
 * Payload's REST update refuses a document another user has open in the admin panel
 * (`overrideLock=false`). Payload reads that lock without the request's transaction, so on a
 * second pooled connection, while the write already holds its own connection and the item's
 * advisory lock; with the pool taken by writes waiting for that lock, the read never gets a
 * connection and nothing finishes. This is the same check, inside the transaction; made here,
 * Payload need not make it again. As Payload's comes after its access check, it refuses only
 * callers who may update the item: the others get Payload's own answer to them.
 */
export async function refuseIfOpenByAnother(args: {
  collection: SanitizedCollectionConfig
  id: number | string
  overrideAccess?: boolean
  req: PayloadRequest
}): Promise<void> {
  const { collection, id, overrideAccess, req } = args
  const setting = collection.lockDocuments
  if (setting === false || !req.payload.collections?.[LOCKED_DOCUMENTS as never]) return
  const { docs } = await req.payload.db.find({
    collection: LOCKED_DOCUMENTS,
    limit: 1,
    pagination: false,
    req,
    sort: '-updatedAt',
    where: {
      and: [
        { 'document.relationTo': { equals: collection.slug } },
        { 'document.value': { equals: id } },
      ],
    },
  })
  const lock = docs[0] as undefined | { updatedAt?: string; user?: { value?: unknown } }
  if (!lock) return
  const seconds = typeof setting === 'object' ? setting.duration : DEFAULT_LOCK_SECONDS
  const active = Date.now() - new Date(lock.updatedAt ?? 0).getTime() <= seconds * 1000
  if (lock.user?.value === req.user?.id || !active) return
  if (!overrideAccess && !(await mayUpdate(req, collection, id))) return
  throw new Locked(
    `Document with ID ${id} is currently locked by another user and cannot be updated.`,
  )
}

/** Whether the request's user may update item `id` of `collection` under its access rule. */
export async function mayUpdate(
  req: PayloadRequest,
  collection: SanitizedCollectionConfig,
  id: number | string,
): Promise<boolean> {
  const access = await executeAccess({ disableErrors: true, id, req }, collection.access.update)
  if (!access) return false
  if (access === true) return true
  const where = combineQueries({ id: { equals: id } }, access as Where)
  const { totalDocs } = await req.payload.db.count({ collection: collection.slug, req, where })
  return totalDocs > 0
}
