import type { CollectionBeforeChangeHook } from 'payload'

import { ValidationError } from 'payload'

import { lockForTransaction } from '../../../src/db/locks'
import { relationId } from '../../../src/lib/databaseIds'

/** How many application passwords one account may hold: far more than scripts and apps need. */
export const MAX_APPLICATION_PASSWORDS = 100

/**
 * An account holds at most MAX_APPLICATION_PASSWORDS: anyone signed in may issue them for
 * themselves, and without a bound one account could fill the table (and each sign-in's
 * look-up) with as many as it liked. Issues for one account take turns (a lock for the
 * transaction), so two at once cannot both pass the count.
 */
export const capApplicationPasswords: CollectionBeforeChangeHook = async ({
  collection,
  data,
  operation,
  req,
}) => {
  const owner = operation === 'create' ? relationId(data.user) : null
  if (owner === null) return data
  await lockForTransaction(req, `application-passwords:${String(owner)}`)
  const { totalDocs } = await req.payload.count({
    collection: collection.slug,
    overrideAccess: true,
    req,
    where: { user: { equals: owner } },
  })
  if (totalDocs >= MAX_APPLICATION_PASSWORDS)
    throw new ValidationError(
      {
        collection: collection.slug,
        errors: [
          {
            message: `An account may hold at most ${MAX_APPLICATION_PASSWORDS} application passwords: revoke one first.`,
            path: 'name',
          },
        ],
      },
      req.t,
    )
  return data
}
