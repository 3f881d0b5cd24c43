import { createHash } from 'node:crypto'

import type { CalendarContext } from '../context'
import type { EventDoc } from './eventDoc'
import type { EventsQuery } from './eventsQuery'
import type { SqlWhere } from './eventsSql'

import { poolOf } from '../../db/pool'
import { MAX_INT4 } from '../../lib/databaseIds'
import { occurrencesWhere, START_BOUND_HOLDS } from './eventsSql'

/*
 * The events list's items are occurrences (docs/recurrence.md, "The API's answers"): the reads of
 * `calendar_occurrences` that the list, the single reads and the writes share, whichever engine
 * found the events (`eventsSql.ts`, `eventsWhere.ts`). Ids only, never the caller's business:
 * what an occurrence shows comes from its event, read as the caller may read it.
 */

/** One item of the list: an occurrence and the event it belongs to. */
export type OccurrenceRef = { eventId: number; id: number }

/** What an item shows of its occurrence. */
export type OccurrenceRow = OccurrenceRef & {
  /** Its start's date in its event's zone, for its permalink. */
  date: string
  endUtc: string
  /** 1 for the first occurrence of its series on its date, 2 for the second, … (the permalink's `/{n}/`). */
  numberOnDate: number
  /**
   * Whether its event is a series (more than one occurrence, or one not at the event's id, as the
   * second half of a split may have): a single event is shown as itself.
   */
  series: boolean
  startUtc: string
  status: 'cancelled' | 'scheduled'
  /** Its own title ("this occurrence" retitled), if any. */
  title?: string
}

/** An event shown as one of its occurrences: the event's fields with the occurrence's id and dates. */
export const OCCURRENCE = Symbol('occurrence shown')

export type OccurrenceDoc = EventDoc & { [OCCURRENCE]?: OccurrenceRow }

/** `name`: a statement of a fixed text, prepared once on each connection and planned for any values. */
const query = <T>(ctx: CalendarContext, text: string, values: unknown[], name?: string) =>
  poolOf(ctx.payload)!.query<T & Record<string, unknown>>({ name, text, values })

/**
 * The event of each row `s` (its `parent_id`) that meets the events' own conditions, read by its
 * key and checked: `OFFSET 0` keeps it a probe per row rather than a join the planner may turn
 * into a hash of every event.
 */
const eventByKey = (conditions: string, columns: string, key = 's.parent_id') =>
  `CROSS JOIN LATERAL (SELECT ${columns} FROM events e WHERE e.id = ${key} AND ${conditions} OFFSET 0) e`

/** At most this many events matched (`SqlWhere.parts.fewEvents`), a page is read events first. */
const FEW_EVENTS = 200

/**
 * At most this many events whose texts hold a visitor's search's terms (`SqlWhere.parts.matchesFirst`),
 * a page is read from those events' own first occurrences rather than by the walk: the read costs
 * an index descent per event, the walk a probe of texts per occurrence it meets before the page's
 * last, which for fewer matches is a longer way (bench/RESULTS.md, issue 26, H32).
 */
const FEW_MATCHES = 2000
/**
 * And at most this many occurrences in all (events × the page's reach, `fewMatches`): a page far
 * into the list reads as many of each event's, and is read first only for as many events as
 * FEW_EVENTS allows any list.
 */
const FEW_MATCHES_READ = 100_000

/** How many events a search's page reaching `reach` items reads first at most (`FEW_MATCHES_READ`). */
const fewMatches = (reach: number) =>
  Math.min(FEW_MATCHES, Math.max(FEW_EVENTS, Math.floor(FEW_MATCHES_READ / reach)))

/**
 * The page `page` of `limit` occurrences under `where` (on `calendar_occurrences o JOIN events e`),
 * in the list's order. The list's index walks the occurrences in that order until the page is
 * full, which is quick when many match, but reads every occurrence of the window when the matches
 * are few or late, which the planner cannot tell (it takes them for spread evenly). So a query
 * whose events' own conditions may match few (`fewEvents`) first takes up to FEW_EVENTS + 1 of
 * those events: when they are all, the page is the first occurrences of each in the window
 * (`calendar_occurrences_event_window_idx`, at most as many per event as the page reaches),
 * sorted; otherwise the walk. A visitor's search (`matchesFirst`) counts, rather than events,
 * the translations whose texts hold its terms, up to `fewMatches` + 1 from the trigram indexes
 * (every term's together): when they are all, the page is the first occurrences of each of their
 * events in the window, sorted by start, each event then read by its key and checked only until
 * the page is full. One statement either way; a search's first pages try the walk's first stretch
 * before it (`firstStretch`).
 */
