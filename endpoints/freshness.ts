import type { CollectionSlug, Payload, PayloadRequest, Where } from 'payload'

import { sql } from '@payloadcms/db-postgres'

import type { RestContext } from './context'

import { drizzleOf, poolOf, type SqlQuerier } from '../src/db/pool'

/*
 * What a server may keep between requests (related venues, organizers, terms and images; list
 * totals; term counts), and how it knows that what it kept is still true.
 *
 * The database logs every transaction that changes calendar content (`calendar_changes`, filled
 * by statement triggers; see the `list_performance` migration). Everything kept belongs to an
 * epoch that starts with a snapshot of the database taken before anything of it was read. Each
 * request that uses kept things first asks whether a change the snapshot cannot see has committed
 * since (one indexed lookup); if one has, everything is dropped and a new epoch starts. A write
 * that has committed before a request starts is therefore always seen by it, whichever server
 * process made the write, as with reading the database itself.
 *
 * Only visitors' reads use it: what signed-in users may see depends on who they are, and they
 * are few. Without the log (a Payload app using the plugin without these migrations, or another
 * database), nothing is kept.
 */

/**
 * `KEEP_READS=false` keeps nothing: every request reads the database, as the first request after a
 * change of the calendar does (the bench's `--cold`).
 */
const KEEP_READS = process.env.KEEP_READS !== 'false'

/** After this long an epoch ends anyway, so that the log can be pruned without missing a change. */
const EPOCH_MAX_MS = 10 * 60_000
/** Entries per kind of thing kept, least recently used dropped first. */
const MAX_ENTRIES = 5_000


type State = {
  available: boolean | undefined
  epoch: number
  snapshot: null | string
  started: number
  stores: Map<string, Map<string, unknown>>
  /** Per kind kept with a `weigh`, the total weight of its entries. */
  weights: Map<string, number>
}

const states = new WeakMap<Payload, State>()

function stateOf(payload: Payload): State {
  let state = states.get(payload)
  if (!state) {
    state = { available: undefined, epoch: 0, snapshot: null, started: 0, stores: new Map(), weights: new Map() }
    states.set(payload, state)
  }
  return state
}

/** The things kept for one request: valid for its whole duration, empty when nothing may be kept. */
export type Kept = {
  /** Whether anything is kept for this request at all. */
  active: boolean
  get: <T>(kind: string, key: string) => T | undefined
  has: (kind: string, key: string) => boolean
  /**
   * Keeps `value`. Beyond `limits.maxEntries` entries of this kind (MAX_ENTRIES by default), or
   * beyond `limits.maxWeight` in the sum of `limits.weigh` over them, the least recently used go.
   */
  set: (kind: string, key: string, value: unknown, limits?: KeptLimits) => void
}

export type KeptLimits = { maxEntries?: number; maxWeight?: number; weigh?: (value: unknown) => number }

const NOTHING_KEPT: Kept = { active: false, get: () => undefined, has: () => false, set: () => undefined }
const KEPT = Symbol('kept')

/**
 * What this request may reuse. Checks the change log once per request (the result is remembered
 * on the request), and only for visitors.
 */
export async function keptFor(ctx: Pick<RestContext, 'payload' | 'req' | 'user'>): Promise<Kept> {
  return keptOn(ctx, ctx.payload, Boolean(ctx.user || ctx.req.transactionID))
}

/** The same for a request of Payload's own APIs (its REST and GraphQL, the admin): only for visitors. */
export async function keptForPayloadRequest(req: PayloadRequest): Promise<Kept> {
  return keptOn(req, req.payload, Boolean(req.user || req.transactionID))
}

/** What `holder`'s request may reuse, remembered on it: nothing for a signed-in caller or inside a transaction. */
function keptOn(holder: object, payload: Payload, personal: boolean): Promise<Kept> {
  const remembered = (holder as Record<symbol, Promise<Kept>>)[KEPT]
  if (remembered) return remembered
  const kept = !KEEP_READS || personal ? Promise.resolve(NOTHING_KEPT) : currentEpoch(payload)
  Object.defineProperty(holder, KEPT, { value: kept })
  return kept
}

/** Whether a transaction that `$1` (a snapshot) could not see has logged a change since. */
const EPOCH_CHECK = `
  SELECT pg_current_snapshot()::text AS now, EXISTS (
    SELECT 1 FROM calendar_changes
    WHERE txid >= pg_snapshot_xmin($1::pg_snapshot)
      AND NOT pg_visible_in_snapshot(txid, $1::pg_snapshot)
  ) AS changed`

