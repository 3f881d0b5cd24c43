import type {
  CollectionAfterChangeHook,
  CollectionAfterDeleteHook,
  CollectionConfig,
  PayloadRequest,
} from 'payload'

import { sql } from '@payloadcms/db-postgres'

import type { SanitizedPluginConfig } from '../types'

import { querierFor } from '../db/payloadInternals/adapter'
import { CALENDAR_SLUGS } from '../slugs'
import { PURGE_CHANNEL, thisInstance } from './purgeListener'
import { changeKeys } from './surrogateKeys'

const PURGED = new Set<string>([
  CALENDAR_SLUGS.events,
  CALENDAR_SLUGS.venues,
  CALENDAR_SLUGS.organizers,
  CALENDAR_SLUGS.eventCategories,
  CALENDAR_SLUGS.eventTags,
])

/**
 * Announces a change's keys on `PURGE_CHANNEL` with the save's own connection: Postgres delivers
 * a notification when its transaction commits and never when it rolls back, so the shared cache
 * is purged only of a change that is kept, and only once it is visible to the cache's next fetch.
 */
async function announce(req: PayloadRequest, collection: string, id: number | string) {
  const db = await querierFor(req.payload, req)
  if (!db) return
  const message = JSON.stringify({
    instance: thisInstance,
    keys: changeKeys(req.payload.secret, collection, id),
  })
  await db.execute(sql`SELECT pg_notify(${PURGE_CHANNEL}, ${message})`)
}

const purgeChanged: CollectionAfterChangeHook = async ({ collection, doc, req }) => {
  await announce(req, collection.slug, doc.id)
  return doc
}

const purgeDeleted: CollectionAfterDeleteHook = async ({ collection, id, req }) => {
  await announce(req, collection.slug, id)
}

/** The calendar's collections with the hooks that purge a shared cache of what a change altered, when the site purges one. */
export function withPurgeOnChange(
  collection: CollectionConfig,
  options: SanitizedPluginConfig,
): CollectionConfig {
  if (options.disabled || !options.cdn?.purge || !PURGED.has(collection.slug)) return collection
  const hooks = collection.hooks ?? {}
  return {
    ...collection,
    hooks: {
      ...hooks,
      afterChange: [...(hooks.afterChange ?? []), purgeChanged],
      afterDelete: [...(hooks.afterDelete ?? []), purgeDeleted],
    },
  }
}
