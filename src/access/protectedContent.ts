import type { FieldAccess, PayloadRequest } from 'payload'

import { isTrustedRead } from '../hooks/context'
import { can, type UserWithRole } from '../lib/roles'

const UNPUBLISHED_STATUSES = ['draft', 'pending', 'trash']

const idOf = (value: unknown): unknown => (value && typeof value === 'object' ? (value as { id?: unknown }).id : value)

/**
 * Whether `user` may edit this item: the rule of `editPosts` (`src/access/posts.ts`) applied to
 * one item in hand rather than as a query. WordPress shows a protected post's content to those
 * who may edit it without asking for its password.
 */
export function mayEditPost(user: UserWithRole, doc: Record<string, unknown>): boolean {
  if (!user) return false
  if (can(user, 'edit_others_posts')) return true
  const own = doc.author !== undefined && doc.author !== null && String(idOf(doc.author)) === String(user.id)
  if (can(user, 'edit_published_posts')) return own
  if (can(user, 'edit_posts')) return own && UNPUBLISHED_STATUSES.includes(String(doc.status))
  return false
}

/** Whether the reader of this request sees a protected item's content (and its password). */
export function seesProtectedContent(req: PayloadRequest, doc: Record<string, unknown>): boolean {
  return isTrustedRead(req) || mayEditPost(req.user, doc)
}

/**
 * The password itself: read by those who may edit the item; filtered on (no item in hand) only
 * by those who may edit every item, so that `where[password][like]=…` is no oracle for others.
 */
export const readPostPassword: FieldAccess = ({ doc, req }) => {
  if (isTrustedRead(req)) return true
  return doc ? mayEditPost(req.user, doc) : can(req.user, 'edit_others_posts')
}
