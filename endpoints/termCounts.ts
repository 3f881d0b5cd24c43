import type { CollectionSlug, Payload, PayloadRequest, Where } from 'payload'

import { sql } from '@payloadcms/db-postgres'

import type { RestContext } from './context'

import { readPosts } from '../src/access/posts'
import { can } from '../src/lib/roles'
import { CALENDAR_SLUGS } from '../src/slugs'
import { keptFor } from './freshness'

const EVENTS = CALENDAR_SLUGS.events as CollectionSlug

type Kind = 'categories' | 'tags'
type Rows = { rows: Record<string, unknown>[] }
type Drizzle = { execute: (query: unknown) => Promise<Rows> }

/**
 * Where each payload instance keeps its term counts: the `calendar_term_counts` table that the
 * migrations create and triggers keep exact, or (a Payload app that uses the plugin without those
 * migrations, or another database) nowhere, in which case they are counted through Payload.
 */
const storedCounts = new WeakMap<Payload, boolean>()

function drizzleOf(payload: Payload): Drizzle | null {
  const db = payload.db as unknown as { drizzle?: Drizzle; name?: string }
  return db.name === 'postgres' && db.drizzle ? db.drizzle : null
}

/** The request's transaction when it has one, so that a read after a write sees the write. */
async function sessionOf(payload: Payload, req: PayloadRequest | undefined): Promise<Drizzle | null> {
  const drizzle = drizzleOf(payload)
  if (!drizzle) return null
  const id = req?.transactionID ? await req.transactionID : undefined
  const sessions = (payload.db as unknown as { sessions?: Record<string, { db?: Drizzle }> }).sessions
  return (id !== undefined && sessions?.[String(id)]?.db) || drizzle
}

/** A term's count is a sum of changes; past this many rows they are folded into one. */
const FOLD_AFTER = 32
const folding = new WeakMap<Payload, Set<number>>()

function isMissingTable(error: unknown): boolean {
  const { cause, code } = error as { cause?: { code?: string }; code?: string }
  return code === '42P01' || cause?.code === '42P01'
}

/**
 * Replaces each term's change rows by their sum, in a transaction of its own after the response
 * (nobody waits for it). Readers see the rows before or after, which add up to the same; two
 * folds of one term cannot both take the same rows.
 */
function foldCounts(payload: Payload, termIds: number[]) {
  const busy = folding.get(payload) ?? new Set<number>()
  folding.set(payload, busy)
  const ids = termIds.filter((id) => !busy.has(id))
  if (!ids.length) return
  ids.forEach((id) => busy.add(id))
  const db = drizzleOf(payload)!
  void db
    .execute(sql`
      WITH folded AS (DELETE FROM calendar_term_counts WHERE term_id = ANY(${`{${ids.join(',')}}`}::int[]) RETURNING term_id, delta)
      INSERT INTO calendar_term_counts (term_id, delta) SELECT term_id, sum(delta) FROM folded GROUP BY term_id`)
    .catch((error: unknown) => payload.logger.warn({ err: error, msg: 'events calendar: could not fold term counts' }))
    .finally(() => ids.forEach((id) => busy.delete(id)))
}

/**
 * How many published events use each of these terms: WordPress's stored term count, which the
 * original shows in every embedded term. One query, whatever the size of the calendar.
 */
export async function publishedTermCounts(ctx: RestContext, terms: { id: number; kind: Kind }[]): Promise<Map<number, number>> {
  const counts = new Map<number, number>()
  if (!terms.length) return counts
  const kept = await keptFor(ctx)
  const wanted = terms.filter((term) => {
    const count = kept.get<number>('term-counts', String(term.id))
    if (count !== undefined) counts.set(term.id, count)
    return count === undefined
  })
  if (!wanted.length) return counts
  for (const [id, count] of await countTerms(ctx, wanted)) {
    counts.set(id, count)
    kept.set('term-counts', String(id), count)
  }
  return counts
}

