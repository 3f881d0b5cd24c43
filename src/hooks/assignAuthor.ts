import type { CollectionBeforeChangeHook } from 'payload'

/** A new item belongs to whoever creates it, unless someone allowed to (an editor) names another author. */
export const assignAuthor: CollectionBeforeChangeHook = ({ data, operation, req }) => {
  if (operation === 'create' && (data.author === undefined || data.author === null) && req.user) {
    data.author = req.user.id
  }
  return data
}
