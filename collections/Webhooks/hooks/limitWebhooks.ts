import type { CollectionBeforeChangeHook } from 'payload'

import { ValidationError } from 'payload'

import { MAX_WEBHOOKS, WEBHOOK_SLUGS } from '../webhookEvents'

/** At most `MAX_WEBHOOKS` webhooks: every save of the calendar writes a delivery for each. */
export const limitWebhooks: CollectionBeforeChangeHook = async ({ data, operation, req }) => {
  if (operation !== 'create') return data
  const { totalDocs } = await req.payload.count({
    collection: WEBHOOK_SLUGS.webhooks,
    overrideAccess: true,
    req,
  })
  if (totalDocs >= MAX_WEBHOOKS)
    throw new ValidationError({
      collection: WEBHOOK_SLUGS.webhooks,
      errors: [{ message: `A site has at most ${MAX_WEBHOOKS} webhooks.`, path: 'url' }],
      req,
    })
  return data
}
