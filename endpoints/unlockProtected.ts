import type { Where } from 'payload'

import type { ArgsContext } from './context'

import { unprotectedOr } from '../src/access/protectedContent'
import { can } from '../src/lib/roles'

/**
 * Whether a password-protected event, venue or organizer is shown in full (`docs/compatibility.md`,
 * "Password-protected items"): to editors who ask in the edit context (`context=edit`), and to a
 * caller who gives its password; everyone else, editors reading as readers included, gets it
 * blanked, wherever it appears (its own route, a list, or embedded in an event). The password and
 * the context are arguments of every route that shows such items (`passwordArgs.ts`).
 */
export function mayUnlockProtected(ctx: ArgsContext, doc: object): boolean {
  const { password } = doc as { password?: unknown }
  if (!password) return true
  return (
    editsInEditContext(ctx) ||
    (typeof ctx.args.password === 'string' && ctx.args.password === password)
  )
}

/**
 * Embedded in an event, a protected venue or organizer is blanked whoever asks, whatever the
 * password or context: the original unlocks one only on its own routes and in its lists.
 */
export const unlockedEmbedded = (doc: object): boolean => !(doc as { password?: unknown }).password

/** An editor asking in the edit context, who unlocks every protected item. */
export const editsInEditContext = (ctx: ArgsContext): boolean =>
  ctx.args.context === 'edit' && can(ctx.user, 'edit_others_posts')

/**
 * `mayUnlockProtected` as a query, for the items of a list not in hand: every item (`true`) for
 * editors in the edit context, otherwise those without a password and those whose password the
 * caller gave. What stays blanked for the caller answers none of its searches and filters
 * (`searchConditions.ts`).
 */
export function unlockedItems(ctx: ArgsContext): true | Where {
  const unlocked = unlockedBy(ctx)
  return unlocked === true
    ? true
    : unprotectedOr(unlocked.password === null ? [] : [{ password: { equals: unlocked.password } }])
}

/** `unlockedItems` as data: every item (`true`), or those without a password and those with `password`. */
export function unlockedBy(ctx: ArgsContext): true | { password: null | string } {
  if (editsInEditContext(ctx)) return true
  const { password } = ctx.args
  return { password: typeof password === 'string' && password !== '' ? password : null }
}
