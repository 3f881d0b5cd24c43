import type { Event } from './payload-types'

import config from '@payload-config'
import { getPayload } from 'payload'

/**
 * Host code using the plugin's collections through Payload's Local API, typed by the host's own
 * generated types: `next build` type-checks it, so a plugin whose collections or types do not
 * fit a host with narrowed `CollectionSlug` fails the build here.
 */
export async function upcomingTitles(): Promise<string[]> {
  const payload = await getPayload({ config })
  const { docs } = await payload.find({
    collection: 'events',
    limit: 5,
    sort: 'startDate',
    where: { status: { equals: 'publish' } },
  })
  return docs.map((event: Event) => event.title)
}
