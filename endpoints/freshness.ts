import type { CollectionSlug, Payload, PayloadRequest, Where } from 'payload'

import { sql } from '@payloadcms/db-postgres'

import type { RestContext } from './context'

import type { Region } from '../src/calendar/cache/region'

import { limitsOfKind } from '../src/calendar/cache/limits'
import { payloadRegion } from '../src/calendar/cache/registry'
import { drizzleOf, poolOf, type SqlQuerier } from '../src/db/pool'
import { pluginOptionsOf } from '../src/pluginOptions'

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

/** After this long an epoch ends anyway, so that the log can be pruned without missing a change. */
const EPOCH_MAX_MS = 10 * 60_000
/** The log is pruned at most this often by each process, when an epoch starts. */
const PRUNE_EVERY_MS = 60 * 60_000

type State = {
  available: boolean | undefined
  epoch: number
  pruned: number
  /** A region per kind kept (`src/calendar/cache/`), emptied when an epoch starts. */
  regions: Map<string, Region<unknown>>
  snapshot: null | string
  started: number
}

const states = new WeakMap<Payload, State>()

function stateOf(payload: Payload): State {
  let state = states.get(payload)
  if (!state) {
    state = {
      available: undefined,
      epoch: 0,
      pruned: Date.now(),
      regions: new Map(),
      snapshot: null,
      started: 0,
    }
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
   * Keeps `value` (`undefined` forgets it) in the region of its kind, whose limits the plugin's
   * `cache.limits` set (`src/calendar/cache/limits.ts`); `size` in bytes where they bound bytes.
   */
  set: (kind: string, key: string, value: unknown, size?: number) => void
}

const NOTHING_KEPT: Kept = {
  active: false,
  get: () => undefined,
  has: () => false,
  set: () => undefined,
}
const KEPT = Symbol('kept')

/**
 * What this request may reuse. Checks the change log once per request (the result is remembered
 * on the request), and only for visitors.
 */
export async function keptFor(
  ctx: Pick<RestContext, 'options' | 'payload' | 'req' | 'user'>,
): Promise<Kept> {
  return keptOn(
    ctx,
    ctx.payload,
    !ctx.options.cache.keepReads || Boolean(ctx.user || ctx.req.transactionID),
  )
}

/** The same for a request of Payload's own APIs (its REST and GraphQL, the admin): only for visitors. */
export async function keptForPayloadRequest(req: PayloadRequest): Promise<Kept> {
  return keptOn(
    req,
    req.payload,
    !pluginOptionsOf(req.payload).cache.keepReads || Boolean(req.user || req.transactionID),
  )
}

/** What `holder`'s request may reuse, remembered on it: nothing when the options keep nothing, for a signed-in caller or inside a transaction. */
function keptOn(holder: object, payload: Payload, keepNothing: boolean): Promise<Kept> {
  const remembered = (holder as Record<symbol, Promise<Kept>>)[KEPT]
  if (remembered) return remembered
  const kept = keepNothing ? Promise.resolve(NOTHING_KEPT) : currentEpoch(payload)
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
  let changed: boolean
  let now: string
  try {
    const pool = poolOf(payload)
    const { rows } =
      state.snapshot && Date.now() - state.started < EPOCH_MAX_MS
        ? // Every visitor's request asks this: a named statement is parsed and planned once per connection.
          pool
          ? await pool.query<Record<string, unknown>>({
              name: 'calendar-epoch-check',
              text: EPOCH_CHECK,
              values: [state.snapshot],
            })
          : await db.execute(
              sql.join(
                EPOCH_CHECK.split('$1').map((part) => sql.raw(part)),
                sql`${state.snapshot}`,
              ),
            )
        : // The log is read here too, so that a database without it says so now.
          await db.execute(
            sql`SELECT pg_current_snapshot()::text AS now, true AS changed FROM (SELECT 1 FROM calendar_changes LIMIT 1) AS log RIGHT JOIN (SELECT 1) AS one ON true`,
          )
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
    for (const region of state.regions.values()) region.clear()
    if (Date.now() - state.pruned >= PRUNE_EVERY_MS) {
      state.pruned = Date.now()
      void prune(db)
    }
  }
  return epochView(payload, state, state.epoch)
}

/** What is kept in `epoch`: nothing once a newer epoch has started, so a late request cannot mix old reads into the new one. */
function epochView(payload: Payload, state: State, epoch: number): Kept {
  const region = (kind: string) => {
    if (state.epoch !== epoch) return null
    let found = state.regions.get(kind)
    if (!found)
      state.regions.set(
        kind,
        (found = payloadRegion(
          payload,
          kind,
          limitsOfKind(pluginOptionsOf(payload).cache.limits, kind),
        )),
      )
    return found
  }
  return {
    active: true,
    get: <T>(kind: string, key: string) => region(kind)?.get(key) as T | undefined,
    has: (kind, key) => region(kind)?.has(key) ?? false,
    set: (kind, key, value, size) => region(kind)?.set(key, value, size),
  }
}

/** Log rows older than any epoch can be are of no use (a day: well beyond EPOCH_MAX_MS). */
function prune(db: SqlQuerier) {
  db.execute(sql`DELETE FROM calendar_changes WHERE at < now() - interval '1 day'`).catch(
    () => undefined,
  )
}

/**
 * How many items match a query (a list's total). Counting reads every matching item, so for
 * visitors the total is kept until the calendar changes.
 */
export async function countKept(
  ctx: RestContext,
  kind: string,
  query: {
    collection: CollectionSlug
    overrideAccess: false
    req: RestContext['req']
    where: Where
  },
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
