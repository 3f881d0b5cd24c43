import type { PostStatus } from '../../types'

/*
 * What the events list (`GET /events`) and the calendar feeds ask of the events, as data: built
 * once from the list's validated arguments (`endpoints/events/listQuery.ts`), then compiled either
 * to Payload's `where` (`eventsWhere.ts`) or to SQL of our own (`eventsSql.ts`). Neither compiler
 * reads the other's output, so each condition is written once per engine, from this model.
 */

/** The searched fields of events, in the order the search compares them (`docs/compatibility.md`, "Search"). */
export const EVENT_SEARCH_FIELDS = ['title', 'excerpt', 'descriptionText'] as const
export type EventSearchField = (typeof EVENT_SEARCH_FIELDS)[number]

/** A bound of the date window: the event's start or end (a wall time in its own timezone) against a wall time of the site's. */
export type WindowBound = {
  field: 'endLocal' | 'startLocal'
  operator: 'greater_than' | 'greater_than_equal' | 'less_than' | 'less_than_equal'
  wallTime: string
}

/** One term of a search: a LIKE pattern (`containsPattern`) found in one of the searched fields, or with `exclude` in none. */
export type SearchTerm = { exclude: boolean; pattern: string }

/** The paths the list's search and filters read, each of which a password-protected item may blank. */
export type QueryPath =
  | EventSearchField
  | 'categories'
  | 'featured'
  | 'organizers'
  | 'tags'
  | 'venue'
  | 'venue.latitude'
  | 'venue.longitude'

/**
 * Whose unlocking a condition on a path needs before it may hold (`src/access/hiddenFieldConditions.ts`):
 * the event's, when the event blanks the field, and its venue's, when the venue blanks the venue's field.
 */
export type Lock = 'event' | 'venue'

/**
 * "Filters only on what the caller unlocks": on what a protected item shows the caller blanked, a
 * search or filter holds only for the items the caller unlocks, those without a password and those
 * whose password they gave (`unlockedBy`, `endpoints/unlockProtected.ts`). `null` when the caller
 * unlocks every item.
 */
export type UnlockRule = null | {
  locks: Readonly<Record<QueryPath, readonly Lock[]>>
  password: null | string
}

export type EventsQuery = {
  /** The statuses listed; `null`: all but trashed. */
  statuses: null | readonly PostStatus[]
  /** Only these events (`include`). */
  include?: readonly number[]
  /** The date window's bounds, in the order they were given. */
  window: readonly WindowBound[]
  /** The search's terms and the fields each term looks in; `unprotectedOnly`: the caller (a visitor) finds no protected event. */
  search?: {
    fields: readonly EventSearchField[]
    terms: readonly SearchTerm[]
    unprotectedOnly: boolean
  }
  /** Events linked to one of these categories, tags, venues, organizers (ids; empty matches nothing). */
  categories?: readonly number[]
  tags?: readonly number[]
  venues?: readonly number[]
  organizers?: readonly number[]
  featured?: boolean
  /** Whether the event's venue has coordinates. */
  geoloc?: boolean
  /** Events at one of these venues, those near the point asked (`geoloc_lat`, `geoloc_lng`). */
  nearVenues?: readonly number[]
  /** Events whose parent is this event: none yet (events have no parents until recurrence). */
  postParent?: number
  unlock: UnlockRule
  /** The language whose translations the search reads. */
  locale: string
}

/** The locks of `path` under `unlock` (none when the caller unlocks everything). */
export function locksOf(unlock: UnlockRule, path: QueryPath): readonly Lock[] {
  return unlock ? unlock.locks[path] : []
}
