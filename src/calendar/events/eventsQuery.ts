import type { PostStatus } from '../../types'

/*
 * What the events list (`GET /events`) and the calendar feeds ask of the events, as data: built
 * once from the list's validated arguments (`endpoints/events/listQuery.ts`), then compiled either
 * to Payload's `where` (`eventsWhere.ts`) or to SQL of our own (`eventsSql.ts`). Neither compiler
 * reads the other's output, so each condition is written once per engine, from this model.
 *
 * The list's items are occurrences (`calendar_occurrences`, docs/recurrence.md): a single event is
 * its one occurrence, a series one item per occurrence. The date window, `include` and the
 * cancelled occurrences are conditions on occurrences (`occurrencesSql`, in SQL whichever engine
 * found the events); the rest are conditions on the events. Payload's `where` cannot read the
 * occurrences, so the query also carries what they give it: the events that are not simply their
 * own dates (`apartFromDates`) and the events of the included occurrences (`includeEvents`).
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
  /** Only these occurrences (`include`): an event's own id names its first occurrence. */
  include?: readonly number[]
  /** The events the included occurrences belong to, for Payload's `where`; without it `include` is read as event ids. */
  includeEvents?: readonly number[]
  /** The date window's bounds, in the order they were given, on each occurrence's start and end. */
  window: readonly WindowBound[]
  /**
   * For Payload's `where`: the events with an occurrence in the window or their own dates in it that
   * are not exactly one occurrence at their own dates (series, split halves, cancelled or moved
   * occurrences: `eventsApartFromDates.ts`). The window admits them (it reads the events' own
   * dates), and the list then shows their occurrences. Absent: not looked up (the SQL reads the
   * occurrences itself).
   */
  apartFromDates?: readonly number[]
  /** Each series once, by its first occurrence in the window (`hide_subsequent_recurrences`, the feeds). */
  seriesOnce?: boolean
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
  /**
   * The occurrences of one group of series (`post_parent`): the group's root event id, resolved
   * from any id of the group (`seriesRootOf`); the root and every event whose `seriesRoot` it is.
   * 0 matches nothing (an id that names no series).
   */
  postParent?: number
  unlock: UnlockRule
  /** The language whose translations the search reads. */
  locale: string
}

/** The locks of `path` under `unlock` (none when the caller unlocks everything). */
export function locksOf(unlock: UnlockRule, path: QueryPath): readonly Lock[] {
  return unlock ? unlock.locks[path] : []
}
