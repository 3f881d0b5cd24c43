import type { CollectionBeforeOperationHook } from 'payload'

import { Forbidden } from 'payload'

import { seesProtectedContent } from '../access/protectedContent'

/**
 * Duplicating copies the stored item whole, so a reader who may not see a password-protected
 * item's content would get it in their copy. Only those who may see it (who may edit the item)
 * may duplicate a protected item; anything else the caller may read stays duplicable.
 */
export const refuseDuplicatingProtected: CollectionBeforeOperationHook = async ({
  args,
  collection,
  operation,
  overrideAccess,
  req,
}) => {
  const from = (args as { duplicateFromID?: number | string }).duplicateFromID
  if (operation !== 'create' || from === undefined || from === null || overrideAccess) return args
  const source = await req.payload.db.findOne<{ id: number | string } & Record<string, unknown>>({
    collection: collection.slug,
    req,
    where: { id: { equals: from } },
  })
  if (
    source &&
    typeof source.password === 'string' &&
    source.password !== '' &&
    !seesProtectedContent(req, source)
  )
    throw new Forbidden(req.t)
  return args
}
