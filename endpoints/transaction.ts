import type { PayloadRequest } from 'payload'

import { commitTransaction, initTransaction, killTransaction } from 'payload'

import { ItemBusy } from '../src/lib/locks'
import { RestError } from './errors'

/**
 * Runs a write that may create several items (an event with an inline venue, organizers and
 * new terms) in one database transaction: all of it lands, or none of it does. Every Local API
 * call inside must pass this `req`. A write that waited too long for its turn (`ItemBusy`) is
 * answered in the API's own error shape, with the same 503.
 */
export async function inTransaction<T>(req: PayloadRequest, work: () => Promise<T>): Promise<T> {
  const started = await initTransaction(req)
  try {
    const result = await work()
    if (started) await commitTransaction(req)
    return result
  } catch (error) {
    if (started) await killTransaction(req)
    if (error instanceof ItemBusy) throw new RestError('rest_item_busy', error.message, error.status)
    throw error
  }
}
