import type { CollectionBeforeOperationHook, PayloadRequest } from 'payload'

import { can } from '../lib/roles'
import { isCallersQuery } from './context'
import { POST_COLLECTIONS } from '../slugs'

/** The most items a page of the calendar's collections holds for a visitor, as WordPress caps `per_page`. */
export const VISITOR_MAX_PAGE_SIZE = 100

/**
 * The most events, venues or organizers a page holds for those who edit the calendar: each item a
 * page reads and serializes costs the process time in one stretch of its event loop, so `limit=0`
 * on a large calendar held every other request for as long (`bench/RESULTS.md`, "Editors' pages").
 * A thousand is ten times the admin panel's largest page, and what its calendar asks.
 */
export const EDITOR_MAX_PAGE_SIZE = 1_000

/**
 * A page of a calendar collection over Payload's REST or GraphQL API holds at most 100 items for a
 * visitor: `limit=0` and `pagination=false` ask for the whole calendar in one answer, which at a
 * hundred thousand events ties up the server and its memory for everyone. The page is cut, not
 * refused (the answer's `limit`, `hasNextPage` and `totalDocs` say so), as WordPress answers
 * `per_page` above its maximum. Those who edit the calendar get pages of up to 1,000 events,
 * venues or organizers (`EDITOR_MAX_PAGE_SIZE`), there and in the admin panel's lists, whose page
 * size is the URL's `limit`; categories and tags are not cut for them (the category tree reads
 * them all). The server's own code is not limited.
 */
export const capVisitorPageSize: CollectionBeforeOperationHook = ({
  args,
  collection,
  operation,
  req,
}) => {
  const paging = args as Paging
  if (operation !== 'read' || paging.id !== undefined) return args
  const most = largestPage(req, collection.slug, paging)
  if (
    most !== null &&
    (paging.pagination === false || paging.limit === 0 || (paging.limit ?? 0) > most)
  ) {
    paging.pagination = true
    paging.limit = most
  }
  return args
}

type Paging = {
  id?: unknown
  includeLockStatus?: boolean
  limit?: number
  overrideAccess?: boolean
  pagination?: boolean
}

/** The most items this read's page may hold; null when it is not cut. */
function largestPage(req: PayloadRequest, slug: string, paging: Paging): null | number {
  if (!can(req.user, 'edit_posts')) return req.payloadAPI === 'local' ? null : VISITOR_MAX_PAGE_SIZE
  if (!(POST_COLLECTIONS as readonly string[]).includes(slug)) return null
  // The caller chose the page's size on REST or GraphQL, or in the admin panel's lists, whose
  // reads are the only ones that ask for each item's lock status (`includeLockStatus`).
  const chosen =
    isCallersQuery(req, paging) && (req.payloadAPI !== 'local' || paging.includeLockStatus === true)
  return chosen ? EDITOR_MAX_PAGE_SIZE : null
}
