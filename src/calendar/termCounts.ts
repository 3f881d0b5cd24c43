import type { CollectionSlug, Payload } from 'payload'

import { sql } from '@payloadcms/db-postgres'

import type { CalendarContext } from './context'

import { dependOnCounts } from './dependencies'
import { drizzleOf, querierFor } from '../db/payloadInternals/adapter'
import { CALENDAR_SLUGS } from '../slugs'
import { keptFor } from '../../endpoints/freshness'

const EVENTS = CALENDAR_SLUGS.events as CollectionSlug

type Kind = 'categories' | 'tags'

/**
 * Where each payload instance keeps its term counts: the `calendar_term_counts` table that the
 * migrations create and triggers keep exact, or (a Payload app that uses the plugin without those
 * migrations, or another database) nowhere, in which case they are counted through Payload.
 */
const storedCounts = new WeakMap<Payload, boolean>()

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
    .execute(
      sql`
      WITH folded AS (DELETE FROM calendar_term_counts WHERE term_id = ANY(${`{${ids.join(',')}}`}::int[]) RETURNING term_id, delta)
      INSERT INTO calendar_term_counts (term_id, delta) SELECT term_id, sum(delta) FROM folded GROUP BY term_id`,
    )
    .catch((error: unknown) =>
      payload.logger.warn({ err: error, msg: 'events calendar: could not fold term counts' }),
    )
    .finally(() => ids.forEach((id) => busy.delete(id)))
}

/** Whether this instance's term counts are known to be kept in `calendar_term_counts` (read once already). */
export function termCountsStored(payload: Payload): boolean {
  return storedCounts.get(payload) === true
}

/**
 * Term counts read with the events (`events/leanEvent.ts`, from `calendar_term_counts` as
 * `countTerms` reads them): kept for visitors as `publishedTermCounts` keeps what it counts, and
 * folded when their change rows pile up.
 */
export async function useTermCountsRead(
  ctx: CalendarContext,
  read: { changes: number; id: number; published: number }[],
): Promise<Map<number, number>> {
  const counts = new Map<number, number>()
  if (!read.length) return counts
  dependOnCounts(
    ctx,
    read.map((term) => term.id),
  )
  const kept = await keptFor(ctx)
  for (const { id, published } of read) {
    counts.set(id, published)
    kept.set('term-counts', String(id), published)
  }
  const piledUp = read.filter((term) => term.changes > FOLD_AFTER).map((term) => term.id)
  if (piledUp.length) foldCounts(ctx.payload, [...new Set(piledUp)])
  return counts
}

/**
 * How many published events use each of these terms: WordPress's stored term count, which the
 * original shows in every embedded term. One query, whatever the size of the calendar.
 */
export async function publishedTermCounts(
  ctx: CalendarContext,
  terms: { id: number; kind: Kind }[],
): Promise<Map<number, number>> {
  const counts = new Map<number, number>()
  if (!terms.length) return counts
  dependOnCounts(
    ctx,
    terms.map((term) => term.id),
  )
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

async function countTerms(
  ctx: CalendarContext,
  terms: { id: number; kind: Kind }[],
): Promise<Map<number, number>> {
  const counts = new Map<number, number>()
  // Passed as one array literal: drizzle would spread a JS array into a row of parameters.
  const ids = [...new Set(terms.map((term) => Math.trunc(term.id)))]
  const db = storedCounts.get(ctx.payload) === false ? null : await querierFor(ctx.payload, ctx.req)
  if (db) {
    try {
      const { rows } = await db.execute(sql`
        SELECT term_id, sum(delta) AS published, count(*) AS changes FROM calendar_term_counts
        WHERE term_id = ANY(${`{${ids.join(',')}}`}::int[]) GROUP BY term_id`)
      storedCounts.set(ctx.payload, true)
      for (const id of ids) counts.set(id, 0)
      for (const row of rows) counts.set(Number(row.term_id), Number(row.published))
      const piledUp = rows
        .filter((row) => Number(row.changes) > FOLD_AFTER)
        .map((row) => Number(row.term_id))
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
 * A term's `count` on the term routes: its published events, whoever asks. The original reports
 * WordPress's stored term count, which counts published posts only, so an editor sees the same
 * count as a visitor (drafts and private events are not counted; docs/compatibility.md, "Category
 * and tag routes").
 */
export async function visibleTermCounts(
  ctx: CalendarContext,
  kind: Kind,
  ids: number[],
): Promise<Map<number, number>> {
  return publishedTermCounts(
    ctx,
    ids.map((id) => ({ id, kind })),
  )
}
