import type { Access, Where } from 'payload'

import { editPosts } from './posts'

const IN_THE_TRASH: Where = { status: { equals: 'trash' } }

/**
 * Deleting for good, as WordPress allows it: only items already in the trash, by those who may
 * edit them. Everything else is trashed first (a status change, `applyStatusWorkflow`), so the
 * admin panel's Delete (single or bulk) cannot remove a live item by mistake; the compatibility
 * API's DELETE trashes and never deletes.
 */
export const deleteTrashedPosts: Access = (args) => {
  // `editPosts` answers at once (no promise): a boolean or a constraint on the item.
  const editable = editPosts(args) as boolean | Where
  if (editable === false) return false
  return editable === true ? IN_THE_TRASH : { and: [editable, IN_THE_TRASH] }
}
