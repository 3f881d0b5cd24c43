import type { CollectionSlug } from 'payload'

import type { RestContext } from '../context'
import type { Target } from '../resourceController'

import { sql } from '@payloadcms/db-postgres'

import { lockItemForUpdate, riddenRead, rideOnItemLocks } from '../../src/db/locks'
import { querierFor, requireDrizzle } from '../../src/db/payloadInternals/adapter'
import { MAX_INT4 } from '../../src/lib/databaseIds'
import { CALENDAR_SLUGS } from '../../src/slugs'

const EVENTS = CALENDAR_SLUGS.events as CollectionSlug

type Row = {
  event_id?: null | number
  occurrence_event_id?: null | number
  status?: null | string
}

/**
 * The statement reading a write target's row (`Row`) for `id`: the event with that id and its
 * status, and the event whose series holds `id` as an occurrence.
 */
const targetRow = (id: number) =>
  sql`SELECT e.id AS event_id, e.status, (SELECT o.event_id FROM calendar_occurrences o WHERE o.id = q.id) AS occurrence_event_id
    FROM (SELECT ${id}::int AS id) q LEFT JOIN events e ON e.id = q.id`

/** What `readWriteTarget` answers for the row it read of `id`. */
function targetOf(id: number, row: Row): { event: null | Target; occurrenceOf?: number } {
  const owner = typeof row.occurrence_event_id === 'number' ? row.occurrence_event_id : undefined
  return {
    event: typeof row.event_id === 'number' ? { id, status: row.status ?? undefined } : null,
    ...(owner !== undefined && owner !== id ? { occurrenceOf: owner } : {}),
  }
}

/**
 * What a write by id (`PUT|POST|PATCH|DELETE /events/{id}`) addresses, read in one statement
 * whoever the writer is: `occurrenceOf`, the event whose series holds `id` as an occurrence when
 * that is another event (the write then changes that occurrence only, `occurrenceWrites.ts`), and
 * `event`, the event with that id and its status, as `targetEvent` in `controller.ts` reads it
 * (null when there is none). Neither is the caller's business: the write's own access decides.
 */
export async function readWriteTarget(
  ctx: RestContext,
  id: number,
): Promise<{ event: null | Target; occurrenceOf?: number }> {
  if (!Number.isInteger(id) || id <= 0 || id > MAX_INT4) return { event: null }
  const { rows } = await requireDrizzle(ctx.payload).execute(targetRow(id))
  return targetOf(id, (rows[0] ?? {}) as Row)
}

/** The rider reading the write target with the item's lock (`lockWriteTarget`). */
const TARGET_READ = 'events-write-target'
/** The id each request's update asks `lockWriteTarget` to read with its lock. */
const wanted = new WeakMap<object, number>()

rideOnItemLocks(TARGET_READ, (req, collection) => {
  const id = wanted.get(req)
  if (id === undefined || collection !== EVENTS) return null
  return sql`(SELECT row_to_json(t) FROM (${targetRow(id)}) t)`
})

/**
 * `readWriteTarget` for an update by id, made in the update's transaction: the event's lock
 * (`lockItemForUpdate`, which the update takes anyway) is taken first, and the target read in the
 * same statement; read again after the lock when it had to be waited for (what was read with a
 * busy lock is not kept).
 */
export async function lockWriteTarget(
  ctx: RestContext,
  id: number,
): Promise<{ event: null | Target; occurrenceOf?: number }> {
  if (!Number.isInteger(id) || id <= 0 || id > MAX_INT4) return { event: null }
  wanted.set(ctx.req, id)
  try {
    await lockItemForUpdate(ctx.req, ctx.payload.collections[EVENTS].config, id)
  } finally {
    wanted.delete(ctx.req)
  }
  const ridden = await riddenRead(ctx.req, TARGET_READ)
  if (ridden?.value && typeof ridden.value === 'object') return targetOf(id, ridden.value as Row)
  const db = (await querierFor(ctx.payload, ctx.req)) ?? requireDrizzle(ctx.payload)
  const { rows } = await db.execute(targetRow(id))
  return targetOf(id, (rows[0] ?? {}) as Row)
}
