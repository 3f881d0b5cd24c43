import type { Where } from 'payload'

import type { ArgsContext } from './context'

import { unprotectedOr } from '../src/access/protectedContent'
import { can } from '../src/lib/roles'

/**
 * Whether a password-protected event, venue or organizer is shown in full (`docs/compatibility.md`,
 * "Password-protected items"): to editors, and to a caller who gives its password; everyone else
 * gets it blanked, wherever it appears (its own route, a list, or embedded in an event). The
 * password is an argument of every route that shows such items (`passwordArgs.ts`).
 */
export function mayUnlockProtected(ctx: ArgsContext, doc: object): boolean {
  const { password } = doc as { password?: unknown }
  if (!password) return true
  return (
    can(ctx.user, 'edit_others_posts') ||
    (typeof ctx.args.password === 'string' && ctx.args.password === password)
  )
}

/**
 * `mayUnlockProtected` as a query, for the items of a list not in hand: every item (`true`) for
 * editors, otherwise those without a password and those whose password the caller gave. What
 * stays blanked for the caller answers none of its searches and filters (`searchConditions.ts`).
 */
export function unlockedItems(ctx: ArgsContext): true | Where {
  const unlocked = unlockedBy(ctx)
  return unlocked === true
    ? true
    : unprotectedOr(unlocked.password === null ? [] : [{ password: { equals: unlocked.password } }])
}

/** `unlockedItems` as data: every item (`true`), or those without a password and those with `password`. */
export function unlockedBy(ctx: ArgsContext): true | { password: null | string } {
  if (can(ctx.user, 'edit_others_posts')) return true
  const { password } = ctx.args
  return { password: typeof password === 'string' && password !== '' ? password : null }
}
