import type { PostChange } from '../../collections/Webhooks/webhookEvents'

/**
 * What a save of an event, venue or organizer is, for the webhooks, from its status before and
 * after (none before: a creation). `updated` is only a candidate: it is sent when the item's
 * public answer changed (`src/webhooks/prepareDelivery.ts`). Null: nothing a webhook tells.
 */
export function postChangeOf(before: string | undefined, after: string): null | PostChange {
  if (after === 'trash') return before === 'trash' ? null : 'trashed'
  if (before === 'trash') return 'restored'
  if (after === 'publish') return before === 'publish' ? 'updated' : 'published'
  return before === 'publish' ? 'unpublished' : null
}
