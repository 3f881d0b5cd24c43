import type { CollectionAfterChangeHook, CollectionBeforeChangeHook } from 'payload'

import {
  generateApplicationPassword,
  hashApplicationPassword,
} from '../../../src/lib/applicationPasswords'

const ISSUED = 'issuedApplicationPassword'

/** Makes the password on create (never accepting one from the caller) and stores only its hash. */
export const issueApplicationPassword: CollectionBeforeChangeHook = ({ data, operation, req }) => {
  if (operation === 'create') {
    const password = generateApplicationPassword()
    data.passwordHash = hashApplicationPassword(password)
    if (!data.user && req.user) data.user = req.user.id
    req.context[ISSUED] = password
  } else {
    delete data.passwordHash
  }
  return data
}

/** The create response is the one place the password is shown. */
export const revealApplicationPasswordOnce: CollectionAfterChangeHook = ({
  doc,
  operation,
  req,
}) => {
  if (operation !== 'create' || typeof req.context[ISSUED] !== 'string') return doc
  const password = req.context[ISSUED]
  delete req.context[ISSUED]
  return { ...doc, password }
}
