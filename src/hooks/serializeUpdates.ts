import type { CollectionBeforeOperationHook } from 'payload'

import { lockForTransaction } from '../lib/locks'

/**
 * Payload's update reads the whole document, merges the change and writes it all back, so two
 * updates of one item at the same moment would each write back the other's field as it was.
 * Locking the item before the read makes them take turns, and each sees the other's change.
 */
export const serializeUpdates: CollectionBeforeOperationHook = async ({ args, collection, operation, req }) => {
  const id = (args as { id?: number | string }).id
  if (operation === 'update' && id !== undefined) await lockForTransaction(req, `update:${collection.slug}:${id}`)
  return args
}
