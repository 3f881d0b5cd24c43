import type { CollectionBeforeOperationHook, Where } from 'payload'

import { ClientError } from '../lib/clientError'

/** The most items one bulk update or delete of Payload's REST or GraphQL API may change. */
export const MAX_BULK_ITEMS = 100

type BulkArgs = { id?: unknown; limit?: unknown; trash?: boolean; where?: Where }

/**
 * A bulk update or delete (`PATCH` or `DELETE /api/{collection}?where=…`) changes every matching
 * item in one transaction, one save after another, holding each changed row's lock until the end:
 * a `where` matching the whole calendar kept a connection and a core for minutes and made every
 * other editor's save of those items wait out its statement timeout. A caller's bulk change takes
 * at most 100 items, as many as the admin's largest list page selects; more is refused before any
 * save, saying how many matched, and `limit` (at most 100) lets a caller go through them a page at
 * a time. The server's own code (the Local API) is not limited.
 */
export const capBulkChanges: CollectionBeforeOperationHook = async ({
  args,
  collection,
  operation,
  req,
}) => {
  const bulk = args as BulkArgs
  if (operation !== 'update' && operation !== 'delete') return args
  if (bulk.id !== undefined || !bulk.where || req.payloadAPI === 'local') return args
  if (isWithinCap(bulk.limit)) return args
  const { totalDocs } = await req.payload.count({
    collection: collection.slug,
    overrideAccess: false,
    req,
    trash: bulk.trash,
    where: bulk.where,
  })
  if (totalDocs <= MAX_BULK_ITEMS) return args
  throw new ClientError(
    `A bulk change takes at most ${MAX_BULK_ITEMS} items and ${totalDocs} match: narrow the selection, or send a limit of at most ${MAX_BULK_ITEMS} and repeat.`,
  )
}

function isWithinCap(limit: unknown): boolean {
  const number = typeof limit === 'string' && /^\d{1,4}$/.test(limit) ? Number(limit) : limit
  return typeof number === 'number' && number >= 1 && number <= MAX_BULK_ITEMS
}
