import type { EventsQuery, EventSearchField, Lock, QueryPath, SearchTerm } from './eventsQuery'
import type { PostReadRule } from '../postReadRule'

import { FOLDED_TEXTS } from '../../db/calendarSchema/searchFolding'
import { MAX_INT4 } from '../../lib/databaseIds'
import { POST_STATUSES } from '../../lib/statuses'
import { readScopeSql, unlockedSql } from '../postReadRule'
import { locksOf } from './eventsQuery'

/*
 * An `EventsQuery` as the WHERE of one SQL statement on `calendar_occurrences o JOIN events e`
 * (`o.event_id = e.id`), with the caller's read scope: the occurrences' own conditions
 * (`occurrencesSql`) and, on their events,
 * the same conditions as its `where` (`eventsWhere.ts`) as Payload applies them
 * (`@payloadcms/drizzle`, parseParams), written for the indexes. Payload writes filters on
 * translations and related items as joins, then `SELECT DISTINCT … ORDER BY … LIMIT`: at 100,000
 * events the planner then either walks the list's index filtering every joined row or sorts every
 * match (bench/RESULTS.md). Here each such filter is a semi-join (`IN`/`EXISTS`) that the trigram
 * and relation indexes serve. As in Payload's: a search term is the folded LIKE of
 * `src/db/foldedSearch.ts` in the query's language only (no fallback in queries), `not_equals`
 * keeps NULLs, `in` on a hasMany relationship is any link of that field, a condition on the
 * venue's fields (`geoloc=1`) sees only venues the caller may read.
 *
 * `undefined` leaves the list to Payload: an empty id list, a venue without coordinates
 * (`geoloc=0`), or a condition locked other than by the event itself (or, for the venue's
 * coordinates, by its venue).
 */

/** The read scopes of the events and of the venues their conditions read. */
export type SqlScope = { events: PostReadRule; venues: PostReadRule }

/**
 * A WHERE on `calendar_occurrences o JOIN events e` (`text`), and the same conditions apart: those
 * on the events and those on each occurrence (`occurrencesSql`), with `fewEvents` when the events'
 * own conditions may match only a few events (a venue, an organizer, a term, a group of series,
 * ids), which the list then reads events first (`occurrences.ts`, `occurrencePage`).
 */
export type SqlWhere = {
  text: string
  values: unknown[]
  /**
   * Common table expressions the conditions read (`name AS MATERIALIZED (…)`, comma-separated), which
   * each statement puts in its `WITH`: a search term's matching events, found once (`searchTermSql`).
   */
  with?: string
  /**
   * `text` as the walk of the list's index reads it (`occurrencePage`), where it differs: it reads
   * none of `with`.
   */
  walkText?: string
  /**
   * `events`: the conditions on `events e` alone, reading none of `with`; `from`, where given, the
   * FROM that finds those events (`events e` joined to what drives it), which `events` completes;
   * `drive`, with `from`, the common table expression of `with` that holds the events `from`
   * finds (`parent_id`), which a total counts event by event (`occurrenceCount`).
   */
  parts?: {
    drive?: string
    events: string
    fewEvents: boolean
    from?: string
    /**
     * Where no `from` is given: a SELECT of `parent_id`s, each once and in order, among which are
     * all the events `events` matches (the events linked to a term asked for, from the links'
     * index), from which the events read first are taken one by one until there are enough
     * (`occurrencePage`); `events` still holds every other condition (the term's lock, where one
     * applies, but not its link, which every event the lead gives holds). Written by the statement
     * that reads it, with its own parameters (`param`): the statements that do not read it (the
     * total, the walk) are sent `values`, and Postgres refuses a parameter a statement leaves
     * untyped.
     */
    lead?: (param: Param) => string
    occurrences: string
    /**
     * With `drive`, what a page's first stretch of the walk checks (`occurrencePage`): `events`,
     * the events' own conditions as the walk checks them (`walkText` without the occurrences'
     * conditions) on an occurrence `o`'s event `e`, each search term's texts read by
     * `o.event_id` before the event; `texts`, the driving term's check of those texts alone.
     */
    stretch?: { events: string; texts: string }
    /**
     * With `drive`, a search's matches read first where they are few (`occurrencePage`): `texts`,
     * a SELECT of the `parent_id` of each translation in the query's language that holds every
     * term a visitor's search finds (not those it excludes), one row per event, which the trigram
     * indexes serve together; `events`, the events' own conditions on an event `e` apart from
     * those terms, which every event `texts` gives holds.
     */
    matchesFirst?: { events: string; texts: string }
  }
  /** A bound from above on `o.start_local`, implied by `text` where `START_BOUND_HOLDS` (`occurrencesWhere`). */
  startBound?: string
}