async function countTerms(ctx: RestContext, terms: { id: number; kind: Kind }[]): Promise<Map<number, number>> {
  const counts = new Map<number, number>()
  // Passed as one array literal: drizzle would spread a JS array into a row of parameters.
  const ids = [...new Set(terms.map((term) => Math.trunc(term.id)))]
  const db = storedCounts.get(ctx.payload) === false ? null : await sessionOf(ctx.payload, ctx.req)
  if (db) {
    try {
      const { rows } = await db.execute(sql`
        SELECT term_id, sum(delta) AS published, count(*) AS changes FROM calendar_term_counts
        WHERE term_id = ANY(${`{${ids.join(',')}}`}::int[]) GROUP BY term_id`)
      storedCounts.set(ctx.payload, true)
      for (const id of ids) counts.set(id, 0)
      for (const row of rows) counts.set(Number(row.term_id), Number(row.published))
      const piledUp = rows.filter((row) => Number(row.changes) > FOLD_AFTER).map((row) => Number(row.term_id))
      if (piledUp.length) foldCounts(ctx.payload, piledUp)
      return counts
    } catch (error) {
      // 42P01: no such table, the migrations that keep the counts are not there.
      if (!isMissingTable(error)) throw error
      storedCounts.set(ctx.payload, false)
    }
  }
  await Promise.all(
    terms.map(async ({ id, kind }) => {
      const { totalDocs } = await ctx.payload.count({
        collection: EVENTS,
        overrideAccess: true,
        where: { and: [{ status: { equals: 'publish' } }, { [kind]: { in: [id] } }] },
      })
      counts.set(id, totalDocs)
    }),
  )
  return counts
}

/**
 * How many events of each term the caller can see, as the term routes report them: events that
 * are not trashed and that the events' read access lets the caller read. With the plugin's own
 * access rule that is one grouped query (or, for visitors, the stored published counts); with
 * another rule, Payload applies it to every event.
 */
export async function visibleTermCounts(ctx: RestContext, kind: Kind, ids: number[]): Promise<Map<number, number>> {
  const access = ctx.payload.collections[EVENTS]?.config.access.read
  const db = access === readPosts ? await sessionOf(ctx.payload, ctx.req) : null
  if (db) {
    const user = ctx.user
    // Visitors and subscribers see published events only: the stored counts.
    if (!can(user, 'read_private_posts') && !(user && can(user, 'edit_posts'))) {
      return publishedTermCounts(ctx, ids.map((id) => ({ id, kind })))
    }
    // readPosts for editors (everything) and for authors and contributors (published or their own).
    const column = kind === 'categories' ? sql`link.event_categories_id` : sql`link.event_tags_id`
    const visible = can(user, 'read_private_posts')
      ? sql`events.status <> 'trash'`
      : sql`events.status <> 'trash' AND (events.status = 'publish' OR events.author_id = ${Number(user!.id)})`
    const { rows } = await db.execute(sql`
      SELECT ${column} AS term_id, count(DISTINCT link.parent_id) AS events
      FROM events_rels link JOIN events ON events.id = link.parent_id
      WHERE ${column} IS NOT NULL AND link.path = ${kind} AND ${visible}
      GROUP BY 1`)
    return new Map(rows.map((row) => [Number(row.term_id), Number(row.events)]))
  }
  const { docs } = await ctx.payload.find({
    collection: EVENTS,
    depth: 0,
    limit: 0,
    overrideAccess: false,
    pagination: false,
    req: ctx.req,
    select: { [kind]: true } as never,
    where: { and: [{ status: { not_equals: 'trash' } }, { [kind]: { exists: true } }] } as Where,
  })
  const counts = new Map<number, number>()
  for (const event of docs as Record<string, unknown>[]) {
    for (const id of (event[kind] as number[] | undefined) ?? []) counts.set(id, (counts.get(id) ?? 0) + 1)
  }
  return counts
}
