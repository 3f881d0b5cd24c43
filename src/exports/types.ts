export type {
  CollectionOverride,
  EventsCalendarPluginConfig,
  PostStatus,
  Role,
  SanitizedPluginConfig,
} from '../types'