export async function occurrencePage(
  ctx: CalendarContext,
  where: SqlWhere,
  { limit, page }: { limit: number; page: number },
  { whole = false }: { whole?: boolean } = {},
): Promise<OccurrenceRef[]> {
  const parts = where.parts
  const reach = STRETCH_REACHES.find((reach) => page * limit <= reach)
  if (parts?.stretch && reach) {
    const walked = await firstStretch(ctx, where, parts.stretch, reach, { limit, page })
    if (walked.length) return walked
  }
  const values = [...where.values]
  const param = (value: unknown) => `$${values.push(value)}`
  const matching = parts?.lead
    ? `SELECT e.id, e.post_date FROM (${parts.lead(param)}) s ${eventByKey(parts.events, 'e.id, e.post_date')}`
    : `SELECT e.id, e.post_date FROM ${parts?.from ?? 'events e'} WHERE ${parts?.events}`
  const [limitAt, offsetAt] = [param(limit), param((page - 1) * limit)]
  const paging = `LIMIT ${limitAt}::int OFFSET ${offsetAt}::bigint`
  // A whole window read (`whole`) takes each occurrence's event by its key: joined, the planner
  // expects as many rows as the LIMIT allows and hashes every listed event of the calendar first.
  const byKey = whole && parts && !where.with && !parts.fewEvents
  const walk = (unless = '') =>
    `SELECT e.id AS event_id, o.id FROM calendar_occurrences o ${
      byKey
        ? `${eventByKey(parts.events, 'e.id, e.post_date', 'o.event_id')} WHERE ${parts.occurrences}`
        : `JOIN events e ON e.id = o.event_id WHERE ${where.walkText ?? where.text}`
    }${unless}
    ORDER BY o.start_local, e.post_date, o.id ${paging}`
  const first = parts?.matchesFirst
  // The texts are a common table expression of their own so that the planner plans their read
  // for all its rows (the trigram indexes), not for the first `fewMatches` + 1 (a scan of every
  // text, which it takes for quicker when many match); the occurrences are sorted by start alone
  // before their events are read, so that the read stops with the page.
  const fewAt = first && param(fewMatches(page * limit))
  const fewEvents = `m AS MATERIALIZED (${matching} LIMIT ${FEW_EVENTS + 1})`
  const eventsFirst = `(SELECT m.id AS event_id, o.id FROM m CROSS JOIN LATERAL (
        SELECT o.id, o.start_local FROM calendar_occurrences o WHERE o.event_id = m.id AND ${parts?.occurrences}
        ORDER BY o.start_local, o.id LIMIT ${limitAt}::int + ${offsetAt}::bigint) o
      WHERE (SELECT yes FROM few) ORDER BY o.start_local, m.post_date, o.id ${paging})`
  // Where more texts than `fewMatches` hold the terms, whether FEW_EVENTS or fewer events match
  // every condition is asked next, as for any list (the texts count events that other conditions,
  // an excluded word, a category, may leave out), and only then the walk.
  const text = first
    ? `WITH texts AS MATERIALIZED (${first.texts}),
      t AS MATERIALIZED (SELECT parent_id FROM texts LIMIT ${fewAt}::int + 1),
      matched AS MATERIALIZED (SELECT count(*) <= ${fewAt}::int AS yes FROM t),
      ${fewEvents},
      few AS MATERIALIZED (SELECT CASE WHEN (SELECT yes FROM matched) THEN false
        ELSE (SELECT count(*) <= ${FEW_EVENTS} FROM m) END AS yes),
      c AS MATERIALIZED (SELECT t.parent_id, o.id, o.start_local FROM t CROSS JOIN LATERAL (
          SELECT o.id, o.start_local FROM calendar_occurrences o WHERE o.event_id = t.parent_id AND ${parts.occurrences}
          ORDER BY o.start_local, o.id LIMIT ${limitAt}::int + ${offsetAt}::bigint) o
        WHERE (SELECT yes FROM matched))
    (SELECT e.id AS event_id, c.id FROM (SELECT * FROM c ORDER BY c.start_local OFFSET 0) c
      ${eventByKey(first.events, 'e.id, e.post_date', 'c.parent_id')}
      ORDER BY c.start_local, e.post_date, c.id ${paging})
    UNION ALL ${eventsFirst}
    UNION ALL (${walk(' AND NOT (SELECT yes FROM matched) AND NOT (SELECT yes FROM few)')})`
    : parts?.fewEvents
      ? `WITH ${fewEvents},
      few AS MATERIALIZED (SELECT count(*) <= ${FEW_EVENTS} AS yes FROM m)
    ${eventsFirst}
    UNION ALL (${walk(' AND NOT (SELECT yes FROM few)')})`
      : `${where.walkText ? '' : withClause(where)}${walk()}`
  return readPage(ctx, text, values)
}