export const WINDOW_COMPARISONS = {
  greater_than: '>',
  greater_than_equal: '>=',
  less_than: '<',
  less_than_equal: '<=',
} as const
const WINDOW_COLUMNS = { endLocal: 'end_local', startLocal: 'start_local' } as const
/** The list-order columns' text (`YYYY-MM-DD HH:MM:SS`). */
const LIST_ORDER_TEXT = /^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/
const SEARCH_COLUMNS: Record<EventSearchField, string> = {
  descriptionText: 'description_text',
  excerpt: 'excerpt',
  title: 'title',
}
const RELATED = {
  categories: 'event_categories_id',
  organizers: 'organizers_id',
  tags: 'event_tags_id',
} as const

export type Param = (value: unknown) => string

/** Locked by the event itself only: other locks (a venue's) are left to Payload. */
const onlyByTheEvent = (locks: readonly Lock[]) => locks.length === 1 && locks[0] === 'event'

const ids = (list: readonly number[]) =>
  list.length && list.every((id) => Number.isInteger(Number(id))) ? list.map(Number) : undefined

/** The most terms whose links lead the events read first (`SqlWhere.parts.lead`): an index range each, merged. */
const MAX_LEAD_TERMS = 8

/**
 * The events linked on `field` to one of `list`, each once, in order of id: one range of the
 * links' index (`events_rels_<column>_path_parent_idx`) per term, merged, so that a reader that
 * stops after a few hundred reads no further, however many events the terms have; planned as a
 * join, every link of the terms was hashed first. The terms are parameters, so that the text
 * is the same for any terms of the same field and number (`occurrencePage` names it).
 */
function leadSql(
  field: keyof typeof RELATED,
  list: readonly number[],
): ((param: Param) => string) | undefined {
  const terms = [...new Set(ids(list) ?? [])]
  if (!terms.length || terms.length > MAX_LEAD_TERMS) return undefined
  if (!terms.every((term) => term >= 1 && term <= MAX_INT4)) return undefined
  return (param) => {
    const ranges = terms.map(
      (term) =>
        `(SELECT r.parent_id FROM events_rels r WHERE r.${RELATED[field]} = ${param(term)}::int AND r.path = '${field}' ORDER BY r.parent_id)`,
    )
    const merged =
      ranges.length === 1 ? ranges[0]! : `(${ranges.join(' UNION ALL ')} ORDER BY parent_id)`
    return `SELECT DISTINCT l.parent_id FROM ${merged} l`
  }
}

