import type { Where } from 'payload'

import { foldedLike } from '../src/db/foldedSearch'
import { containsPattern, holdsNul } from '../src/lib/searchTerms'

/*
 * The `search` of every list as a `where` (`docs/compatibility.md`, "Search"): the rules of each
 * list are in `src/lib/searchTerms.ts`, the comparison (without regard to case or accents) in
 * `src/db/foldedSearch.ts`. The events list's search is part of its query (`src/calendar/events/eventsQuery.ts`), the
 * venues' and organizers' of theirs (`linkedPosts/linkedQuery.ts`).
 */

/** Categories and tags (WordPress's term search): the whole text in the name or the slug. */
export function termSearchCondition(fields: readonly string[], search: string): Where {
  // Compared whole, a text with a NUL is found in no term (`holdsNul`).
  if (holdsNul(search)) return { id: { equals: 0 } }
  const pattern = containsPattern(search)
  return { or: fields.map((field) => foldedLike(field, pattern)) }
}
