import type { Access, Where } from 'payload'

import { editPosts } from './posts'

/**
 * Revisions of events, venues and organizers: read by those who may edit the item now (as
 * WordPress shows revisions only to who may `edit_post`), since an old revision holds what the
 * item's drafts and protected content held. The edit rule is asked of the item itself, through
 * the revision's `parent`, not of what the revision recorded: a later change of author or status
 * decides for every revision at once.
 */
export const readPostVersions: Access = (args) => {
  const editable = editPosts(args) as boolean | Where
  if (typeof editable === 'boolean') return editable
  return onParent(editable)
}

/** The item's conditions asked of a revision's `parent`. */
function onParent(where: Where): Where {
  return Object.fromEntries(
    Object.entries(where).map(([key, value]) =>
      key === 'and' || key === 'or'
        ? [key, (value as Where[]).map(onParent)]
        : [`parent.${key}`, value],
    ),
  ) as Where
}
