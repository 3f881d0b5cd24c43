import type { CollectionSlug, Where } from 'payload'

import type { RestContext } from './context'

import { foldedLike } from '../src/db/foldedSearch'
import { leanLinkedCount } from './leanLinkedList'
import { containsPattern, findLikeFragments, postSearchTerms } from '../src/lib/searchTerms'

/*
 * The `search` of every list as a `where` (`docs/compatibility.md`, "Search"): the rules of each
 * list are in `src/lib/searchTerms.ts`, the comparison (without regard to case or accents) in
 * `src/db/foldedSearch.ts`.
 */

/**
 * Events (WordPress's post search): each term is found in one of the fields, and an excluded term
 * in none of them. Someone not signed in finds no password-protected event: its hidden texts
 * would otherwise answer the search.
 */
export function postSearchConditions(fields: readonly string[], search: string, { signedIn }: { signedIn: boolean }): Where[] {
  const conditions = postSearchTerms(search).map(({ exclude, text }): Where => {
    const pattern = containsPattern(text)
    return exclude ? { and: fields.map((field) => foldedLike(field, pattern, { exclude: true })) } : { or: fields.map((field) => foldedLike(field, pattern)) }
  })
  if (!signedIn) conditions.push({ or: [{ password: { exists: false } }, { password: { equals: '' } }] })
  return conditions
}

/** Categories and tags (WordPress's term search): the whole text in the name or the slug. */
export function termSearchCondition(fields: readonly string[], search: string): Where {
  const pattern = containsPattern(search)
  return { or: fields.map((field) => foldedLike(field, pattern)) }
}

/**
 * Venues and organizers (the original's "find like"): one of the fields contains every fragment
 * of the text; null when the text has no fragment (nothing matches).
 */
export function findLikeCondition(fields: readonly string[], search: string): null | Where {
  const fragments = findLikeFragments(search)
  if (!fragments.length) return null
  return { or: fields.map((field) => ({ and: fragments.map((fragment) => foldedLike(field, containsPattern(fragment))) })) }
}

/**
 * Whether an item the caller may read (trashed ones aside) matches a find-like `condition`: when
 * none does, whatever the list's other filters, the original answers an empty page whose total and
 * paging are those of the list without the search.
 */
export async function anyFindLikeMatch(ctx: RestContext, collection: CollectionSlug, condition: Where): Promise<boolean> {
  const and: Where[] = [{ status: { not_equals: 'trash' } }, condition]
  const lean = collection === 'venues' || collection === 'organizers' ? await leanLinkedCount(ctx, collection, and) : undefined
  return (lean ?? (await ctx.payload.count({ collection, overrideAccess: false, req: ctx.req, where: { and } })).totalDocs) > 0
}
