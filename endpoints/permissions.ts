import type { RestContext } from './context'

import { can } from '../src/lib/roles'

/**
 * Route-level permission checks (WordPress's `permission_callback`): they run after the
 * arguments validated, and answer only "may this caller use this route at all"; which item
 * they may change is decided by the collection's access rules during the write.
 */
export const mayEditPosts = (ctx: RestContext) => can(ctx.user, 'edit_posts')

/** Event categories: `edit_tribe_events` and `publish_tribe_events`, so authors and above. */
export const mayManageEventCategories = (ctx: RestContext) =>
  can(ctx.user, 'edit_posts') && can(ctx.user, 'manage_event_categories')

/** Tags: `edit_tribe_events` and `manage_categories`, so editors and above. */
export const mayManageTags = (ctx: RestContext) =>
  can(ctx.user, 'edit_posts') && can(ctx.user, 'manage_categories')
