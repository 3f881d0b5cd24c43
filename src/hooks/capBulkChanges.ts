import type { CollectionBeforeOperationHook, Where } from 'payload'

import { combineQueries, executeAccess } from 'payload'

import { ClientError } from '../lib/clientError'

/** The most items one bulk update or delete of Payload's REST or GraphQL API may change. */
export const MAX_BULK_ITEMS = 100

type BulkArgs = {
  data?: unknown
  draft?: boolean
  id?: unknown
  limit?: unknown
  overrideAccess?: boolean
  trash?: boolean
  where?: Where
}

/**
 * A bulk update or delete (`PATCH` or `DELETE /api/{collection}?where=…`) changes every matching
 * item in one transaction, one save after another, holding each changed row's lock until the end:
 * a `where` matching the whole calendar kept a connection and a core for minutes and made every
 * other editor's save of those items wait out its statement timeout. A caller's bulk change takes
 * at most 100 items, as many as the admin's largest list page selects: more is refused before any
 * save, saying how many the caller may change among those matched. An update's `limit` (at most
 * 100) lets a caller go through them a page at a time; a delete takes no limit, so its selection
 * is narrowed. Server code (the Local API, or any call that overrides access) is not limited.
 */
export const capBulkChanges: CollectionBeforeOperationHook = async ({
  args,
  collection,
  operation,
  req,
}) => {
  const bulk = args as BulkArgs
  if (operation !== 'update' && operation !== 'delete') return args
  if (bulk.id !== undefined || !bulk.where) return args
  if (req.payloadAPI === 'local' || bulk.overrideAccess) return args
  const limit = operation === 'update' ? readLimit(bulk.limit) : undefined
  if (limit !== undefined && limit <= MAX_BULK_ITEMS) return args
  // Payload picks a bulk change of drafts among their latest revisions, which no count reads.
  if (bulk.draft && collection.versions?.drafts)
    throw new ClientError(
      `A bulk change of drafts takes a limit of at most ${MAX_BULK_ITEMS}, and repeats.`,
    )
  const access = await executeAccess(
    { data: bulk.data, disableErrors: true, req },
    operation === 'delete' ? collection.access.delete : collection.access.update,
  )
  // Payload refuses the caller itself.
  if (!access) return args
  const { totalDocs } = await req.payload.count({
    collection: collection.slug,
    overrideAccess: true,
    req,
    trash: bulk.trash,
    where: access === true ? bulk.where : combineQueries(bulk.where, access as Where),
  })
  if (totalDocs <= MAX_BULK_ITEMS) return args
  const narrow =
    operation === 'update'
      ? `narrow the selection, or send a limit of at most ${MAX_BULK_ITEMS} and repeat`
      : 'narrow the selection'
  throw new ClientError(
    `A bulk change takes at most ${MAX_BULK_ITEMS} items and ${totalDocs} match: ${narrow}.`,
  )
}

/** The update's limit as a whole number, none for Payload's "all" (absent or 0); refused otherwise. */
function readLimit(limit: unknown): number | undefined {
  if (limit === undefined || limit === null || limit === 0 || limit === '0') return undefined
  const number = typeof limit === 'string' && /^\d{1,10}$/.test(limit) ? Number(limit) : limit
  if (typeof number === 'number' && Number.isSafeInteger(number) && number > 0) return number
  throw new ClientError('The limit must be a whole number.')
}
