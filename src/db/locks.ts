import type { Collection, PayloadRequest } from 'payload'

import { sql } from '@payloadcms/db-postgres'

import {
  querierFor,
  type SqlQuerier,
  tableNameOf,
  transactionSessionOf,
} from './payloadInternals/adapter'
import { ClientError } from '../lib/clientError'

/**
 * How long a write waits for another write of the same thing before giving up. Holders only keep
 * a lock for one write (tens of milliseconds), so this is only reached when writes pile up.
 */
export const LOCK_WAIT_MS = 5_000

/** What a write that could not take its turn in time answers: try again shortly. */
export class ItemBusy extends ClientError {
  constructor() {
    super('This item is being changed by other requests at the moment; try again shortly.', 503)
  }
}

/** Postgres's `lock_not_available`, raised when `lock_timeout` ends a lock wait. */
const LOCK_NOT_AVAILABLE = '55P03'

type Session = SqlQuerier
type SQL = ReturnType<typeof sql>

/** The keys each open transaction already holds, so that a nested write asking again costs no round trip. */
const heldBy = new WeakMap<Session, Set<string>>()

/**
 * Makes concurrent writes that touch the same thing take turns: a transaction-scoped Postgres
 * advisory lock on `key`, released when the request's transaction commits or rolls back. Only
 * writes that ask for the same key wait, for at most `LOCK_WAIT_MS`, then get `ItemBusy`. Outside
 * a transaction there is nothing to hold it, so it does nothing.
 *
 * A waiting write keeps its transaction's pooled connection (Payload begins the transaction
 * before any hook runs), so whoever holds a lock must finish with the connection it has: a
 * query it makes without the request (`req`) runs on another pooled connection, which the
 * waiters may all have taken (see `src/lib/editingLock.ts`). The bounded wait is what ends such
 * a pile-up should one remain: the waiters give up and give their connections back.
 */
export async function lockForTransaction(req: PayloadRequest, key: string): Promise<void> {
  const session = await transactionSessionOf(req)
  if (!session) return
  const held = heldBy.get(session) ?? new Set<string>()
  heldBy.set(session, held)
  if (held.has(key)) return

  // Most writes find the lock free: one round trip.
  if (!(await tryLock(session, key))) await waitForLock(session, key)
  held.add(key)
}

async function tryLock(
  session: Session,
  key: string,
  also: [name: string, read: SQL][] = [],
): Promise<boolean> {
  const columns = also.map(
    ([, read], index) => sql`, ${read} AS ${sql.identifier(`also_${index}`)}`,
  )
  const { rows } = await session.execute(
    sql`SELECT pg_try_advisory_xact_lock(hashtext(${key})) AS locked${sql.join(columns)}`,
  )
  const row = rows?.[0] ?? {}
  // What was read before a wait for the lock may be stale once it is had: kept only when it was free.
  if (row.locked === true)
    also.forEach(([name], index) => {
      const value = row[`also_${index}`]
      if (name === UNOPENED) {
        if (value === true) unopenedBy(session).add(key)
      } else if (!riddenBy(session).has(name)) riddenBy(session).set(name, value)
    })
  return row.locked === true
}

/** Where Payload records who has a document open in the admin panel (`src/lib/editingLock.ts`). */
const LOCKED_DOCUMENTS = 'payload-locked-documents'
const UNOPENED = ''

/** The items each open transaction found open in no one's admin panel as it took their lock (`lockItemForUpdate`). */
const unopenedItems = new WeakMap<Session, Set<string>>()
const unopenedBy = (session: Session) => {
  const keys = unopenedItems.get(session) ?? new Set<string>()
  unopenedItems.set(session, keys)
  return keys
}

/**
 * A read a write needs later in its transaction, made in the statement that takes the lock of the
 * item it updates (`lockItemForUpdate`), which saves it a round trip: one value (an SQL expression),
 * or null when this write does not need it.
 */
export type LockRider = (req: PayloadRequest, collection: string) => null | SQL

const riders = new Map<string, LockRider>()
/** What each open transaction's riders read with its first item lock. */
const riddenReads = new WeakMap<Session, Map<string, unknown>>()
const riddenBy = (session: Session) => {
  const reads = riddenReads.get(session) ?? new Map<string, unknown>()
  riddenReads.set(session, reads)
  return reads
}

/** Makes `rider` read with every item lock taken by `lockItemForUpdate` from now on. */
export function rideOnItemLocks(name: string, rider: LockRider): void {
  riders.set(name, rider)
}

/** What the rider `name` read in this transaction, with one of its item locks; undefined when it read nothing. */
export async function riddenRead(
  req: Pick<PayloadRequest, 'payload' | 'transactionID'> | undefined,
  name: string,
): Promise<{ value: unknown } | undefined> {
  const session = await transactionSessionOf(req)
  const reads = session ? riddenReads.get(session) : undefined
  return reads?.has(name) ? { value: reads.get(name) } : undefined
}

type LockableCollection = { lockDocuments?: unknown; slug: string }

/**
 * `lockForTransaction` on the item's update key (`itemUpdateKey`), with, in the same statement,
 * the riders' reads (`rideOnItemLocks`) and whether anyone has the item open in the admin panel
 * (a row of Payload's locked documents). Every update of a document ends by releasing that edit
 * lock (Payload's `checkDocumentLockStatus` deletes its row, two statements: a select of the
 * rows, then a delete); when this found none, `wasFoundUnopened` tells the adapter
 * (`payloadInternals/lockReleases.ts`) that there is nothing to delete. An edit lock taken in the
 * admin meanwhile, by another transaction, is then left in place, as it would be had it been
 * taken just after this write.
 */
