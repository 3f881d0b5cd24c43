import pg from 'pg'

import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'

import type { GuardPolicy, KeyPolicy } from '../../src/auth/passwordGuardPolicy'

import { GUARD_TABLE, PasswordGuardStore } from '../../src/auth/passwordGuardStore'
import { unique } from '../helpers/payload'

const key: KeyPolicy = {
  firstDelayMs: 1_000,
  forgetAfterMs: 60_000,
  freeTries: 5,
  maxDelayMs: 60_000,
}
const policy: GuardPolicy = { account: key, address: key, maxHoldMs: 1_000 }

/**
 * The password guard's table keeps only keys still within their window: every name an attacker
 * tries adds a row, and each counted try deletes a bounded number of the forgotten ones
 * (src/auth/passwordGuardStore.ts), so the table does not grow with every name ever tried.
 */
describe('password guard table', () => {
  // A schema of the file's own: any other file's login on the worker's database prunes the shared
  // table too, and a count of what one try deleted would then fail at random.
  const schema = unique('guard_prune').replace(/\W/g, '_').toLowerCase()
  let pool: pg.Pool
  let store: PasswordGuardStore

  const keys = async () =>
    (await pool.query<{ key: string }>(`SELECT key FROM ${GUARD_TABLE} ORDER BY key`)).rows.map(
      (row) => row.key,
    )

  beforeAll(async () => {
    const admin = new pg.Pool({ connectionString: process.env.DATABASE_URL, max: 1 })
    await admin.query(`CREATE SCHEMA ${schema}`)
    await admin.end()
    pool = new pg.Pool({
      connectionString: process.env.DATABASE_URL,
      max: 2,
      options: `-c search_path=${schema}`,
    })
    store = new PasswordGuardStore(pool)
    await store.ensureTable()
  })
  beforeEach(async () => {
    await pool.query(`DELETE FROM ${GUARD_TABLE}`)
  })
  afterAll(async () => {
    await pool.query(`DROP SCHEMA ${schema} CASCADE`)
    await pool.end()
  })

  it('deletes forgotten keys a few at a time with each try, and keeps the others', async () => {
    const prefix = unique('old')
    // 60 keys whose window ended an hour ago, one still within its window.
    await pool.query(
      `INSERT INTO ${GUARD_TABLE} (key, attempts, last_attempt_ms, forget_at_ms)
       SELECT $1 || lpad(n::text, 3, '0'), 3, 0, (extract(epoch from now()) * 1000)::bigint - 3600000
       FROM generate_series(1, 60) n`,
      [prefix],
    )
    await pool.query(
      `INSERT INTO ${GUARD_TABLE} (key, attempts, last_attempt_ms, forget_at_ms)
       VALUES ('kept', 3, 0, (extract(epoch from now()) * 1000)::bigint + 3600000)`,
    )

    const first = await store.admit([{ key: 'try-1', policy: key }], policy)
    expect(first.admitted).toBe(true)
    let left = await keys()
    // The try's own key, the key within its window, and the 10 forgotten keys past this try's 50.
    expect(left.filter((name) => name.startsWith(prefix))).toHaveLength(10)
    expect(left).toEqual(expect.arrayContaining(['kept', 'try-1']))

    await store.admit([{ key: 'try-2', policy: key }], policy)
    left = await keys()
    expect(left).toEqual(['kept', 'try-1', 'try-2'])
    // A counted key may be deleted once its policy's window has passed after its last try.
    const { rows } = await pool.query<{ window: string }>(
      `SELECT forget_at_ms - last_attempt_ms AS window FROM ${GUARD_TABLE} WHERE key = 'try-2'`,
    )
    expect(Number(rows[0]!.window)).toBe(key.forgetAfterMs)
  })

  it('gives the keys of a table made before the windows were written the longest window', async () => {
    await pool.query(
      `INSERT INTO ${GUARD_TABLE} (key, attempts, last_attempt_ms, forget_at_ms) VALUES ('legacy', 2, 1000, NULL)`,
    )
    await new PasswordGuardStore(pool).ensureTable()
    const { rows } = await pool.query<{ forget_at_ms: string }>(
      `SELECT forget_at_ms FROM ${GUARD_TABLE} WHERE key = 'legacy'`,
    )
    expect(Number(rows[0]!.forget_at_ms)).toBe(1000 + 24 * 60 * 60_000)
  })
})