/** The query as SQL, or `undefined` when Payload must read it (see the comment at the top). */
export function eventsSql(query: EventsQuery, scope: SqlScope): SqlWhere | undefined {
  const values: unknown[] = []
  const param: Param = (value) => `$${values.push(value)}`
  const password = query.unlock?.password ?? null
  /** `condition` on `path`, for the events the caller unlocks; `undefined` for a lock other than the event's. */
  const locked = (path: QueryPath, condition: string | undefined): string | undefined => {
    const locks = locksOf(query.unlock, path)
    if (condition === undefined || !locks.length) return condition
    if (!onlyByTheEvent(locks)) return undefined
    return `(${condition} AND ${unlockedSql(password, 'e', param)})`
  }
  const conditions: (string | undefined)[] = [
    '(e.hide_from_listings IS NULL OR e.hide_from_listings <> true)',
  ]
  // Compared as the column's own type, not as text, so that the planner uses its statistics (as text
  // it guessed 26 rows for 5,233 and chose a plan a hundred times slower); only statuses that exist.
  const { statuses } = query
  if (statuses && (!statuses.length || !statuses.every((status) => POST_STATUSES.includes(status))))
    return undefined
  conditions.push(
    statuses
      ? `e.status = ANY(${param(statuses)}::enum_events_status[])`
      : `e.status <> ${param('trash')}::enum_events_status`,
  )
  if (query.include && !ids(query.include)) return undefined
  const base = conditions.length
  const { conditions: occurrences, startBound } = occurrencesWhere(query, param)
  conditions.push(...occurrences)
  /** The conditions the walk of the list's index reads in another form, by index in `conditions`. */
  const walkForms = new Map<number, string>()
  /** The same conditions as a probe of one event `e` (`SqlWhere.parts.events`), by index in `conditions`. */
  const probeForms = new Map<number, string>()
  const matchSets: string[] = []
  /** The events found from a search term's matches rather than read and probed (`SqlWhere.parts.from`). */
  let drive: { at: number; select: string; set: string } | undefined
  /** Each found term's check of one translation `l` (`SqlWhere.parts.matchesFirst`), by index in `conditions`. */
  const textForms = new Map<number, string>()
  if (query.search) {
    for (const term of query.search.terms) {
      let set = ''
      const sql = searchTermSql(query, term, param, (select) => {
        matchSets.push(`search_${matchSets.length + 1} AS MATERIALIZED (${select})`)
        return (set = `search_${matchSets.length}`)
      })
      if (typeof sql === 'object') {
        walkForms.set(conditions.length, sql.walk)
        probeForms.set(conditions.length, sql.probe)
        textForms.set(conditions.length, sql.holds)
        drive ??= { at: conditions.length, select: sql.matches, set }
      }
      conditions.push(typeof sql === 'object' ? sql.set : sql)
    }
    if (query.search.unprotectedOnly) conditions.push(unlockedSql(null, 'e', param))
  }
  const related = (field: keyof typeof RELATED, list: readonly number[]) =>
    ids(list) &&
    `EXISTS (SELECT 1 FROM events_rels r WHERE r.parent_id = e.id AND r.path = ${param(field)} AND r.${RELATED[field]} = ANY(${param(ids(list))}::int[]))`
  /**
   * Each term's condition (its index in `conditions`), and the same with its link taken as held,
   * which the events the term's links lead (`leadSql`) need not check again.
   */
  const termForms = new Map<keyof typeof RELATED, { at: number; linked: string }>()
  const term = (field: keyof typeof RELATED, list: readonly number[]) => {
    const link = related(field, list)
    const condition = locked(field, link)
    if (link && condition)
      termForms.set(field, { at: conditions.length, linked: condition.replace(link, 'true') })
    conditions.push(condition)
  }
  if (query.categories) term('categories', query.categories)
  if (query.tags) term('tags', query.tags)
  if (query.venues)
    conditions.push(
      locked('venue', ids(query.venues) && `e.venue_id = ANY(${param(ids(query.venues))}::int[])`),
    )
  if (query.organizers) term('organizers', query.organizers)
  if (query.featured === true) conditions.push(locked('featured', 'e.featured = true'))
  if (query.featured === false)
    conditions.push(locked('featured', '(e.featured IS NULL OR e.featured <> true)'))
  // `geoloc=1`: the event's venue has coordinates (Payload joins the venue on the relationship's
  // path), held only where the caller unlocks the event and the venue that blank them.
  if (query.geoloc === true) {
    for (const column of ['latitude', 'longitude'] as const) {
      const path = `venue.${column}` as const
      const locks = locksOf(query.unlock, path)
      const venueLock = locks.includes('venue') ? ` AND ${unlockedSql(password, 'v', param)}` : ''
      const condition = `EXISTS (SELECT 1 FROM venues v WHERE v.id = e.venue_id AND v.${column} IS NOT NULL AND ${readScopeSql(scope.venues, 'v', param)}${venueLock})`
      conditions.push(
        locks.includes('event')
          ? `(${condition} AND ${unlockedSql(password, 'e', param)})`
          : condition,
      )
    }
  }
  if (query.geoloc === false) return undefined
  if (query.nearVenues)
    conditions.push(
      locked(
        'venue',
        ids(query.nearVenues) && `e.venue_id = ANY(${param(ids(query.nearVenues))}::int[])`,
      ),
    )
  if (query.postParent !== undefined) conditions.push(seriesGroupSql(query.postParent, 'e', param))
  if (!scope.events.everything) conditions.push(readScopeSql(scope.events, 'e', param))
  if (conditions.some((condition) => condition === undefined)) return undefined
  const fewEvents = Boolean(
    matchSets.length ||
    query.categories ||
    query.tags ||
    query.venues ||
    query.organizers ||
    query.nearVenues ||
    query.postParent !== undefined,
  )
  // Only where one term is the only condition that may match few events: beside a venue, a
  // group of series, a search or another term (which may match far fewer), the lead would read
  // every event of a large term, and the planner chooses better.
  const terms = (['categories', 'tags', 'organizers'] as const).filter((field) => query[field])
  const alone =
    terms.length === 1 &&
    !drive &&
    !matchSets.length &&
    !query.venues &&
    !query.nearVenues &&
    query.postParent === undefined
  const lead = alone ? leadSql(terms[0]!, query[terms[0]!]!) : undefined
  // Every event the lead gives is linked to the term: its link is not checked again.
  const linked = lead ? termForms.get(terms[0]!) : undefined
  if (linked) probeForms.set(linked.at, linked.linked)
  // The events' own conditions as the events read first (`occurrencePage`) take them: a search
  // term's probe of each event's texts, and none for the term whose matches drive the read.
  const ownEvents = (index: number, condition: string | undefined) =>
    (index < base || index >= base + occurrences.length) && condition !== 'true'
  const probed = conditions.map((condition, index) => probeForms.get(index) ?? condition)
  const events = probed.filter(
    (condition, index) => ownEvents(index, condition) && index !== drive?.at,
  )
  const eventsBesideTexts = probed.filter(
    (condition, index) => ownEvents(index, condition) && !textForms.has(index),
  )
  const walkEvents = conditions
    .map((condition, index) => walkForms.get(index) ?? condition)
    .filter((condition, index) => ownEvents(index, condition))
  return {
    parts: {
      events: events.join(' AND ') || 'true',
      fewEvents,
      ...(lead && { lead }),
      // `OFFSET 0` keeps the matches a subquery of their own, read as the join asks for them: the
      // trigram indexes' candidates are checked only until the read has what it takes, where a
      // join planned as one checked them all first.
      ...(drive && {
        drive: drive.set,
        from: `(${drive.select} OFFSET 0) s JOIN events e ON e.id = s.parent_id`,
        stretch: { events: walkEvents.join(' AND '), texts: walkForms.get(drive.at)! },
        matchesFirst: {
          events: eventsBesideTexts.join(' AND ') || 'true',
          texts: `SELECT l.parent_id FROM ${FOLDED_TEXTS} l WHERE ${[...textForms.values()].join(' AND ')}`,
        },
      }),
      occurrences: occurrences.join(' AND '),
    },
    startBound,
    text: conditions.join(' AND '),
    values,
    ...(matchSets.length > 0 && {
      with: matchSets.join(',\n  '),
      walkText: conditions
        .map((condition, index) => walkForms.get(index) ?? condition)
        .join(' AND '),
    }),
  }
}

