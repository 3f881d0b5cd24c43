import type { Where } from 'payload'

import type { LinkedQuery } from './linkedQuery'

import { unprotectedOr } from '../../src/access/protectedContent'
import { foldedLike } from '../../src/db/foldedSearch'

/*
 * A `LinkedQuery` as Payload's `where` on venues or organizers, read by Payload with the
 * collection's access when the list is not read in SQL of our own (`leanLinkedList.ts`). A search
 * fragment is the folded comparison of `src/db/foldedSearch.ts`; a field a protected item blanks
 * holds only in the items the caller unlocks.
 */

/** Items without a password, or with the one the caller gave. */
function unlockedWhere(unlock: LinkedQuery['unlock']): Where[] {
  if (unlock === true) return []
  return [
    unprotectedOr(unlock.password === null ? [] : [{ password: { equals: unlock.password } }]),
  ]
}

/** The query's status condition and search (what decides whether anything matches at all). */
export function linkedStatusWhere(query: LinkedQuery): Where {
  return query.statuses
    ? { status: { in: [...query.statuses] } }
    : { status: { not_equals: 'trash' } }
}

/** The search as one condition: one of the fields has every fragment. */
export function linkedSearchWhere(query: LinkedQuery): Where | undefined {
  const { search } = query
  if (!search) return undefined
  return {
    or: search.fields.map((field) => ({
      and: [
        ...search.patterns.map((pattern) => foldedLike(field, pattern)),
        ...(search.hidden.includes(field) ? unlockedWhere(query.unlock) : []),
      ],
    })),
  }
}

/** The query as the `and` of Payload's conditions: statuses, search, id filters. */
export function linkedWhere(query: LinkedQuery): Where[] {
  const search = linkedSearchWhere(query)
  return [
    linkedStatusWhere(query),
    ...(search ? [search] : []),
    ...query.idFilters.map(({ ids, not }) => ({ id: { [not ? 'not_in' : 'in']: [...ids] } })),
  ]
}
