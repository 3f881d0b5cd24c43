import type { CollectionSlug, Where } from 'payload'

import { sql } from '@payloadcms/db-postgres'

import type { RestContext } from '../context'
import type { IdFilter } from './linkedQuery'
import type { LinkedKind } from './params'

import { UNCOUNTED_STATUSES } from '../../src/db/calendarSchema/hiddenChanges'
import { drizzleOf } from '../../src/db/pool'
import { wallTime } from '../../src/lib/wallTimes'
import { CALENDAR_SLUGS } from '../../src/slugs'
import { EVENTS_LIST_SORT } from '../events/listQuery'
import { keptFor } from '../freshness'
import { postReadRule } from '../../src/calendar/postReadRule'

/*
 * Which venues or organizers have events (`has_events`) or upcoming events the caller may read
 * (`only_with_upcoming`), for the lists' filters (`docs/compatibility.md`, "Venues and organizers
 * with events"). Asked of the database as an EXISTS per candidate venue or organizer, which stops at the
 * first event found through the index on the event's venue (or organizer link): the cost follows
 * the number of venues or organizers, not of events (issue 17: reading every matching event took
 * 0.6–1.1 s at 10,000 events).
 *
 * Which events count is exactly what it was:
 * - `has_events`: any event not draft or pending (a trashed one counts), whoever asks, unless it has a password
 *   (the former query read events without a request, as an anonymous reader, so a protected event's
 *   venue and organizers came back blanked: `src/hooks/hideProtectedContent.ts`);
 * - `only_with_upcoming`, as the original (read in its source and checked with the oracle:
 *   test/fixtures/oracle, g-lists-014/015/019 and h-upcoming-linked): only the first page of
 *   upcoming events counts, that is the `defaultPerPage` (10) events listed first (by start as a
 *   wall time in the event's zone, then post date, then id) among those of the list's statuses (published for a visitor, all but
 *   trashed for an editor, or the `status` asked for) that are not hidden from listings and start
 *   at or after the current UTC wall time read in the site's timezone (the original compares its
 *   clock's UTC digits with local starts: in New York an event starting within the next five hours
 *   does not count yet). Of those, the caller must be allowed to read the event (`readPosts` in
 *   `src/access/posts.ts`); a site that overrides that access gets its own rule applied by
 *   Payload, with the former query (`withPayload`). A password-protected event counts.
 */

const EVENTS = CALENDAR_SLUGS.events as CollectionSlug
// A trashed event counts, as in the original (test/fixtures/oracle, h-upcoming-linked); what
// visitors can tell of a hidden event's change follows the same rule (`hiddenChanges.ts`).
const NOT_COUNTED: readonly string[] = UNCOUNTED_STATUSES

export type LinkedFilter = { has: boolean; kind: 'has_events' } | { kind: 'only_with_upcoming' }

/**
 * The condition on the list's items for `filter`: ids among the candidates (items of `statuses`,
 * or all but trashed when `null`) that have (or, for `has_events=false`, lack) such events.
 */
export async function linkedCondition(
  ctx: RestContext,
  kind: LinkedKind,
  filter: LinkedFilter,
  statuses: null | string[],
): Promise<IdFilter> {
  const db = drizzleOf(ctx.payload)
  const rule = filter.kind === 'only_with_upcoming' ? readRuleOf(ctx) : null
  if (!db || rule === undefined) return withPayload(ctx, kind, filter, statuses)
  const kept = filter.kind === 'has_events' ? await keptFor(ctx) : null
  const key = `${kind}:${filter.kind === 'has_events' ? filter.has : ''}:${statuses?.join(',') ?? '*'}`
  const known = kept?.get<IdFilter>('linked-items', key)
  if (known) return known

  const ofStatuses = (alias: string) =>
    statuses
      ? sql`${sql.raw(alias)}.status::text = ANY(${`{${statuses.join(',')}}`}::text[])`
      : sql`${sql.raw(alias)}.status::text <> 'trash'`
  const candidates = ofStatuses('c')
  const table = kind === 'venues' ? sql`venues` : sql`organizers`
  if (filter.kind === 'has_events') {
    const events = sql`NOT (e.status::text = ANY(${`{${NOT_COUNTED.join(',')}}`}::text[])) AND coalesce(e.password, '') = ''`
    const linked =
      kind === 'venues'
        ? sql`SELECT 1 FROM events e WHERE e.venue_id = c.id AND ${events}`
        : sql`SELECT 1 FROM events_rels r JOIN events e ON e.id = r.parent_id WHERE r.organizers_id = c.id AND r.path = 'organizers' AND ${events}`
    // Every candidate with whether it has such events: the condition names the smaller side.
    const { rows } = await db.execute(
      sql`SELECT c.id, EXISTS (${linked}) AS linked FROM ${table} c WHERE ${candidates}`,
    )
    const condition = smallerSide(rows, filter.has)
    kept?.set('linked-items', key, condition)
    return condition
  }
  const upcoming = sql`SELECT e.id, e.venue_id FROM events e
    WHERE ${ofStatuses('e')} AND e.start_local >= ${upcomingFrom(ctx)}
      AND e.hide_from_listings IS NOT TRUE AND ${rule ?? sql`true`}
    ORDER BY e.start_local, e.post_date, e.id
    LIMIT ${ctx.options.defaultPerPage}`
  const linked =
    kind === 'venues'
      ? sql`SELECT u.venue_id FROM (${upcoming}) u WHERE u.venue_id IS NOT NULL`
      : sql`SELECT r.organizers_id FROM (${upcoming}) u JOIN events_rels r ON r.parent_id = u.id AND r.path = 'organizers' WHERE r.organizers_id IS NOT NULL`
  const { rows } = await db.execute(
    sql`SELECT c.id FROM ${table} c WHERE ${candidates} AND c.id IN (${linked})`,
  )
  // 0 names nothing: an empty list stays a valid condition.
  return { ids: [0, ...rows.map((row) => Number(row.id))], not: false }
}

