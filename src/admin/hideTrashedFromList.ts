import type { BaseFilter, Where } from 'payload'

const NOT_TRASHED: Where = { status: { not_equals: 'trash' } }

/** Whether a list query's `where` (as the URL carries it) says anything about the status. */
function mentionsStatus(where: unknown): boolean {
  if (!where || typeof where !== 'object') return false
  return Object.entries(where).some(([key, value]) => key === 'status' || mentionsStatus(value))
}

/**
 * The admin lists leave trashed items out, as WordPress's "All" does, unless the list's own
 * filter asks about the status (the Trash view above the events list, or the Filters panel).
 */
export const hideTrashedFromList: BaseFilter = ({ req }) =>
  mentionsStatus(req.query?.where) ? null : NOT_TRASHED
