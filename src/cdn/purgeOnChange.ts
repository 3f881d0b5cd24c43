import type {
  CollectionAfterChangeHook,
  CollectionAfterDeleteHook,
  CollectionConfig,
  Payload,
  PayloadRequest,
} from 'payload'

import { sql } from '@payloadcms/db-postgres'

import type { SanitizedPluginConfig } from '../types'

import { querierFor, type SqlQuerier, transactionSessionOf } from '../db/payloadInternals/adapter'
import { relationId } from '../lib/databaseIds'
import { isPublicStatus } from '../lib/statuses'
import { pluginOptionsOf } from '../pluginOptions'
import { CALENDAR_SLUGS } from '../slugs'
import { type Announcement, PURGE_CHANNEL, thisInstance } from './purgeListener'
import { ALL_LISTS_KEYS, changeKeys } from './surrogateKeys'

const PURGED = new Set<string>([
  CALENDAR_SLUGS.events,
  CALENDAR_SLUGS.venues,
  CALENDAR_SLUGS.organizers,
  CALENDAR_SLUGS.eventCategories,
  CALENDAR_SLUGS.eventTags,
])

/**
 * Announces `keys` on `PURGE_CHANNEL` in `db`'s transaction: Postgres delivers a notification when
 * its transaction commits and never when it rolls back, so the shared cache is purged only of a
 * change that is kept, and only once it is visible to the cache's next fetch. With
 * `namingTransaction`, the notification also names the transaction, whose committed rows tell
 * whether visitors can see the change of `item` and, with `lists`, which events lists it altered
 * (`transactionFacts.ts`).
 */
async function notify(
  db: SqlQuerier,
  keys: string[],
  namingTransaction: boolean,
  { item, lists = false }: { item?: string; lists?: boolean } = {},
) {
  const message = JSON.stringify({
    instance: thisInstance,
    keys,
    ...(item ? { item } : {}),
    ...(lists ? { lists } : {}),
  } satisfies Announcement)
  await db.execute(
    namingTransaction
      ? sql`SELECT pg_notify(${PURGE_CHANNEL}, (${message}::jsonb || jsonb_build_object('txid', pg_current_xact_id()::text))::text)`
      : sql`SELECT pg_notify(${PURGE_CHANNEL}, ${message})`,
  )
}

/**
 * Announces a change's keys with the save's own connection. An event's change (`lists`) also
 * purges the events lists its transaction altered; the change of an item published neither before
 * nor after it (`hidden`) purges only what visitors can tell of it, nothing when they can tell
 * nothing (`transactionFacts.ts`). Both are asked of the committed transaction: outside a
 * transaction of the request's, or for a delete, they are not asked, and every list is purged.
 */
async function announce(
  req: PayloadRequest,
  collection: string,
  id: number | string,
  {
    countedTerms = [],
    hidden = false,
    lists,
    shownOrHidden = false,
  }: {
    countedTerms?: Iterable<number | string>
    hidden?: boolean
    lists?: 'all' | 'transaction'
    shownOrHidden?: boolean
  } = {},
) {
  const db = await querierFor(req.payload, req)
  if (!db) return
  const namingTransaction =
    (lists === 'transaction' || hidden) && (await transactionSessionOf(req)) !== null
  const keys = changeKeys(req.payload.secret, collection, id, countedTerms, shownOrHidden)
  if (lists === 'all' || (lists && !namingTransaction)) keys.push(...ALL_LISTS_KEYS)
  await notify(db, keys, namingTransaction, {
    ...(hidden ? { item: `${collection}:${id}` } : {}),
    lists: lists === 'transaction',
  })
}

/**
 * For a write to the events' rows that Payload's hooks do not see (the occurrences the horizon job
 * adds, `src/jobs/extendRecurrences.ts`), in its transaction `db`: the events lists it altered are
 * purged once it has committed, when the site purges a shared cache.
 */
export async function announceListChanges(payload: Payload, db: SqlQuerier): Promise<void> {
  const options = pluginOptionsOf(payload)
  if (options.disabled || !options.cdn?.purge) return
  await notify(db, [], true, { lists: true })
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
  const updated = Boolean(previousDoc?.id)
  // Published neither before nor after: what visitors can tell of it its transaction tells.
  const hidden = updated && !isPublicStatus(previousDoc.status) && !isPublicStatus(doc.status)
  if (collection.slug === CALENDAR_SLUGS.events)
    await announce(req, collection.slug, doc.id, {
      countedTerms: [...termsOf(previousDoc), ...termsOf(doc)],
      hidden,
      lists: 'transaction',
    })
  else
    await announce(req, collection.slug, doc.id, {
      hidden,
      // An update that publishes or unpublishes it (a new item is linked from no answer yet).
      shownOrHidden: updated && isPublicStatus(previousDoc.status) !== isPublicStatus(doc.status),
    })
  return doc
}

/** A deleted event: every events list, without asking what its transaction did. */
const purgeDeleted: CollectionAfterDeleteHook = async ({ collection, doc, id, req }) => {
  if (collection.slug === CALENDAR_SLUGS.events)
    await announce(req, collection.slug, id, { countedTerms: termsOf(doc), lists: 'all' })
  else await announce(req, collection.slug, id)
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
