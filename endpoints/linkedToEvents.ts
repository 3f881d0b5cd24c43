import type { CollectionSlug, Where } from 'payload'

import { sql } from '@payloadcms/db-postgres'

import type { RestContext } from './context'
import type { LinkedKind } from './linkedPostParams'

import { readPosts } from '../src/access/posts'
import { can } from '../src/lib/roles'
import { CALENDAR_SLUGS } from '../src/slugs'
import { keptFor } from './freshness'

/*
 * Which venues or organizers have events (`has_events`) or upcoming events the caller may read
 * (`only_with_upcoming`), for the lists' filters (`docs/compatibility.md`, "Venues and organizers
 * with events"). Asked of the database as an EXISTS per candidate venue or organizer, which stops at the
 * first event found through the index on the event's venue (or organizer link): the cost follows
 * the number of venues or organizers, not of events (issue 17: reading every matching event took
 * 0.6–1.1 s at 10,000 events).
 *
 * Which events count is exactly what it was:
 * - `has_events`: any event not draft, pending or trashed, whoever asks, unless it has a password
 *   (the former query read events without a request, as an anonymous reader, so a protected event's
 *   venue and organizers came back blanked: `src/hooks/hideProtectedContent.ts`);
 * - `only_with_upcoming`: events ending now or later that the caller may read under the events'
 *   read access (`readPosts` in `src/access/posts.ts`: published ones; an author's own too; every
 *   one for those who may read private posts). A site that overrides that access gets its own rule
 *   applied by Payload, with the former query (`withPayload`).
 * For `only_with_upcoming` a password-protected event counts: that query read events as the
 * serializers do, whole (`TRUSTED_READ` in `dispatch.ts`).
 */

const EVENTS = CALENDAR_SLUGS.events as CollectionSlug
const NOT_COUNTED = ['draft', 'pending', 'trash']

type Drizzle = { execute: (query: unknown) => Promise<{ rows: Record<string, unknown>[] }> }

export type LinkedFilter =
  | { has: boolean; kind: 'has_events' }
  | { kind: 'only_with_upcoming' }

/**
 * The condition on the list's items for `filter`: ids among the candidates (items of `statuses`,
 * or all but trashed when `null`) that have (or, for `has_events=false`, lack) such events.
 */
export async function linkedCondition(ctx: RestContext, kind: LinkedKind, filter: LinkedFilter, statuses: null | string[]): Promise<Where> {
  const db = drizzleOf(ctx)
  const rule = filter.kind === 'only_with_upcoming' ? readRuleOf(ctx) : null
  if (!db || rule === undefined) return withPayload(ctx, kind, filter)
  const kept = filter.kind === 'has_events' ? await keptFor(ctx) : null
  const key = `${kind}:${filter.kind === 'has_events' ? filter.has : ''}:${statuses?.join(',') ?? '*'}`
  const known = kept?.get<number[]>('linked-items', key)
  if (known) return { id: { in: known } }

  const events = filter.kind === 'has_events'
    ? sql`NOT (e.status::text = ANY(${`{${NOT_COUNTED.join(',')}}`}::text[])) AND coalesce(e.password, '') = ''`
    : sql`e.end_date >= ${ctx.now.toISOString()}::timestamptz AND ${rule ?? sql`true`}`
  const candidates = statuses ? sql`c.status::text = ANY(${`{${statuses.join(',')}}`}::text[])` : sql`c.status::text <> 'trash'`
  const linked = kind === 'venues'
    ? sql`SELECT 1 FROM events e WHERE e.venue_id = c.id AND ${events}`
    : sql`SELECT 1 FROM events_rels r JOIN events e ON e.id = r.parent_id WHERE r.organizers_id = c.id AND r.path = 'organizers' AND ${events}`
  const table = kind === 'venues' ? sql`venues` : sql`organizers`
  const wanted = filter.kind === 'has_events' && !filter.has ? sql`NOT EXISTS` : sql`EXISTS`
  const { rows } = await db.execute(sql`SELECT c.id FROM ${table} c WHERE ${candidates} AND ${wanted} (${linked})`)
  // 0 names nothing: an empty list stays a valid condition.
  const ids = [0, ...rows.map((row) => Number(row.id))]
  kept?.set('linked-items', key, ids)
  return { id: { in: ids } }
}

/**
 * The events' read access as SQL on `events e` when it is the plugin's own (`readPosts`): `null`
 * for no condition, `undefined` when a site replaced it (then Payload applies it).
 */
function readRuleOf(ctx: RestContext): ReturnType<typeof sql> | null | undefined {
  const access = ctx.payload.collections[EVENTS]?.config.access?.read
  if (access !== readPosts) return undefined
  const user = ctx.user
  if (can(user, 'read_private_posts')) return null
  if (user && can(user, 'edit_posts')) return sql`(e.status = 'publish' OR e.author_id = ${Number(user.id)})`
  return sql`e.status = 'publish'`
}

function drizzleOf(ctx: RestContext): Drizzle | null {
  const db = ctx.payload.db as unknown as { drizzle?: Drizzle; name?: string }
  return db.name === 'postgres' && db.drizzle ? db.drizzle : null
}

/** The former way, through Payload's access rules: reads every matching event's link (a site's own access, or another database). */
async function withPayload(ctx: RestContext, kind: LinkedKind, filter: LinkedFilter): Promise<Where> {
  const field = kind === 'venues' ? 'venue' : 'organizers'
  const visibleOnly = filter.kind === 'only_with_upcoming'
  const where: Where = visibleOnly ? { endDate: { greater_than_equal: ctx.now.toISOString() } } : { status: { not_in: NOT_COUNTED } }
  const { docs } = await ctx.payload.find({
    collection: EVENTS,
    depth: 0,
    limit: 0,
    overrideAccess: !visibleOnly,
    pagination: false,
    req: visibleOnly ? ctx.req : undefined,
    select: { [field]: true } as never,
    where: { and: [where, { [field]: { exists: true } }] },
  })
  const ids = new Set<number>([0])
  for (const doc of docs as Record<string, unknown>[]) {
    const value = doc[field]
    for (const id of Array.isArray(value) ? value : [value]) if (typeof id === 'number') ids.add(id)
  }
  return filter.kind === 'has_events' && !filter.has ? { id: { not_in: [...ids] } } : { id: { in: [...ids] } }
}
