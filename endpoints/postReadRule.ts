import type { CollectionSlug } from 'payload'

import type { RestContext } from './context'

import { readPosts } from '../src/access/posts'
import { can } from '../src/lib/roles'

/**
 * The read access of events, venues and organizers (`readPosts` in `src/access/posts.ts`) for this
 * caller, as data for SQL written by hand (`linkedToEvents.ts`, `events/leanEvent.ts`): `everything`
 * when the caller reads every item, otherwise published items and, with `author`, the caller's own.
 * `undefined` when a site replaced that access on `collection`: then only Payload may apply it.
 */
export type PostReadRule = { author: null | number; everything: boolean }

export function postReadRule(ctx: RestContext, collection: string): PostReadRule | undefined {
  if (ctx.payload.collections[collection as CollectionSlug]?.config.access?.read !== readPosts) return undefined
  const user = ctx.user
  if (can(user, 'read_private_posts')) return { author: null, everything: true }
  if (user && can(user, 'edit_posts')) return { author: Number(user.id), everything: false }
  return { author: null, everything: false }
}
