import type { Access, Where } from 'payload'

import { readsPublishedToVisitors } from '../../endpoints/freshness'
import { can } from '../lib/roles'

/**
 * Access for the post-like collections (events, venues, organizers), after WordPress's
 * `read_post` / `edit_post` / `delete_post` meta capabilities. Every function returns a
 * query constraint rather than `true` where the answer depends on the item, so lists, counts
 * and populated relationships are filtered by the database, not after the fact.
 */
const PUBLISHED: Where = { status: { equals: 'publish' } }
/** The statuses in which a contributor may still edit their own items (WordPress's `edit_posts`). */
export const CONTRIBUTOR_EDITABLE_STATUSES: readonly string[] = ['draft', 'pending', 'trash']

/**
 * Who reads which items (WordPress's `read_post`), written once for Payload's access (`readPosts`)
 * and for SQL of our own (`readScopeSql`, `src/calendar/postReadRule.ts`): `everything` for those
 * who may read private posts, otherwise published items and, with `author`, the caller's own
 * (contributors and authors).
 */
export type ReadScope = { author: null | number | string; everything: boolean }

export function readScope(user: Parameters<typeof can>[0]): ReadScope {
  if (can(user, 'read_private_posts')) return { author: null, everything: true }
  if (user && can(user, 'edit_posts')) return { author: user.id, everything: false }
  return { author: null, everything: false }
}

/** A read scope as Payload's access: `true` or a query constraint. */
export function readScopeWhere(scope: ReadScope): true | Where {
  if (scope.everything) return true
  return scope.author === null
    ? PUBLISHED
    : { or: [PUBLISHED, { author: { equals: scope.author } }] }
}

/**
 * Marked as the rule under which visitors read published items only: what is kept for them
 * outlives a change of the others that they cannot see (`endpoints/freshness.ts`).
 */
export const readPosts: Access = readsPublishedToVisitors(({ req: { user } }) =>
  readScopeWhere(readScope(user)),
)

export const createPosts: Access = ({ req: { user } }) => can(user, 'edit_posts')

/** Editing and deleting: editors anything, authors their own, contributors their own unpublished items. */
export const editPosts: Access = ({ req: { user } }): boolean | Where => {
  if (!user) return false
  if (can(user, 'edit_others_posts')) return true
  if (can(user, 'edit_published_posts')) return { author: { equals: user.id } }
  if (can(user, 'edit_posts')) {
    return {
      and: [
        { author: { equals: user.id } },
        { status: { in: [...CONTRIBUTOR_EDITABLE_STATUSES] } },
      ],
    }
  }
  return false
}

/** Who may hand an item to another author. */
export const assignAuthors = ({ req: { user } }: { req: { user: Parameters<typeof can>[0] } }) =>
  can(user, 'edit_others_posts')

/** Images: uploaded by those who may publish (WordPress's \`upload_files\`), replaced or deleted by editors. */
export const mayUploadFiles: Access = ({ req: { user } }) => can(user, 'publish_posts')

export const mayEditOthersPosts: Access = ({ req: { user } }) => can(user, 'edit_others_posts')