async function currentEpoch(payload: Payload, again = true): Promise<Kept> {
  const state = stateOf(payload)
  const epochChecked = state.epoch
  const db = state.available === false ? null : drizzleOf(payload)
  if (!db) return NOTHING_KEPT
  let changed = true
  let now: string
  try {
    const pool = poolOf(payload)
    const { rows } = state.snapshot && Date.now() - state.started < EPOCH_MAX_MS
      ? // Every visitor's request asks this: a named statement is parsed and planned once per connection.
        pool
        ? await pool.query<Record<string, unknown>>({ name: 'calendar-epoch-check', text: EPOCH_CHECK, values: [state.snapshot] })
        : await db.execute(sql.join(EPOCH_CHECK.split('$1').map((part) => sql.raw(part)), sql`${state.snapshot}`))
      : // The log is read here too, so that a database without it says so now.
        await db.execute(sql`SELECT pg_current_snapshot()::text AS now, true AS changed FROM (SELECT 1 FROM calendar_changes LIMIT 1) AS log RIGHT JOIN (SELECT 1) AS one ON true`)
    now = String(rows[0]!.now)
    changed = rows[0]!.changed === true
    state.available = true
  } catch (error) {
    const { cause, code } = error as { cause?: { code?: string }; code?: string }
    // 42P01: no change log (the migrations that make it are not there): keep nothing.
    if (code === '42P01' || cause?.code === '42P01') {
      state.available = false
      return NOTHING_KEPT
    }
    throw error
  }
  // Another request began a newer epoch while this one checked (requests arriving together after a
  // change): checked against it once more, this one shares it unless a change came after it began,
  // rather than dropping what that request keeps (a feed it renders for all of them).
  if (changed && again && state.epoch !== epochChecked) return currentEpoch(payload, false)
  if (changed) {
    // What this request and the ones after it read is at least as new as this snapshot.
    state.epoch++
    state.snapshot = now
    state.started = Date.now()
    state.stores = new Map()
    state.weights = new Map()
    if (Math.random() < 0.02) void prune(db)
  }
  return epochView(state, state.epoch)
}

function epochView(state: State, epoch: number): Kept {
  const store = (kind: string) => {
    if (state.epoch !== epoch) return null
    let map = state.stores.get(kind)
    if (!map) {
      map = new Map()
      state.stores.set(kind, map)
    }
    return map
  }
  return {
    active: true,
    get: <T>(kind: string, key: string) => {
      const map = store(kind)
      const value = map?.get(key)
      if (map && value !== undefined) {
        // Most recently used last, so that the first entry is the one to drop.
        map.delete(key)
        map.set(key, value)
      }
      return value as T | undefined
    },
    has: (kind, key) => store(kind)?.has(key) ?? false,
    set: (kind, key, value, { maxEntries = MAX_ENTRIES, maxWeight = Infinity, weigh }: KeptLimits = {}) => {
      const map = store(kind)
      if (!map) return
      let weight = state.weights.get(kind) ?? 0
      if (weigh && map.has(key)) weight -= weigh(map.get(key))
      map.delete(key)
      map.set(key, value)
      if (weigh) weight += weigh(value)
      while (map.size > maxEntries || (map.size > 1 && weight > maxWeight)) {
        const oldest = map.keys().next().value!
        if (weigh) weight -= weigh(map.get(oldest))
        map.delete(oldest)
      }
      if (weigh) state.weights.set(kind, weight)
    },
  }
}

/** Log rows older than any epoch can be are of no use. */
function prune(db: SqlQuerier) {
  db.execute(sql`DELETE FROM calendar_changes WHERE at < now() - interval '1 day'`).catch(() => undefined)
}

/**
 * How many items match a query (a list's total). Counting reads every matching item, so for
 * visitors the total is kept until the calendar changes.
 */
export async function countKept(
  ctx: RestContext,
  kind: string,
  query: { collection: CollectionSlug; overrideAccess: false; req: RestContext['req']; where: Where },
  /** Counts the same items in SQL of its own (`leanLinkedList.ts`); `undefined` leaves it to Payload. */
  leanCount?: () => Promise<number | undefined>,
): Promise<number> {
  const kept = await keptFor(ctx)
  const key = `${ctx.req.locale}:${JSON.stringify(query.where)}`
  const known = kept.get<number>(kind, key)
  if (known !== undefined) return known
  const totalDocs = (await leanCount?.()) ?? (await ctx.payload.count(query)).totalDocs
  kept.set(kind, key, totalDocs)
  return totalDocs
}
