import type { CollectionBeforeValidateHook } from 'payload'

import { translatorOf } from '../../../src/i18n/index'
import { ClientError } from '../../../src/lib/clientError'

/**
 * Nobody removes their own administrator role (nor clears it): the site would be left without
 * the one who can give it back. Another administrator may change it. On every API, since the
 * admin panel's form is one of them.
 */
export const keepOwnAdministratorRole: CollectionBeforeValidateHook = ({
  collection,
  data,
  operation,
  originalDoc,
  req,
}) => {
  if (operation !== 'update' || !data || !('role' in data) || !req.user || !originalDoc) return data
  const ownAccount =
    req.user.collection === collection.slug && String(req.user.id) === String(originalDoc.id)
  if (ownAccount && originalDoc.role === 'administrator' && data.role !== 'administrator') {
    // A 400 with the sentence itself, which the admin shows as it is (a field error would be toasted as "invalid: role").
    throw new ClientError(translatorOf(req.t)('ownAdministratorRole'))
  }
  return data
}
