import type {
  CollectionBeforeOperationHook,
  PayloadRequest,
  SanitizedCollectionConfig,
  Sort,
  Where,
} from 'payload'

import { combineQueries, executeAccess } from 'payload'

import { refuseIfOpenByAnother } from '../lib/editingLock'
import { itemUpdateKey, lockForTransaction, lockItemForUpdate } from '../db/locks'

type UpdateArgs = {
  data?: unknown
  id?: number | string
  limit?: number
  overrideAccess?: boolean
  overrideLock?: boolean
  sort?: Sort
  where?: Where
}

/**
 * Payload's update reads the whole document, merges the change and writes it all back, so two
 * updates of one item at the same moment would each write back the other's field as it was.
 * Locking the item before the read makes them take turns, and each sees the other's change.
 * A bulk update (`PATCH /api/{collection}?where=…`) reads every item it changes the same way, so
 * it takes each item's lock too, before Payload reads them (issue 25, finding 13).
 *
 * While it holds the lock, a write must not need a second pooled connection (see
 * `src/lib/editingLock.ts`): the admin panel's edit lock is checked here, in the transaction.
 */
export const serializeUpdates: CollectionBeforeOperationHook = async ({
  args,
  collection,
  operation,
  req,
}) => {
  if (operation === 'restoreVersion') {
    await lockRestoredItem(args as UpdateArgs, collection, req)
    return args
  }
  if (operation !== 'update') return args
  const { id, overrideAccess, overrideLock, where } = args as UpdateArgs
  if (id === undefined)
    return where
      ? ((await lockBulkUpdate(args as UpdateArgs, collection, req)) as typeof args)
      : args
  await lockItemForUpdate(req, collection, id)
  if (overrideLock !== false) return args
  await refuseIfOpenByAnother({ collection, id, overrideAccess, req })
  return { ...args, overrideLock: true }
}

/**
 * A restore writes a revision over its item as an update does (`docs/revisions.md`), so it takes
 * the item's turn too: a restore and an update of one item at once would otherwise each write
 * over the other. Its `id` is the revision's; the item is the revision's parent.
 */
async function lockRestoredItem(
  args: UpdateArgs,
  collection: SanitizedCollectionConfig,
  req: PayloadRequest,
): Promise<void> {
  if (args.id === undefined) return
  const { docs } = await req.payload.db.findVersions({
    collection: collection.slug,
    limit: 1,
    pagination: false,
    req,
    where: { id: { equals: args.id } },
  })
  const parent = docs[0]?.parent as number | string | undefined
  if (parent !== undefined) await lockForTransaction(req, itemUpdateKey(collection.slug, parent))
}

/**
 * Locks every item a bulk update may change (those `where` matches that the caller may update,
 * the first `limit` of them in the update's order, read in the request's language as Payload's
 * update reads them), in id order so that two bulk updates cannot wait for each other, then
 * narrows the update to them: an item that starts matching meanwhile is left alone rather than
 * written unlocked.
 */
async function lockBulkUpdate(
  args: UpdateArgs,
  collection: SanitizedCollectionConfig,
  req: PayloadRequest,
): Promise<UpdateArgs> {
  const access = args.overrideAccess
    ? true
    : await executeAccess({ data: args.data, disableErrors: true, req }, collection.access.update)
  // Payload refuses the caller itself.
  if (!access) return args
  const matching = access === true ? args.where! : combineQueries(args.where!, access as Where)
  const { docs } = await req.payload.db.find({
    collection: collection.slug,
    limit: args.limit ?? 0,
    locale: req.locale ?? undefined,
    pagination: false,
    req,
    select: { id: true },
    sort: args.sort ?? collection.defaultSort,
    where: matching,
  })
  const ids = docs.map((doc) => doc.id as number | string).sort((a, b) => Number(a) - Number(b))
  for (const id of ids) {
    await lockForTransaction(req, itemUpdateKey(collection.slug, id))
    // Only items the caller may update matched: the edit lock refuses them all alike.
    if (args.overrideLock === false)
      await refuseIfOpenByAnother({ collection, id, overrideAccess: true, req })
  }
  return {
    ...args,
    overrideLock: args.overrideLock === false ? true : args.overrideLock,
    where: { and: [args.where!, { id: { in: ids } }] },
  }
}
