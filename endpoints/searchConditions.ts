import type { CollectionSlug, Where } from 'payload'

import type { ArgsContext } from './context'

import { readingOf } from '../src/access/hiddenFieldConditions'
import { foldedLike } from '../src/db/foldedSearch'
import { leanLinkedCount } from './linkedPosts/leanLinkedList'
import { unlockedItems } from './unlockProtected'
import { containsPattern, findLikeFragments } from '../src/lib/searchTerms'

/*
 * The `search` of every list as a `where` (`docs/compatibility.md`, "Search"): the rules of each
 * list are in `src/lib/searchTerms.ts`, the comparison (without regard to case or accents) in
 * `src/db/foldedSearch.ts`. The events list's search is part of its query (`src/calendar/events/eventsQuery.ts`).
 */

/**
 * The locks of each field of `collection` for this caller (`src/access/hiddenFieldConditions.ts`):
 * a field a password-protected item shows the caller blanked matches only in the items the caller
 * unlocks (`unlockedItems`), so that no search or filter answers with what the item hides.
 */
function hiddenFieldLocks(ctx: ArgsContext, collection: string): (field: string) => Where[] {
  const seen = unlockedItems(ctx)
  const config = ctx.payload.collections[collection as CollectionSlug]?.config
  return (field) =>
    seen === true || !config ? [] : readingOf(ctx.payload, config, field, () => seen).locks
}

/** Categories and tags (WordPress's term search): the whole text in the name or the slug. */
export function termSearchCondition(fields: readonly string[], search: string): Where {
  const pattern = containsPattern(search)
  return { or: fields.map((field) => foldedLike(field, pattern)) }
}

/**
 * Venues and organizers (the original's "find like"): one of the fields contains every fragment
 * of the text (a field a protected item shows the caller blanked, only when the caller unlocks
 * it); null when the text has no fragment (nothing matches).
 */
export function findLikeCondition(
  ctx: ArgsContext,
  collection: string,
  fields: readonly string[],
  search: string,
): null | Where {
  const fragments = findLikeFragments(search)
  if (!fragments.length) return null
  const locks = hiddenFieldLocks(ctx, collection)
  return {
    or: fields.map((field) => ({
      and: [
        ...fragments.map((fragment) => foldedLike(field, containsPattern(fragment))),
        ...locks(field),
      ],
    })),
  }
}

/**
 * Whether an item the caller may read (trashed ones aside) matches a find-like `condition`: when
 * none does, whatever the list's other filters, the original answers an empty page whose total and
 * paging are those of the list without the search.
 */
export async function anyFindLikeMatch(
  ctx: ArgsContext,
  collection: CollectionSlug,
  condition: Where,
): Promise<boolean> {
  const and: Where[] = [{ status: { not_equals: 'trash' } }, condition]
  const lean =
    collection === 'venues' || collection === 'organizers'
      ? await leanLinkedCount(ctx, collection, and)
      : undefined
  return (
    (lean ??
      (await ctx.payload.count({ collection, overrideAccess: false, req: ctx.req, where: { and } }))
        .totalDocs) > 0
  )
}
