import type { CollectionAfterDeleteHook } from 'payload'

import { WEBHOOK_SLUGS } from '../webhookEvents'

/** A deleted webhook's deliveries (their webhook emptied by the database's foreign key) go with it. */
export const forgetDeliveries: CollectionAfterDeleteHook = async ({ req }) => {
  await req.payload.db.deleteMany({
    collection: WEBHOOK_SLUGS.deliveries,
    req,
    where: { webhook: { exists: false } },
  })
}
