import type { CollectionSlug, Payload, PayloadRequest } from 'payload'

import { createLocalReq } from 'payload'

import { itemUpdateKey, lockForTransaction } from '../db/locks'
import { inTransaction } from '../lib/transaction'
import { unplacedVenueQuery } from './addressQuery'
import { geocode, type GeocoderSettings } from './geocoder'

/** The lock a venue's save holds until it ends, and its follow-up waits for (`placeAfterSave`). */
const placingKey = (collection: string, id: number | string) => `geocode:${collection}:${id}`

/** The follow-ups under way in this process, so that a test or a shutdown can wait for them. */
const underWay = new Set<Promise<void>>()

/**
 * Called by a venue's save, inside its transaction, when the address has to be looked up: holds
 * the venue's placing lock until the save commits or rolls back, then starts the lookup with
 * nothing of the save's held (no transaction, no lock, no pooled connection). The follow-up
 * writes the coordinates as an update of its own, so caches and revisions see it as any change.
 */
export async function placeAfterSave(
  req: PayloadRequest,
  collection: string,
  id: number | string,
  query: string,
  settings: GeocoderSettings,
): Promise<void> {
  await lockForTransaction(req, placingKey(collection, id))
  const payload = req.payload
  const work = followUp(payload, collection, id, query, settings)
    .catch((error: unknown) =>
      payload.logger.warn({
        err: error,
        msg: `The coordinates of ${collection} ${id} could not be stored after its save`,
      }),
    )
    .finally(() => underWay.delete(work))
  underWay.add(work)
}

/** Resolves once every follow-up started so far has ended. */
export async function placingSettled(): Promise<void> {
  while (underWay.size) await Promise.all([...underWay])
}

async function followUp(
  payload: Payload,
  collection: string,
  id: number | string,
  query: string,
  settings: GeocoderSettings,
): Promise<void> {
  const outcome = await geocode(settings, query)
  if (outcome.kind !== 'found') return
  const req = await createLocalReq({}, payload)
  await inTransaction(req, async () => {
    // The venue's update turn first, as every update takes it (the save took it before its
    // placing lock): no write can come between the check below and this one. Then the placing
    // lock, which waits for the save's own transaction to end (bounded by the lock's wait).
    await lockForTransaction(req, itemUpdateKey(collection, id))
    await lockForTransaction(req, placingKey(collection, id))
    const venue = await payload.findByID({
      collection: collection as CollectionSlug,
      depth: 0,
      disableErrors: true,
      id,
      overrideAccess: true,
      req,
    })
    // Rolled back, deleted, placed by someone, or moved meanwhile: the answer is not its own.
    if (!venue || unplacedVenueQuery(venue as unknown as Record<string, unknown>) !== query) return
    await payload.update({
      collection: collection as CollectionSlug,
      data: { latitude: outcome.latitude, longitude: outcome.longitude } as never,
      depth: 0,
      id,
      overrideAccess: true,
      req,
    })
  })
}
