import type { Payload } from 'payload'

import { poolOf } from './payloadInternals/adapter'

// Where the adapter's pool, Drizzle database and table names are read (`payloadInternals/adapter.ts`), for
// the modules that take them from here.
export { drizzleOf, poolOf, type SqlQuerier, tableNameOf } from './payloadInternals/adapter'

/** A stopping database ends the pool's idle connections (Ctrl-C reaches the embedded Postgres too): expected, not news. */
export function quietPoolErrors(payload: Pick<Payload, 'db'> | undefined): void {
  poolOf(payload)?.on('error', () => undefined)
}

/**
 * An arbitrary 64-bit key that names "migrating this database" among advisory locks: held
 * exclusively while migrations run (`src/db/boot.ts`), shared while the calendar's pieces are
 * checked (`src/db/calendarSchemaOnInit.ts`), so a check never sees a migration half done.
 */
export const MIGRATION_LOCK_KEY = '7261001452837100001'

/**
 * Runs `work` while holding the session-level advisory lock `key` (exclusively, or `shared` with
 * other shared holders), on a pooled connection of its own: waiting for it (`wait: true`), or
 * returning false at once when another session has it.
 * The connection is closed rather than pooled when the unlock may have failed, and a process
 * that dies closes it too: either way Postgres releases the lock.
 */
export async function withSessionLock(
  payload: Payload,
  key: string,
  options: { shared?: boolean; wait: boolean },
  work: () => Promise<unknown>,
): Promise<boolean> {
  const pool = poolOf(payload)
  if (!pool) throw new Error('Advisory locks need Postgres: use @payloadcms/db-postgres.')
  const client = await pool.connect()
  const mode = options.shared ? '_shared' : ''
  let locked = false
  let broken = false
  try {
    if (options.wait) {
      // Another instance may hold it for a whole migration: no request's bounds on this wait
      // (`src/db/requestTimeouts.ts`); the connection gets them back below.
      await client.query('SET statement_timeout = 0; SET lock_timeout = 0')
      await client.query(`SELECT pg_advisory_lock${mode}($1)`, [key])
      locked = true
    } else {
      const { rows } = await client.query<{ locked: boolean }>(
        `SELECT pg_try_advisory_lock${mode}($1) AS locked`,
        [key],
      )
      locked = rows[0]?.locked === true
      if (!locked) return false
    }
    await work()
    return true
  } finally {
    if (locked)
      await client.query(`SELECT pg_advisory_unlock${mode}($1)`, [key]).catch(() => (broken = true))
    if (options.wait)
      await client.query('RESET statement_timeout; RESET lock_timeout').catch(() => (broken = true))
    client.release(broken)
  }
}
