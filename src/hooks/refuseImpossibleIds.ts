import type { CollectionBeforeOperationHook } from 'payload'

import { NotFound } from 'payload'

import { hasSerialIds, isInt4 } from '../lib/databaseIds'

/**
 * Reading, updating, deleting or restoring one document by an id that no serial id can be
 * (`/api/venues/abc`, `/api/events/versions` where versions are off, `1.5`, `99999999999`, a
 * restore's `POST /api/events/versions/abc`) is a 404, like any id that names nothing, instead of
 * a query Postgres refuses. For REST, the id as written in the path is checked, since Payload
 * reads it with `parseFloat` (`1abc` → 1).
 */
export const refuseImpossibleIds: CollectionBeforeOperationHook = ({
  args,
  collection,
  operation,
  req,
}) => {
  if (!['delete', 'read', 'restoreVersion', 'update'].includes(operation)) return args
  const id = (args as { id?: unknown }).id
  if (id === undefined || !hasSerialIds(req.payload, collection.slug)) return args
  const written = req.routeParams?.collection === collection.slug ? req.routeParams?.id : undefined
  if (!isInt4(id) || (written !== undefined && !isInt4(written))) throw new NotFound(req.t)
  return args
}