/**
 * The first stretches a search's page may walk (`firstStretch`), by how many matches they need:
 * the fewest that reach the page's last item (`limit` × `page`); a page reaching further is read
 * as before.
 */
const STRETCH_REACHES = [5, 10, 25] as const
/** How many occurrences a first stretch reads per match it needs. */
const STRETCH_PER_MATCH = 40
/** How many of them tell first whether the stretch is worth reading. */
const HINT_PER_MATCH = 10

/**
 * A search's page from the first stretch of the walk, or none: the window's first occurrences
 * in the list's index order, STRETCH_PER_MATCH for each match the stretch needs (`reach`, at
 * least as many as the page reaches), each one's event's texts checked, then the event
 * (`stretch.events`), until `reach` match. When they do, the page is among them and the
 * matches that start with the last of them after it in the index (the list orders occurrences
 * that start together by their event's post date, which the index does not hold). A page always
 * holds an item, so none says that the stretch held too few matches, and the page is then read as
 * before; so is it when the first HINT_PER_MATCH occurrences per match needed hold no text that
 * matches (`stretch.texts`), the stretch then not read. A common
 * word's page needs neither the trigram indexes' whole candidate set nor FEW_EVENTS + 1 events
 * read to tell that more match; a rare word's reads the hint for nothing.
 *
 * Its text holds the stretch's sizes and the rest as parameters, so that Postgres keeps a
 * generic plan for it after its first custom ones (its plan is the same for any word and
 * window: the walk of `calendar_occurrences_window_idx` and a probe per occurrence), where a
 * `LIMIT` given as a parameter would have it planned again for every page.
 */
async function firstStretch(
  ctx: CalendarContext,
  where: SqlWhere,
  stretch: { events: string; texts: string },
  reach: number,
  { limit, page }: { limit: number; page: number },
): Promise<OccurrenceRef[]> {
  const values = [...where.values]
  const param = (value: unknown) => `$${values.push(value)}`
  const first = (count: number) =>
    `SELECT o.id, o.event_id, o.start_local FROM calendar_occurrences o WHERE ${where.parts!.occurrences}
      ORDER BY o.start_local, o.id LIMIT ${count}`
  const text = `WITH w AS MATERIALIZED (SELECT e.id AS event_id, o.id, o.start_local, e.post_date
      FROM (${first(reach * STRETCH_PER_MATCH)}) o JOIN events e ON e.id = o.event_id
      WHERE EXISTS (SELECT 1 FROM (${first(reach * HINT_PER_MATCH)}) o WHERE ${stretch.texts})
        AND ${stretch.events}
      ORDER BY o.start_local, o.id LIMIT ${reach}),
    last AS MATERIALIZED (SELECT (SELECT count(*) >= ${reach} FROM w) AS walked, w.start_local AS start, w.id
      FROM w ORDER BY w.start_local DESC, w.id DESC LIMIT 1)
    SELECT p.event_id, p.id FROM (
      SELECT w.event_id, w.id, w.start_local, w.post_date FROM w
      UNION ALL SELECT e.id, o.id, o.start_local, e.post_date FROM calendar_occurrences o JOIN events e ON e.id = o.event_id
        WHERE o.start_local = (SELECT start FROM last) AND o.id > (SELECT id FROM last) AND ${where.walkText ?? where.text}) p
    WHERE (SELECT walked FROM last) ORDER BY p.start_local, p.post_date, p.id
    LIMIT ${param(limit)}::int OFFSET ${param((page - 1) * limit)}::bigint`
  return readPage(ctx, text, values)
}