export async function lockItemForUpdate(
  req: PayloadRequest,
  collection: LockableCollection,
  id: number | string,
): Promise<void> {
  const session = await transactionSessionOf(req)
  if (!session) return
  const key = itemUpdateKey(collection.slug, id)
  const held = heldBy.get(session) ?? new Set<string>()
  heldBy.set(session, held)
  if (held.has(key)) return
  const also: [string, SQL][] = []
  const rels = Number.isSafeInteger(Number(id)) ? openCheckOf(req, collection) : null
  if (rels)
    also.push([
      UNOPENED,
      sql`NOT EXISTS (SELECT 1 FROM ${sql.identifier(rels.table)} r WHERE r."path" = 'document' AND r.${sql.identifier(rels.column)} = ${Number(id)})`,
    ])
  for (const [name, rider] of riders) {
    const read = riddenBy(session).has(name) ? null : rider(req, collection.slug)
    if (read) also.push([name, read])
  }
  if (!(await tryLock(session, key, also))) await waitForLock(session, key)
  held.add(key)
}

/**
 * The ids of the locks (rows of Payload's locked documents) whose document is an item of one of
 * `slugs` with `author` as its author, at most `limit` of them. It starts from whichever side the
 * planner finds smaller, the locks or the author's items (both indexed), so neither many locks
 * nor an author of thousands of items makes it long; its answer is bounded by `limit`. Empty
 * with another database adapter or an id that is not a number.
 */
export async function locksOfAuthoredItems(
  req: PayloadRequest,
  slugs: readonly string[],
  author: number | string,
  limit: number,
): Promise<number[]> {
  const querier = await querierFor(req.payload, req)
  if (!querier || !Number.isSafeInteger(Number(author))) return []
  const branches: SQL[] = []
  for (const slug of slugs) {
    const collection = (req.payload.collections as Record<string, Collection | undefined>)[slug]
    const rels = collection ? openCheckOf(req, collection.config) : null
    if (!rels) continue
    branches.push(
      sql`SELECT r."parent_id" AS id FROM ${sql.identifier(rels.table)} r JOIN ${sql.identifier(tableNameOf(req.payload, slug))} i ON i."id" = r.${sql.identifier(rels.column)} WHERE r."path" = 'document' AND i."author_id" = ${Number(author)}`,
    )
  }
  if (branches.length === 0) return []
  const { rows } = await querier.execute(
    sql`${sql.join(branches, sql` UNION ALL `)} LIMIT ${Math.max(0, Math.floor(limit))}`,
  )
  return rows.map((row) => Number(row.id))
}

/** The locked documents' relations table and the collection's column in it, when its items can be open in the admin and have numeric ids. */
function openCheckOf(
  req: PayloadRequest,
  collection: LockableCollection,
): null | { column: string; table: string } {
  const locks = (req.payload.collections as Record<string, Collection | undefined>)[
    LOCKED_DOCUMENTS
  ]
  if (!locks || collection.lockDocuments === false) return null
  const relationTo = (
    locks.config.fields.find((field) => 'name' in field && field.name === 'document') as
      undefined | { relationTo?: unknown }
  )?.relationTo
  if (!Array.isArray(relationTo) || !relationTo.includes(collection.slug)) return null
  return {
    column: `${tableNameOf(req.payload, collection.slug)}_id`,
    table: `${tableNameOf(req.payload, LOCKED_DOCUMENTS)}_rels`,
  }
}

/**
 * Whether this transaction found the item open in no one's admin panel when it took its update
 * lock (`lockItemForUpdate`).
 */
export async function wasFoundUnopened(
  req: Pick<PayloadRequest, 'payload' | 'transactionID'> | undefined,
  slug: string,
  id: number | string,
): Promise<boolean> {
  const session = await transactionSessionOf(req)
  return Boolean(session && unopenedItems.get(session)?.has(itemUpdateKey(slug, id)))
}

/**
 * Waits in Postgres's queue for the lock (first come, first served), bounded by a `lock_timeout`
 * for this wait only: the transaction's later statements get back the setting they had. A wait
 * that times out aborts the transaction, which the error then rolls back.
 */
async function waitForLock(session: Session, key: string): Promise<void> {
  const { rows } = await session.execute(sql`SELECT current_setting('lock_timeout') AS previous`)
  const previous = String(rows?.[0]?.previous ?? '0')
  await session.execute(sql`SELECT set_config('lock_timeout', ${`${LOCK_WAIT_MS}ms`}, true)`)
  try {
    await session.execute(sql`SELECT pg_advisory_xact_lock(hashtext(${key}))`)
  } catch (error) {
    if (isLockTimeout(error)) throw new ItemBusy()
    throw error
  }
  await session.execute(sql`SELECT set_config('lock_timeout', ${previous}, true)`)
}

/** True when `error` is a lock wait that `lock_timeout` ended. */
export function isLockTimeout(error: unknown): boolean {
  const { cause, code } = error as { cause?: { code?: string }; code?: string }
  return code === LOCK_NOT_AVAILABLE || cause?.code === LOCK_NOT_AVAILABLE
}

/** The lock every update of one item takes, whichever API it comes through. */
export const itemUpdateKey = (collection: string, id: number | string) =>
  `update:${collection}:${id}`