/** The events of the group of series whose root is `root` (`EventsQuery.postParent`). */
export function seriesGroupSql(root: number, alias: string, param: Param): string {
  const value = param(root)
  return `(${alias}.id = ${value}::int OR ${alias}.series_root = ${value}::int)`
}

/**
 * The conditions of `query` on each occurrence `o`: scheduled (a cancelled occurrence is never
 * listed), in the date window (its own start and end, as wall times in its event's zone, like the
 * event's list-order columns), among the included ids, and with `seriesOnce` the first such
 * occurrence of its series (by start, then id, as the list orders them).
 */
export function occurrencesSql(query: EventsQuery, param: Param, alias = 'o'): string[] {
  return occurrencesWhere(query, param, alias).conditions
}

/**
 * How much earlier than its start an occurrence's wall-clock end may be for `startBound` to hold:
 * a short event across the change of the clocks back ends "before" it starts (01:30 EDT to
 * 01:10 EST), by an hour or two at most in any zone.
 */
const EARLIER_END = `interval '1 day'`

/** Whether no occurrence ends more than EARLIER_END before it starts, read from the bottom of `calendar_occurrences_duration_idx`. */
export const START_BOUND_HOLDS = `COALESCE((SELECT min(d.end_local - d.start_local) FROM calendar_occurrences d) >= -${EARLIER_END}, true)`