/** The most page statements' texts named for one pool (`pageStatementName`), and the longest. */
const MAX_NAMED_PAGES = 32
const MAX_NAMED_PAGE_TEXT = 16_384
/** Each pool's page statement texts named so far, with their names; never forgotten. */
const namedPages = new WeakMap<object, Map<string, string>>()

/** A page statement's occurrences, the statement named (`pageStatementName`). */
async function readPage(
  ctx: CalendarContext,
  text: string,
  values: unknown[],
): Promise<OccurrenceRef[]> {
  const { rows } = await query<{ event_id: number; id: number }>(
    ctx,
    text,
    values,
    pageStatementName(ctx, text),
  )
  return rows.map((row) => ({ eventId: Number(row.event_id), id: Number(row.id) }))
}

/**
 * A name for the page statement `text`, under which each connection of the caller's pool parses
 * and analyzes it once (it is still planned for each page's values): the texts differ by the
 * query's form only (its values are parameters), and the first MAX_NAMED_PAGES of them a pool
 * meets are named; any other is sent unnamed, as before, so that what each connection keeps stays
 * bounded however many forms callers send. The name is the text's digest, so that one name never
 * stands for two texts, whichever pools or processes share a connection's statements.
 */
function pageStatementName(ctx: CalendarContext, text: string): string | undefined {
  const pool = poolOf(ctx.payload)
  if (!pool || text.length > MAX_NAMED_PAGE_TEXT) return undefined
  let named = namedPages.get(pool)
  if (!named) namedPages.set(pool, (named = new Map()))
  const known = named.get(text)
  if (known !== undefined || named.size >= MAX_NAMED_PAGES) return known
  const name = `calendar-occurrence-page-${createHash('sha256').update(text).digest('hex').slice(0, 32)}`
  named.set(text, name)
  return name
}

/** The `WITH` of the parts `where`'s conditions read (`SqlWhere.with`), if any. */
const withClause = (where: SqlWhere) => (where.with ? `WITH ${where.with}\n` : '')

/**
 * How many occurrences `where` finds. With a bound from above on the start (`startBound`), the
 * count reads only the window's starts (the list index, then each one's event) where the bound
 * holds, and counts as without it otherwise: one statement, in its own snapshot.
 *
 * Where a set of matching events drives the list (`parts.drive`, a search term's matches), the
 * count goes event by event: each matching event read once by its key and checked, then its own
 * occurrences in the window counted from `calendar_occurrences_event_window_idx` alone. Joined
 * as one, the planner read every event of the calendar to hash them, and each occurrence's row
 * for its end and status.
 */
export async function occurrenceCount(ctx: CalendarContext, where: SqlWhere): Promise<number> {
  const parts = where.parts
  const count = (also = '') =>
    parts?.drive
      ? `(SELECT COALESCE(sum(c.n), 0) FROM (SELECT DISTINCT parent_id FROM ${parts.drive}) s
      ${eventByKey(parts.events, 'e.id')}
      CROSS JOIN LATERAL (SELECT count(*) AS n FROM calendar_occurrences o WHERE o.event_id = e.id AND ${parts.occurrences}${also}) c)`
      : `(SELECT count(*) FROM calendar_occurrences o JOIN events e ON e.id = o.event_id WHERE ${where.text}${also})`
  const text = where.startBound
    ? `${withClause(where)}SELECT CASE WHEN ${START_BOUND_HOLDS} THEN ${count(` AND ${where.startBound}`)} ELSE ${count()} END AS count`
    : `${withClause(where)}SELECT ${count()} AS count`
  const { rows } = await query<{ count: string }>(ctx, text, where.values)
  return Number(rows[0]!.count)
}

/** The occurrences' conditions of `query` on the occurrences of these events (found by Payload, as the caller may read them). */
export function occurrencesOfEventsSql(query: EventsQuery, eventIds: readonly number[]): SqlWhere {
  const values: unknown[] = []
  const param = (value: unknown) => `$${values.push(value)}`
  const events = `e.id = ANY(${param(eventIds.map(Number))}::int[])`
  const { conditions, startBound } = occurrencesWhere(query, param)
  const occurrences = conditions.join(' AND ')
  return {
    parts: { events, fewEvents: eventIds.length <= FEW_EVENTS, occurrences },
    startBound,
    text: `${events} AND ${occurrences}`,
    values,
  }
}

