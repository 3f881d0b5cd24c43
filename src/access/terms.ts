import type { Access } from 'payload'

import { can } from '../lib/roles'

export const readTerms: Access = () => true

/** Event categories are managed by authors and above (TEC maps `manage_terms` to `publish_tribe_events`). */
export const manageEventCategories: Access = ({ req: { user } }) =>
  can(user, 'manage_event_categories')

/** Tags are WordPress's `post_tag`, managed by editors and above (`manage_categories`). */
export const manageEventTags: Access = ({ req: { user } }) => can(user, 'manage_categories')
