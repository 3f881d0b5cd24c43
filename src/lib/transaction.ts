import type { PayloadRequest } from 'payload'

import { commitTransaction, initTransaction, killTransaction } from 'payload'

/**
 * Runs a write that may create several items (an event with an inline venue, organizers and
 * new terms) in one database transaction: all of it lands, or none of it does. Every Local API
 * call inside must pass this `req`.
 */
export async function inTransaction<T>(req: PayloadRequest, work: () => Promise<T>): Promise<T> {
  const started = await initTransaction(req)
  try {
    const result = await work()
    if (started) await commitTransaction(req)
    return result
  } catch (error) {
    if (started) await killTransaction(req)
    throw error
  }
}
