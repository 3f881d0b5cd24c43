import type { PayloadRequest } from 'payload'

import { sql } from '@payloadcms/db-postgres'

import { type SqlQuerier, transactionSessionOf } from './payloadInternals/adapter'
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

async function tryLock(session: Session, key: string): Promise<boolean> {
  const { rows } = await session.execute(
    sql`SELECT pg_try_advisory_xact_lock(hashtext(${key})) AS locked`,
  )
  return rows?.[0]?.locked === true
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
