import type { CollectionConfig, TaskConfig } from 'payload'

import type { SanitizedPluginConfig } from '../types'

import { generateWebhookDeliveriesCollection } from '../../collections/WebhookDeliveries/index'
import { POST_KINDS, TERM_KINDS } from '../../collections/Webhooks/webhookEvents'
import { generateWebhooksCollection } from '../../collections/Webhooks/index'
import { deliverWebhooksTask } from '../jobs/deliverWebhooks'
import { pluginOptionsOf } from '../pluginOptions'
import { deliverDueWebhooks } from './deliverWebhooks'
import { recordDeletion, recordPostChange, recordTermChange } from './recordChanges'

/** The webhooks and their deliveries: always there, so that the schema does not depend on the options. */
export const webhookCollections = (): CollectionConfig[] => [
  generateWebhooksCollection(),
  generateWebhookDeliveriesCollection(),
]

/** Whether changes are recorded and sent: the plugin and its webhooks both on (read again at each change and turn). */
const sending = (options: SanitizedPluginConfig) => !options.disabled && options.webhooks.enabled

/**
 * The collection with the hooks that write each change out for the webhooks, in the save's
 * transaction (events, venues, organizers, categories, tags); any other as it is.
 */
export function withChangeRecording(
  collection: CollectionConfig,
  options: SanitizedPluginConfig,
): CollectionConfig {
  const post = collection.slug in POST_KINDS
  if (!sending(options) || (!post && !(collection.slug in TERM_KINDS))) return collection
  const hooks = collection.hooks ?? {}
  return {
    ...collection,
    hooks: {
      ...hooks,
      afterChange: [...(hooks.afterChange ?? []), post ? recordPostChange : recordTermChange],
      afterDelete: [...(hooks.afterDelete ?? []), recordDeletion],
    },
  }
}

/** The delivery job, inert (registered, sending nothing) when the webhooks are off. */
export const webhooksTask = (options: SanitizedPluginConfig): TaskConfig =>
  deliverWebhooksTask(options.scheduledPublication.cron, async (payload) => {
    const current = pluginOptionsOf(payload)
    return sending(current)
      ? deliverDueWebhooks(payload, current)
      : { delivered: 0, failed: 0, retrying: 0, skipped: 0 }
  })
