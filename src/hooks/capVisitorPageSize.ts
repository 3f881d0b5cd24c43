import type { CollectionBeforeOperationHook } from 'payload'

import { can } from '../lib/roles'

/** The most items a page of the calendar's collections holds for a visitor, as WordPress caps `per_page`. */
export const VISITOR_MAX_PAGE_SIZE = 100

/**
 * A visitor's page of a calendar collection over Payload's REST or GraphQL API holds at most 100
 * items: `limit=0` and `pagination=false` ask for the whole calendar in one answer, which at a
 * hundred thousand events ties up the server and its memory for everyone. The page is cut, not
 * refused (the answer's `limit`, `hasNextPage` and `totalDocs` say so), as WordPress answers
 * `per_page` above its maximum. Those who edit the calendar (its admin lists ask for everything)
 * and the server's own code are not limited.
 */
export const capVisitorPageSize: CollectionBeforeOperationHook = ({ args, operation, req }) => {
  const paging = args as { id?: unknown; limit?: number; pagination?: boolean }
  if (
    operation !== 'read' ||
    paging.id !== undefined ||
    req.payloadAPI === 'local' ||
    can(req.user, 'edit_posts')
  )
    return args
  if (
    paging.pagination === false ||
    paging.limit === 0 ||
    (paging.limit ?? 0) > VISITOR_MAX_PAGE_SIZE
  ) {
    paging.pagination = true
    paging.limit = VISITOR_MAX_PAGE_SIZE
  }
  return args
}
