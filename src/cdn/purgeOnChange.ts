import type {
  CollectionAfterChangeHook,
  CollectionAfterDeleteHook,
  CollectionConfig,
  PayloadRequest,
} from 'payload'

import { sql } from '@payloadcms/db-postgres'

import type { SanitizedPluginConfig } from '../types'

import { querierFor } from '../db/payloadInternals/adapter'
import { relationId } from '../lib/databaseIds'
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
async function announce(
  req: PayloadRequest,
  collection: string,
  id: number | string,
  countedTerms: Iterable<number | string> = [],
) {
  const db = await querierFor(req.payload, req)
  if (!db) return
  const message = JSON.stringify({
    instance: thisInstance,
    keys: changeKeys(req.payload.secret, collection, id, countedTerms),
  })
  await db.execute(sql`SELECT pg_notify(${PURGE_CHANNEL}, ${message})`)
}

/** The ids of an event's categories and tags, as stored or populated. */
function termsOf(event: unknown): number[] {
  if (!event || typeof event !== 'object') return []
  const { categories, tags } = event as { categories?: unknown; tags?: unknown }
  return [categories, tags]
    .flatMap((terms) => (Array.isArray(terms) ? terms.map(relationId) : []))
    .filter((id): id is number => Number.isInteger(id))
}

/** An event's change may move the counts of the terms it had and has, which other events show. */
const purgeChanged: CollectionAfterChangeHook = async ({ collection, doc, previousDoc, req }) => {
  const counted =
    collection.slug === CALENDAR_SLUGS.events ? [...termsOf(previousDoc), ...termsOf(doc)] : []
  await announce(req, collection.slug, doc.id, counted)
  return doc
}

const purgeDeleted: CollectionAfterDeleteHook = async ({ collection, doc, id, req }) => {
  await announce(
    req,
    collection.slug,
    id,
    collection.slug === CALENDAR_SLUGS.events ? termsOf(doc) : [],
  )
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