/**
 * `occurrencesSql`'s conditions, and `startBound`: what the window's bounds from above on the end
 * say of the start (an end at or before B is a start at or before B + EARLIER_END where
 * START_BOUND_HOLDS). As a constant, the planner estimates it with the start's bound from below:
 * `start_local >= A AND end_local <= B` alone it takes for independent and counts a week by
 * reading the whole table. It reads no duration itself, so a statement takes it only under
 * START_BOUND_HOLDS (`occurrenceCount`).
 */
export function occurrencesWhere(
  query: EventsQuery,
  param: Param,
  alias = 'o',
): { conditions: string[]; startBound?: string } {
  const startBounds: string[] = []
  const own = (on: string) => [
    `${on}.status = 'scheduled'`,
    ...query.window.flatMap(({ field, operator, wallTime }) => {
      const column = `${on}.${WINDOW_COLUMNS[field]}`
      // The events' list-order columns are text, which Payload compares as text: a wall time in their
      // format orders as the timestamp does (and an index on the column can serve it); any other as text.
      if (!LIST_ORDER_TEXT.test(wallTime))
        return [
          `to_char(${column}, 'YYYY-MM-DD HH24:MI:SS') ${WINDOW_COMPARISONS[operator]} ${param(wallTime)}`,
        ]
      const value = `${param(wallTime)}::timestamp`
      const bound = `${column} ${WINDOW_COMPARISONS[operator]} ${value}`
      const fromBelow = operator === 'greater_than' || operator === 'greater_than_equal'
      if (field === 'endLocal' && !fromBelow && on === alias)
        startBounds.push(`${on}.start_local <= ${value} + ${EARLIER_END}`)
      return field === 'endLocal' && fromBelow ? [bound, startBoundOfEndBound(on, value)] : [bound]
    }),
  ]
  const conditions = own(alias)
  if (query.include) conditions.push(`${alias}.id = ANY(${param(ids(query.include))}::int[])`)
  if (query.seriesOnce)
    conditions.push(`NOT EXISTS (SELECT 1 FROM calendar_occurrences p WHERE p.event_id = ${alias}.event_id
      AND ${own('p').join(' AND ')} AND (p.start_local, p.id) < (${alias}.start_local, ${alias}.id))`)
  return { conditions, ...(startBounds.length ? { startBound: startBounds.join(' AND ') } : {}) }
}

/** The earliest timestamp Postgres holds, before which a bound moved by a duration would be an error. */
const EARLIEST = `'4713-01-01 00:00:00 BC'::timestamp`

/**
 * What a bound from below on an occurrence's end says of its start, which the list's index
 * (`start_local`, `id`) can serve where the end's bound alone would walk every earlier occurrence:
 * an end at or after `value` is a start at or after `value` less the longest occurrence's
 * duration. The duration is read in the statement itself (`max()` from the top of
 * `calendar_occurrences_duration_idx`), so a longer occurrence written a moment ago, or earlier
 * in the same transaction, widens the bound at once. Implied by the end's bound, so it changes
 * no answer. A bound from above on the end is left alone: the planner cannot estimate a bound
 * read at run time, and would take a long window (the default one) for a few rows.
 */
