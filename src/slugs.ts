/** Collection slugs the plugin owns. They are fixed so that migrations and the API can rely on them. */
export const CALENDAR_SLUGS = {
  applicationPasswords: 'application-passwords',
  eventCategories: 'event-categories',
  eventTags: 'event-tags',
  events: 'events',
  organizers: 'organizers',
  venues: 'venues',
} as const

/** The compatibility API's item resources by their path's first segment, and the collection behind each. */
export const RESOURCE_COLLECTIONS: Readonly<Record<string, string>> = {
  categories: CALENDAR_SLUGS.eventCategories,
  events: CALENDAR_SLUGS.events,
  organizers: CALENDAR_SLUGS.organizers,
  tags: CALENDAR_SLUGS.eventTags,
  venues: CALENDAR_SLUGS.venues,
}

/** Collections whose items are posts in the original: they share one id sequence and the status workflow. */
export const POST_COLLECTIONS = [
  CALENDAR_SLUGS.events,
  CALENDAR_SLUGS.venues,
  CALENDAR_SLUGS.organizers,
]
/** Collections whose items are terms in the original: they share the other id sequence. */
export const TERM_COLLECTIONS = [CALENDAR_SLUGS.eventCategories, CALENDAR_SLUGS.eventTags]
