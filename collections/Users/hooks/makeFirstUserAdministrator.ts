import type { CollectionBeforeValidateHook, CollectionSlug, PayloadRequest } from 'payload'

import { lockForTransaction } from '../../../src/db/locks'
import { ROLE_GIVEN } from '../../../src/hooks/context'

/**
 * The first account of a new site runs it, whatever the sign-up form sent. Accounts created at
 * the same moment on an empty site take turns, so that only the first becomes administrator (all
 * of them did: each counted no account yet). A user an import creates for a source's author is
 * not a sign-up: it keeps the role the import gave it (`ROLE_GIVEN`).
 */
export const makeFirstUserAdministrator: CollectionBeforeValidateHook = async ({
  collection,
  data,
  operation,
  req,
}) => {
  if (operation !== 'create' || !data || req.context?.[ROLE_GIVEN] === true) return data
  const count = (request: PayloadRequest) =>
    req.payload
      .count({ collection: collection.slug as CollectionSlug, req: request })
      .then(({ totalDocs }) => totalDocs)
  if ((await count(req)) > 0) return data
  await lockForTransaction(req, `first-account:${collection.slug}`)
  if ((await count(req)) === 0) data.role = 'administrator'
  return data
}
