import type { FieldAccess, PayloadRequest, Where } from 'payload'

import { isTrustedRead } from '../hooks/context'
import { can, type UserWithRole } from '../lib/roles'
import { CONTRIBUTOR_EDITABLE_STATUSES, editPosts } from './posts'

const idOf = (value: unknown): unknown =>
  value && typeof value === 'object' ? (value as { id?: unknown }).id : value

/**
 * Whether `user` may edit this item: the rule of `editPosts` (`src/access/posts.ts`) applied to
 * one item in hand rather than as a query. WordPress shows a protected post's content to those
 * who may edit it without asking for its password.
 */
export function mayEditPost(user: UserWithRole, doc: Record<string, unknown>): boolean {
  if (!user) return false
  if (can(user, 'edit_others_posts')) return true
  const own =
    doc.author !== undefined && doc.author !== null && String(idOf(doc.author)) === String(user.id)
  if (can(user, 'edit_published_posts')) return own
  if (can(user, 'edit_posts'))
    return own && CONTRIBUTOR_EDITABLE_STATUSES.includes(String(doc.status))
  return false
}

/** Whether the reader of this request sees a protected item's content (and its password). */
export function seesProtectedContent(req: PayloadRequest, doc: Record<string, unknown>): boolean {
  return isTrustedRead(req) || mayEditPost(req.user, doc)
}

/** Items without a password, or with any of `unlocking` (the items a reader sees in full). */
export function unprotectedOr(unlocking: Where[] = []): Where {
  return { or: [{ password: { exists: false } }, { password: { equals: '' } }, ...unlocking] }
}

/**
 * `seesProtectedContent` as a query, for the items of a list not in hand: every item (`true`),
 * or those without a password and those the reader may edit (`editPosts`, the query form of
 * `mayEditPost`). What a reader sees blanked is what they may not filter, sort or search on
 * (`src/hooks/refuseHiddenFieldQueries.ts`).
 */
export function contentSeenBy(req: PayloadRequest): true | Where {
  if (isTrustedRead(req)) return true
  const editable = editPosts({ req } as Parameters<typeof editPosts>[0]) as boolean | Where
  if (editable === true) return true
  return unprotectedOr(editable ? [editable] : [])
}

/**
 * Set on a request once `refuseHiddenFieldQueries` has read its query: the conditions on
 * passwords that the guard adds (`unprotectedOr`) may then be run for readers who may not filter
 * on passwords themselves; the guard refuses theirs before it adds its own.
 */
export const PASSWORD_CONDITIONS_GUARDED = 'eventsCalendarPasswordConditionsGuarded'

/**
 * The password itself: read by those who may edit the item; filtered on (no item in hand) only
 * by those who may edit every item, so that `where[password][like]=…` is no oracle for others,
 * and by the guard's own conditions (`PASSWORD_CONDITIONS_GUARDED`).
 */
export const readPostPassword: FieldAccess = ({ doc, req }) => {
  if (isTrustedRead(req)) return true
  if (doc) return mayEditPost(req.user, doc)
  return can(req.user, 'edit_others_posts') || req.context?.[PASSWORD_CONDITIONS_GUARDED] === true
}
