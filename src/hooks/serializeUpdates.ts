import type { CollectionBeforeOperationHook } from 'payload'

import { refuseIfOpenByAnother } from '../lib/editingLock'
import { itemUpdateKey, lockForTransaction } from '../lib/locks'

type UpdateArgs = { id?: number | string; overrideAccess?: boolean; overrideLock?: boolean }

/**
 * Payload's update reads the whole document, merges the change and writes it all back, so two
 * updates of one item at the same moment would each write back the other's field as it was.
 * Locking the item before the read makes them take turns, and each sees the other's change.
 *
 * While it holds the lock, a write must not need a second pooled connection (see
 * `src/lib/editingLock.ts`): the admin panel's edit lock is checked here, in the transaction.
 */
export const serializeUpdates: CollectionBeforeOperationHook = async ({ args, collection, operation, req }) => {
  const { id, overrideAccess, overrideLock } = args as UpdateArgs
  if (operation !== 'update' || id === undefined) return args
  await lockForTransaction(req, itemUpdateKey(collection.slug, id))
  if (overrideLock !== false) return args
  await refuseIfOpenByAnother({ collection, id, overrideAccess, req })
  return { ...args, overrideLock: true }
}