/**
 * These occurrences (any status), by id. An occurrence's number on its date counts every
 * occurrence of its series that starts earlier that day, cancelled ones too, in (start, id) order,
 * as the public pages and feeds resolve `/event/{slug}/{date}/{n}/` (`src/feeds/seriesRows.ts`), so
 * that a cancellation moves no other occurrence's address.
 */
export async function readOccurrences(
  ctx: CalendarContext,
  ids: readonly number[],
): Promise<Map<number, OccurrenceRow>> {
  const wanted = ids.filter((id) => Number.isInteger(id) && id > 0 && id <= MAX_INT4)
  if (!wanted.length) return new Map()
  const { rows } = await query<{
    date: string
    end_utc: Date
    event_id: number
    id: number
    number_on_date: number
    series: boolean
    start_utc: Date
    status: OccurrenceRow['status']
    title: null | string
  }>(
    ctx,
    `SELECT o.id, o.event_id, o.start_utc, o.end_utc, o.status, o.override->>'title' AS title, to_char(o.start_local, 'YYYY-MM-DD') AS date,
      (o.id <> o.event_id OR EXISTS (SELECT 1 FROM calendar_occurrences x WHERE x.event_id = o.event_id AND x.id <> o.id)) AS series,
      (SELECT count(*) FROM calendar_occurrences n WHERE n.event_id = o.event_id
        AND n.start_local >= date_trunc('day', o.start_local) AND (n.start_local, n.id) < (o.start_local, o.id))::int + 1 AS number_on_date
    FROM calendar_occurrences o WHERE o.id = ANY($1::int[])`,
    [wanted],
    // Every list page reads its items so: parsed and planned once per connection, not per page.
    'calendar-read-occurrences',
  )
  return new Map(
    rows.map((row) => [
      Number(row.id),
      {
        date: row.date,
        endUtc: new Date(row.end_utc).toISOString(),
        eventId: Number(row.event_id),
        id: Number(row.id),
        numberOnDate: Number(row.number_on_date),
        series: row.series === true,
        startUtc: new Date(row.start_utc).toISOString(),
        status: row.status,
        ...(row.title ? { title: row.title } : {}),
      },
    ]),
  )
}

/** One occurrence by id, or `undefined`. */
export async function readOccurrence(
  ctx: CalendarContext,
  id: number,
): Promise<OccurrenceRow | undefined> {
  return (await readOccurrences(ctx, [id])).get(id)
}

/**
 * `event` shown as its occurrence `row`: the occurrence's id, dates (a moved one's own) and title
 * (a retitled one's own, in every language: it is stored once) on the event's fields. A single
 * event's one occurrence is the event itself, left as it is.
 */
export function asOccurrence(event: EventDoc, row: OccurrenceRow | undefined): OccurrenceDoc {
  if (!row?.series) return event
  return {
    ...event,
    endDate: row.endUtc,
    id: row.id,
    startDate: row.startUtc,
    ...(row.title ? { title: row.title } : {}),
    [OCCURRENCE]: row,
  }
}

/**
 * The root of the group of series that `id` (an event's or an occurrence's) belongs to, for
 * `post_parent`; 0 when it names no series (a single event has no children, as before recurrence).
 */
export async function seriesRootOf(ctx: CalendarContext, id: number): Promise<number> {
  if (!Number.isInteger(id) || id <= 0 || id > MAX_INT4) return 0
  const { rows } = await query<{ root: number }>(
    ctx,
    `SELECT COALESCE(e.series_root, e.id) AS root FROM events e
    WHERE e.id = COALESCE((SELECT event_id FROM calendar_occurrences WHERE id = $1::int), $1::int)
      AND (e.series_root IS NOT NULL OR EXISTS (SELECT 1 FROM calendar_occurrences x WHERE x.event_id = e.id AND x.id <> e.id))`,
    [id],
  )
  return rows.length ? Number(rows[0]!.root) : 0
}

/** The events these occurrences belong to (`include`, for Payload's `where`). */
export async function eventsOfOccurrences(
  ctx: CalendarContext,
  ids: readonly number[],
): Promise<number[]> {
  const { rows } = await query<{ event_id: number }>(
    ctx,
    'SELECT DISTINCT event_id FROM calendar_occurrences WHERE id = ANY($1::int[])',
    [ids.map(Number)],
  )
  return rows.map((row) => Number(row.event_id))
}
