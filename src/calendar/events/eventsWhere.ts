import type { Where } from 'payload'

import type { EventsQuery, Lock, QueryPath } from './eventsQuery'

import { withLocks } from '../../access/hiddenFieldConditions'
import { unprotectedOr } from '../../access/protectedContent'
import { foldedLike } from '../../db/foldedSearch'
import { locksOf } from './eventsQuery'

/*
 * An `EventsQuery` as Payload's `where` on events: the conditions Payload applies, with the
 * collection's read access, when the list is not read in SQL of our own (`eventsSql.ts`). A
 * search term is the folded comparison of `src/db/foldedSearch.ts`; a condition on what a
 * protected item blanks holds with its locks (`src/access/hiddenFieldConditions.ts`). It finds
 * the events; their occurrences are then read in SQL (`occurrencesSql`, `occurrenceList.ts`), so
 * the window also admits the events whose occurrences are not their own dates (`apartFromDates`).
 */

/** Items without a password or with the one given, on the event itself or, through `venue.`, on its venue. */
function lockWhere(password: null | string, lock: Lock): Where {
  const on = lock === 'event' ? 'password' : 'venue.password'
  const unlocking: Where[] = password === null ? [] : [{ [on]: { equals: password } }]
  if (lock === 'event') return unprotectedOr(unlocking)
  return { or: [{ [on]: { exists: false } }, { [on]: { equals: '' } }, ...unlocking] }
}

/** `condition` on `path`, holding only in what the caller unlocks. */
function locked(query: EventsQuery, path: QueryPath, condition: Where): Where {
  const password = query.unlock?.password ?? null
  return withLocks(
    condition,
    locksOf(query.unlock, path).map((lock) => lockWhere(password, lock)),
  )
}

/** The query as the `and` of Payload's conditions, in the order the list has always written them. */
export function eventsWhere(query: EventsQuery): Where[] {
  const and: Where[] = [{ hideFromListings: { not_equals: true } }]
  and.push(
    query.statuses ? { status: { in: [...query.statuses] } } : { status: { not_equals: 'trash' } },
  )
  if (query.include) {
    const events = query.includeEvents ?? query.include
    and.push(events.length ? { id: { in: [...events] } } : { id: { equals: 0 } })
  }
  const window: Where[] = query.window.map(({ field, operator, wallTime }) => ({
    [field]: { [operator]: wallTime },
  }))
  if (query.apartFromDates?.length && window.length)
    and.push({ or: [{ and: window }, { id: { in: [...query.apartFromDates] } }] })
  else and.push(...window)
  if (query.search) {
    const { fields, terms, unprotectedOnly } = query.search
    for (const { exclude, pattern } of terms) {
      and.push(
        exclude
          ? {
              and: fields.map((field) =>
                locked(query, field, foldedLike(field, pattern, { exclude: true })),
              ),
            }
          : { or: fields.map((field) => locked(query, field, foldedLike(field, pattern))) },
      )
    }
    if (unprotectedOnly) and.push(unprotectedOr())
  }
  if (query.categories)
    and.push(locked(query, 'categories', { categories: { in: [...query.categories] } }))
  if (query.tags) and.push(locked(query, 'tags', { tags: { in: [...query.tags] } }))
  if (query.venues) and.push(locked(query, 'venue', { venue: { in: [...query.venues] } }))
  if (query.organizers)
    and.push(locked(query, 'organizers', { organizers: { in: [...query.organizers] } }))
  if (query.featured === true) and.push(locked(query, 'featured', { featured: { equals: true } }))
  if (query.featured === false)
    and.push(locked(query, 'featured', { featured: { not_equals: true } }))
  if (query.geoloc === true) {
    and.push(
      locked(query, 'venue.latitude', { 'venue.latitude': { exists: true } }),
      locked(query, 'venue.longitude', { 'venue.longitude': { exists: true } }),
    )
  }
  if (query.geoloc === false) {
    and.push({
      or: [
        locked(query, 'venue', { venue: { exists: false } }),
        locked(query, 'venue.latitude', { 'venue.latitude': { exists: false } }),
      ],
    })
  }
  if (query.nearVenues) and.push(locked(query, 'venue', { venue: { in: [...query.nearVenues] } }))
  if (query.postParent !== undefined)
    and.push({
      or: [{ id: { equals: query.postParent } }, { seriesRoot: { equals: query.postParent } }],
    })
  return and
}
