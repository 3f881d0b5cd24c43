import type { Payload, TaskConfig } from 'payload'

import { CALENDAR_QUEUE } from './publishScheduledItems'

export const DELIVER_WEBHOOKS_TASK = 'deliverWebhooks'

type Counts = Record<'delivered' | 'failed' | 'retrying' | 'skipped', number>

/**
 * The job that sends the webhooks' pending deliveries (docs/webhooks.md), on the calendar's
 * queue, whose one runner across instances makes each delivery sent by one process. The turn
 * itself (`deliver`) is the webhooks' own (`src/webhooks/deliverWebhooks.ts`), given by the plugin.
 */
export const deliverWebhooksTask = (
  cron: string,
  deliver: (payload: Payload) => Promise<Counts>,
): TaskConfig => ({
  slug: DELIVER_WEBHOOKS_TASK,
  label: 'Send the webhooks’ deliveries',
  // A turn that failed is not tried again: the next turn takes up what is still pending.
  retries: 0,
  schedule: [{ cron, queue: CALENDAR_QUEUE }],
  outputSchema: ['delivered', 'failed', 'retrying', 'skipped'].map((name) => ({
    name,
    type: 'number' as const,
    required: true,
  })),
  handler: async ({ req }) => ({ output: await deliver(req.payload) }),
})
