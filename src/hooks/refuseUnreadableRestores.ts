import type { CollectionBeforeOperationHook, CollectionSlug } from 'payload'

import { NotFound } from 'payload'

/**
 * Restoring a revision (`POST /api/{collection}/versions/{id}`, GraphQL's `restoreVersion…`, the
 * Local API as a user): Payload reads the revision whoever asks, then answers 403 when the caller
 * may not update its item, and 404 only for an id no revision has, so anyone could tell which
 * hidden items' revisions exist. A revision the caller may not read is answered as one that does
 * not exist. Server code that overrides access restores any.
 */
export const refuseUnreadableRestores: CollectionBeforeOperationHook = async ({
  args,
  collection,
  operation,
  req,
}) => {
  if (operation !== 'restoreVersion') return args
  const { id, overrideAccess } = args as { id?: unknown; overrideAccess?: boolean }
  if (overrideAccess || id === undefined || !collection.versions) return args
  const { totalDocs } = await req.payload.countVersions({
    collection: collection.slug as CollectionSlug,
    // No revision read at all (a visitor) is none read, not a 403 that a missing id would not get.
    disableErrors: true,
    overrideAccess: false,
    req,
    where: { id: { equals: id } },
  })
  if (!totalDocs) throw new NotFound(req.t)
  return args
}
