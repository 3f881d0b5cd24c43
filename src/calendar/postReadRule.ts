import type { CollectionSlug } from 'payload'

import type { CalendarContext } from './context'

import { readPosts } from '../access/posts'
import { can } from '../lib/roles'

/**
 * The read access of events, venues and organizers (`readPosts` in `src/access/posts.ts`) for this
 * caller, as data for SQL written by hand (`linkedToEvents.ts`, `events/leanEvent.ts`): `everything`
 * when the caller reads every item, otherwise published items and, with `author`, the caller's own.
 * `undefined` when a site replaced that access on `collection`: then only Payload may apply it.
 */
export type PostReadRule = { author: null | number; everything: boolean }

export function postReadRule(ctx: CalendarContext, collection: string): PostReadRule | undefined {
  if (ctx.payload.collections[collection as CollectionSlug]?.config.access?.read !== readPosts) return undefined
  const user = ctx.user
  if (can(user, 'read_private_posts')) return { author: null, everything: true }
  if (user && can(user, 'edit_posts')) return { author: Number(user.id), everything: false }
  return { author: null, everything: false }
}

/**
 * The SQL, on the item `alias`, of the compatibility API's unlocking rule as its conditions write
 * it (`unlockedItems` in `unlockProtected.ts`, `unprotectedOr` in `src/access/protectedContent.ts`):
 * no password, or the one the caller gave. `undefined` for any other condition.
 */
export function unlockedItemsSql(where: unknown, alias: string, param: (value: unknown) => string): string | undefined {
  const or = where && typeof where === 'object' && Object.keys(where).length === 1 ? (where as { or?: unknown }).or : undefined
  if (!Array.isArray(or) || (or.length !== 2 && or.length !== 3)) return undefined
  const [absent, empty, given] = or.map((item) => JSON.stringify(item))
  if (absent !== JSON.stringify({ password: { exists: false } }) || empty !== JSON.stringify({ password: { equals: '' } })) return undefined
  const password = or.length === 3 ? (or[2] as { password?: { equals?: unknown } }).password?.equals : undefined
  if (or.length === 3 && (typeof password !== 'string' || given !== JSON.stringify({ password: { equals: password } }))) return undefined
  return `(${alias}.password IS NULL OR ${alias}.password = ''${password === undefined ? '' : ` OR ${alias}.password = ${param(password)}`})`
}
