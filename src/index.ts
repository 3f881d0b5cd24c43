export { CALENDAR_SLUGS, eventsCalendarPlugin, POST_COLLECTIONS, TERM_COLLECTIONS } from './plugin'
export { decideStatus, POST_STATUSES } from './lib/statuses'
export { ROLES } from './lib/roles'
export type { EventsCalendarPluginConfig, PostStatus, Role } from './types'
