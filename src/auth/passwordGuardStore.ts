import type { Pool, PoolClient } from 'pg'

import { GUARD_TABLE } from '../db/passwordGuardTable'
import { delayAfter, type GuardPolicy, type KeyPolicy } from './passwordGuardPolicy'

/*
 * The password guard's counts, kept in Postgres so that every instance of the site sees the
 * same ones (one instance per request would otherwise multiply an attacker's tries). Times come
 * from the database's clock, the one clock all instances share.
 */
export { GUARD_TABLE }

export type GuardKey = { key: string; policy: KeyPolicy }

/** A try that may go ahead after `waitMs`, or one refused for `retryAfterMs`. */
export type Admission =
  { admitted: false; retryAfterMs: number } | { admitted: true; waitMs: number }

type Row = { attempts: number; key: string; last_attempt_ms: string }

/**
 * How many forgotten keys one counted try deletes: each try adds at most a few keys, so the table
 * holds only keys still within their window (plus at most this many), however many names an
 * attacker tries, and no try pays for more than this.
 */
const PRUNED_PER_TRY = 50

/** The window of the keys counted before their window was written down. */
const LEGACY_WINDOW_MS = 24 * 60 * 60_000

const NOW_MS = `(extract(epoch from clock_timestamp()) * 1000)::bigint`

export class PasswordGuardStore {
  private ready: Promise<void> | undefined

  constructor(private readonly pool: Pool) {}

  /**
   * Counts a try against every key and reserves its turn: each key's next try may come only
   * its delay after the previous one, so tries sent in parallel queue up one after the other
   * instead of all being checked at once. The rows are locked in key order (no deadlock between
   * two tries on the same keys). A turn further away than `maxHoldMs` is refused and not counted.
   */
  async admit(keys: GuardKey[], policy: GuardPolicy): Promise<Admission> {
    await this.ensureTable()
    const sorted = [...new Map(keys.map((item) => [item.key, item])).values()].sort((a, b) =>
      a.key < b.key ? -1 : 1,
    )
    const names = sorted.map((item) => item.key)
    return this.transaction(async (client) => {
      await client.query(
        `INSERT INTO ${GUARD_TABLE} (key, attempts, last_attempt_ms, forget_at_ms) SELECT unnest($1::text[]), 0, 0, 0 ON CONFLICT (key) DO NOTHING`,
        [names],
      )
      const { rows } = await client.query<Row & { now_ms: string }>(
        `SELECT key, attempts, last_attempt_ms, ${NOW_MS} AS now_ms FROM ${GUARD_TABLE} WHERE key = ANY($1::text[]) ORDER BY key FOR UPDATE`,
        [names],
      )
      const now = Number(rows[0]?.now_ms ?? Date.now())
      const counted = sorted.map((item) => ({
        ...item,
        ...countedTries(
          rows.find((row) => row.key === item.key),
          item.policy,
          now,
        ),
      }))
      const turn = Math.max(now, ...counted.map((item) => item.earliest))
      if (turn - now > policy.maxHoldMs) return { admitted: false, retryAfterMs: turn - now }
      for (const item of counted) {
        await client.query(
          `UPDATE ${GUARD_TABLE} SET attempts = $2, last_attempt_ms = $3, forget_at_ms = $4 WHERE key = $1`,
          [item.key, item.tries + 1, turn, turn + item.policy.forgetAfterMs],
        )
      }
      // Keys past their window count nothing (`countedTries`): a few are deleted with each try.
      // Rows another try holds are left for a later one.
      await client.query(
        `DELETE FROM ${GUARD_TABLE} WHERE key IN (SELECT key FROM ${GUARD_TABLE} WHERE forget_at_ms < $1 ORDER BY forget_at_ms LIMIT ${PRUNED_PER_TRY} FOR UPDATE SKIP LOCKED)`,
        [now],
      )
      return { admitted: true, waitMs: turn - now }
    })
  }

