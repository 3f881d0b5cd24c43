/** The collections of the webhooks and of their deliveries. */
export const WEBHOOK_SLUGS = {
  deliveries: 'webhook-deliveries',
  webhooks: 'webhooks',
} as const

/** The most webhooks a site may have: each change is written out for each of them, in the save's transaction. */
export const MAX_WEBHOOKS = 100

/** What happens to an event, a venue or an organizer, as a webhook's event type names it. */
export const POST_CHANGES = [
  'published',
  'updated',
  'unpublished',
  'trashed',
  'restored',
  'deleted',
] as const
export type PostChange = (typeof POST_CHANGES)[number]

/** The item kinds of the webhooks' event types, by the collection they are kept in. */
export const POST_KINDS = { events: 'event', organizers: 'organizer', venues: 'venue' } as const
export const TERM_KINDS = { 'event-categories': 'category', 'event-tags': 'tag' } as const

/**
 * Every event type a webhook may ask for: `event.published` … `organizer.deleted`,
 * `event.occurrence_cancelled`, `category.changed`, `tag.changed`.
 */
export const WEBHOOK_EVENTS: readonly string[] = [
  ...Object.values(POST_KINDS).flatMap((kind) => POST_CHANGES.map((change) => `${kind}.${change}`)),
  'event.occurrence_cancelled',
  ...Object.values(TERM_KINDS).map((kind) => `${kind}.changed`),
]