/**
 * The candidates whose `linked` is `wanted`, as `in` those ids or as `not_in` the others, whichever
 * list is shorter: the list's own conditions already keep to the candidates, and a list of thousands
 * of ids (most venues of a large calendar have events) costs Payload more to write into its query
 * than the query costs (18 req/s at 100,000 events, bench/RESULTS.md).
 */
function smallerSide(rows: Record<string, unknown>[], wanted: boolean): IdFilter {
  const matching = [0]
  const others = [0]
  for (const row of rows) (row.linked === wanted ? matching : others).push(Number(row.id))
  return matching.length <= others.length
    ? { ids: matching, not: false }
    : { ids: others, not: true }
}

/**
 * Where upcoming starts for the original: its clock's UTC date and time, compared with the events'
 * starts as wall times in their own zones (`startLocal`; see the comment at the top).
 */
function upcomingFrom(ctx: RestContext): string {
  return wallTime(ctx.now, 'UTC')
}

/**
 * The events' read access as SQL on `events e` when it is the plugin's own (`postReadRule.ts`):
 * `null` for no condition, `undefined` when a site replaced it (then Payload applies it).
 */
function readRuleOf(ctx: RestContext): ReturnType<typeof sql> | null | undefined {
  const rule = postReadRule(ctx, EVENTS)
  if (!rule) return undefined
  if (rule.everything) return null
  if (rule.author !== null) return sql`(e.status = 'publish' OR e.author_id = ${rule.author})`
  return sql`e.status = 'publish'`
}

/** The former way, through Payload's access rules: reads every matching event's link (a site's own access, or another database). */
async function withPayload(
  ctx: RestContext,
  kind: LinkedKind,
  filter: LinkedFilter,
  statuses: null | string[],
): Promise<IdFilter> {
  const field = kind === 'venues' ? 'venue' : 'organizers'
  const visibleOnly = filter.kind === 'only_with_upcoming'
  const where: Where[] = visibleOnly
    ? [
        statuses ? { status: { in: statuses } } : { status: { not_equals: 'trash' } },
        { startLocal: { greater_than_equal: upcomingFrom(ctx) } },
        { hideFromListings: { not_equals: true } },
      ]
    : [{ status: { not_in: NOT_COUNTED } }]
  const { docs } = await ctx.payload.find({
    collection: EVENTS,
    depth: 0,
    // The first page of upcoming events only (see the comment at the top).
    limit: visibleOnly ? ctx.options.defaultPerPage : 0,
    overrideAccess: !visibleOnly,
    pagination: false,
    req: visibleOnly ? ctx.req : undefined,
    select: { [field]: true } as never,
    sort: EVENTS_LIST_SORT,
    where: { and: visibleOnly ? where : [...where, { [field]: { exists: true } }] },
  })
  const ids = new Set<number>([0])
  for (const doc of docs as Record<string, unknown>[]) {
    const value = doc[field]
    for (const id of Array.isArray(value) ? value : [value]) if (typeof id === 'number') ids.add(id)
  }
  return { ids: [...ids], not: filter.kind === 'has_events' && !filter.has }
}
