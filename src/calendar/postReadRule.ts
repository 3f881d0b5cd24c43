import type { CollectionSlug } from 'payload'

import type { CalendarContext } from './context'

import { readPosts, readScope, type ReadScope } from '../access/posts'

/**
 * The read scope of events, venues or organizers (`readScope` in `src/access/posts.ts`, the rule of
 * their access `readPosts`) for this caller, for SQL written by hand (`linkedToEvents.ts`,
 * `events/leanEvent.ts`, `events/eventsSql.ts`). `undefined` when a site replaced that access on
 * `collection`: then only Payload may apply it.
 */
export type PostReadRule = ReadScope & { author: null | number }

export function postReadRule(ctx: CalendarContext, collection: string): PostReadRule | undefined {
  if (ctx.payload.collections[collection as CollectionSlug]?.config.access?.read !== readPosts)
    return undefined
  const { author, everything } = readScope(ctx.user)
  return { author: author === null ? null : Number(author), everything }
}

/** A read scope as SQL on the item `alias`: `true`, or published items and the caller's own. */
export function readScopeSql(
  scope: PostReadRule,
  alias: string,
  param: (value: unknown) => string,
): string {
  if (scope.everything) return 'true'
  return `(${alias}.status = 'publish'${scope.author === null ? '' : ` OR ${alias}.author_id = ${param(scope.author)}::int`})`
}

/**
 * The compatibility API's unlocking rule as SQL on the item `alias` (`unlockedBy` in
 * `endpoints/unlockProtected.ts`): no password, or `password` when the caller gave one.
 */
export function unlockedSql(
  password: null | string,
  alias: string,
  param: (value: unknown) => string,
): string {
  return `(${alias}.password IS NULL OR ${alias}.password = ''${password === null ? '' : ` OR ${alias}.password = ${param(password)}`})`
}

/**
 * `unlockedSql` for the rule as the venues' and organizers' search conditions write it
 * (`unlockedItems`, `unprotectedOr` in `src/access/protectedContent.ts`). `undefined` for any
 * other condition.
 */
export function unlockedItemsSql(
  where: unknown,
  alias: string,
  param: (value: unknown) => string,
): string | undefined {
  const or =
    where && typeof where === 'object' && Object.keys(where).length === 1
      ? (where as { or?: unknown }).or
      : undefined
  if (!Array.isArray(or) || (or.length !== 2 && or.length !== 3)) return undefined
  const [absent, empty, given] = or.map((item) => JSON.stringify(item))
  if (
    absent !== JSON.stringify({ password: { exists: false } }) ||
    empty !== JSON.stringify({ password: { equals: '' } })
  )
    return undefined
  const password =
    or.length === 3 ? (or[2] as { password?: { equals?: unknown } }).password?.equals : undefined
  if (
    or.length === 3 &&
    (typeof password !== 'string' || given !== JSON.stringify({ password: { equals: password } }))
  )
    return undefined
  return unlockedSql(typeof password === 'string' ? password : null, alias, param)
}