  /** How long a try would have to wait now, without counting one (for passwords already known right). */
  async currentWait(keys: GuardKey[]): Promise<number> {
    await this.ensureTable()
    const { rows } = await this.pool.query<Row & { now_ms: string }>(
      `SELECT key, attempts, last_attempt_ms, ${NOW_MS} AS now_ms FROM ${GUARD_TABLE} WHERE key = ANY($1::text[])`,
      [keys.map((item) => item.key)],
    )
    const now = Number(rows[0]?.now_ms ?? 0)
    return Math.max(
      0,
      ...keys.map(
        (item) =>
          countedTries(
            rows.find((row) => row.key === item.key),
            item.policy,
            now,
          ).earliest - now,
      ),
    )
  }

  /** A right password: its account starts afresh, and the try is given back to its address. */
  async succeeded(accountKey: string, addressKey: null | string): Promise<void> {
    await this.ensureTable()
    await this.pool.query(
      `WITH cleared AS (DELETE FROM ${GUARD_TABLE} WHERE key = $1)
       UPDATE ${GUARD_TABLE} SET attempts = greatest(attempts - 1, 0) WHERE key = $2`,
      [accountKey, addressKey],
    )
  }

  /**
   * Several instances may start at once: the transaction-level advisory lock makes them create
   * the table one after the other (a bare `CREATE TABLE IF NOT EXISTS` can still fail with a
   * duplicate type when two run at the same moment).
   */
  ensureTable(): Promise<void> {
    this.ready ??= this.transaction(async (client) => {
      await client.query(`SELECT pg_advisory_xact_lock(hashtext($1))`, [GUARD_TABLE])
      await client.query(
        `CREATE TABLE IF NOT EXISTS ${GUARD_TABLE} (key text PRIMARY KEY, attempts integer NOT NULL, last_attempt_ms bigint NOT NULL)`,
      )
      // When each key may be deleted (its last try and its policy's window); a table made before
      // the column gives its rows the longest window a policy has by default, a day.
      await client.query(`ALTER TABLE ${GUARD_TABLE} ADD COLUMN IF NOT EXISTS forget_at_ms bigint`)
      await client.query(
        `UPDATE ${GUARD_TABLE} SET forget_at_ms = last_attempt_ms + ${LEGACY_WINDOW_MS} WHERE forget_at_ms IS NULL`,
      )
      await client.query(
        `CREATE INDEX IF NOT EXISTS ${GUARD_TABLE}_forget_at_idx ON ${GUARD_TABLE} (forget_at_ms)`,
      )
    }).catch((error: unknown) => {
      this.ready = undefined
      throw error
    })
    return this.ready
  }

  private async transaction<T>(work: (client: PoolClient) => Promise<T>): Promise<T> {
    const client = await this.pool.connect()
    let broken = false
    try {
      await client.query('BEGIN')
      const result = await work(client)
      await client.query('COMMIT')
      return result
    } catch (error) {
      await client.query('ROLLBACK').catch(() => {
        broken = true
      })
      throw error
    } finally {
      // A connection that cannot even roll back is closed rather than handed to the next caller.
      client.release(broken)
    }
  }
}

/** A key's counted tries (none once forgotten) and the earliest moment of its next try. */
function countedTries(
  row: Row | undefined,
  policy: KeyPolicy,
  now: number,
): { earliest: number; tries: number } {
  const last = Number(row?.last_attempt_ms ?? 0)
  if (!row || last + policy.forgetAfterMs < now) return { earliest: now, tries: 0 }
  return { earliest: last + delayAfter(policy, row.attempts), tries: row.attempts }
}

const stores = new WeakMap<Pool, PasswordGuardStore>()

/** One store per pool, so that the table is ensured once per process. */
export function guardStoreFor(pool: Pool): PasswordGuardStore {
  let store = stores.get(pool)
  if (!store) {
    store = new PasswordGuardStore(pool)
    stores.set(pool, store)
  }
  return store
}