function startBoundOfEndBound(on: string, value: string): string {
  const longest = '(SELECT max(d.end_local - d.start_local) FROM calendar_occurrences d)'
  return `${on}.start_local >= ${value} - LEAST(${longest}, ${value} - ${EARLIEST})`
}

/**
 * One term of a search: found in one of the searched fields of the query's language, or in none
 * of them, compared folded as `src/db/foldedSearch.ts` does in Payload's queries, with the folded
 * texts as stored (FOLDED_TEXTS, `src/db/calendarSchema/searchFolding.ts`), whose trigram indexes
 * serve it; a field that protected events hide from the caller is compared only in the events the
 * caller unlocks.
 */
function searchTermSql(
  query: EventsQuery,
  { exclude, pattern }: SearchTerm,
  param: Param,
  matchSet: (select: string) => string,
):
  | string
  | undefined
  | { holds: string; matches: string; probe: string; set: string; walk: string } {
  const fields = query.search!.fields
  const hidden = fields.filter((field) => locksOf(query.unlock, field).length)
  if (hidden.some((field) => !onlyByTheEvent(locksOf(query.unlock, field)))) return undefined
  const open = fields.filter((field) => !hidden.includes(field))
  const folded = `calendar_search_fold(${param(pattern)})`
  /** Whether a translation `l` of FOLDED_TEXTS holds the term in one of `list`. */
  const holds = (list: readonly EventSearchField[]) => `l.locale = ${param(query.locale)}
    AND (${list.map((field) => `l.${SEARCH_COLUMNS[field]} LIKE ${folded}`).join(' OR ')})`
  const matches = (list: readonly EventSearchField[], condition = holds(list)) =>
    `SELECT l.parent_id FROM ${FOLDED_TEXTS} l WHERE ${condition}`
  // A visitor's search lists only events without a password (`unprotectedOnly`), which every
  // caller unlocks: no field is hidden from them. The total joins the set of the events whose texts
  // match, found once in the statement (`set`). A page reads only what it needs of them: the events
  // read first (`fewEvents`) are found from the matches the trigram indexes give, as many as it
  // takes (`matches`, one row per event: a translation is one per language and event), and the walk
  // of the list's index checks each event it meets against that event's own texts (`walk`, through
  // `calendar_event_folded_texts_parent_idx`). A set built for each page compared every candidate's
  // texts, thousands for a common word, to show ten. The walk checks the texts of the occurrence's
  // event before reading the event: a scalar subquery of the occurrence alone, which the planner
  // keeps in the occurrences' scan (an EXISTS it would join, reading each event first); `probe` is
  // the same check of an event `e` read otherwise. The walk compares with the folded term as a
  // value computed once when the statement runs (`(SELECT …)`): the planner then takes it for
  // any term rather than estimating it against each text column's statistics at every request;
  // that probe of one event's texts by their index is planned the same either way.
  if (!exclude && query.search!.unprotectedOnly) {
    const condition = holds(fields)
    const select = matches(fields, condition)
    return {
      holds: `(${condition})`,
      matches: select,
      probe: `EXISTS (${select} AND l.parent_id = e.id)`,
      set: `e.id IN (SELECT parent_id FROM ${matchSet(select)})`,
      walk: `(SELECT true FROM ${FOLDED_TEXTS} l WHERE l.parent_id = o.event_id AND ${condition.replaceAll(`LIKE ${folded}`, `LIKE (SELECT ${folded})`)} LIMIT 1)`,
    }
  }
  const lock = hidden.length ? unlockedSql(query.unlock?.password ?? null, 'e', param) : ''
  // Payload's left join gives an event without a translation in the language NULL texts, which an exclusion keeps.
  if (exclude) {
    return [
      ...(open.length ? [`NOT EXISTS (${matches(open)} AND l.parent_id = e.id)`] : []),
      ...(hidden.length ? [lock, `NOT EXISTS (${matches(hidden)} AND l.parent_id = e.id)`] : []),
    ].join(' AND ')
  }
  return `(${[...(open.length ? [`e.id IN (${matches(open)})`] : []), ...(hidden.length ? [`(${lock} AND e.id IN (${matches(hidden)}))`] : [])].join(' OR ')})`
}
