import type { CollectionAfterChangeHook, CollectionBeforeChangeHook } from 'payload'

import { randomBytes } from 'node:crypto'

/** How long a rotated-out secret still signs deliveries, so that receivers can switch over. */
export const PREVIOUS_SECRET_VALID_MS = 24 * 60 * 60_000

const ISSUED = 'issuedWebhookSecret'

/** A secret in the Standard Webhooks form: `whsec_` and 32 random bytes in base64. */
export const generateWebhookSecret = (): string => `whsec_${randomBytes(32).toString('base64')}`

/**
 * The secret is made here, never taken from the caller: on create, and on an update that asks
 * for a new one (`rotateSecret`), which keeps the old one signing too for a day. Any other
 * write leaves the stored secrets as they are.
 */
export const issueWebhookSecret: CollectionBeforeChangeHook = ({
  data,
  operation,
  originalDoc,
  req,
}) => {
  const rotate = operation === 'update' && data.rotateSecret === true
  delete data.rotateSecret
  delete data.secret
  delete data.previousSecret
  delete data.previousSecretExpiresAt
  if (operation !== 'create' && !rotate) return data
  const secret = generateWebhookSecret()
  data.secret = secret
  if (rotate && typeof originalDoc?.secret === 'string') {
    data.previousSecret = originalDoc.secret
    data.previousSecretExpiresAt = new Date(Date.now() + PREVIOUS_SECRET_VALID_MS).toISOString()
  }
  req.context[ISSUED] = secret
  return data
}

/** The answer to the write that made the secret is the one place it is shown. */
export const revealWebhookSecretOnce: CollectionAfterChangeHook = ({ doc, req }) => {
  const secret = req.context[ISSUED]
  if (typeof secret !== 'string') return doc
  delete req.context[ISSUED]
  return { ...doc, secret }
}
