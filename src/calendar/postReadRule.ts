import type { CollectionSlug } from 'payload'

import type { CalendarContext } from './context'

import { readPosts, readScope, type ReadScope } from '../access/posts'

/**
 * The read scope of events, venues or organizers (`readScope` in `src/access/posts.ts`, the rule of
 * their access `readPosts`) for this caller, for SQL written by hand (`linkedToEvents.ts`,
 * `leanLinkedList.ts`, `events/leanEvent.ts`, `events/eventsSql.ts`). `undefined` when a site replaced that access on
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
