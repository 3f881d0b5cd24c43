/**
 * How long one statement may run, and one lock be waited for, on the app's pooled connections:
 * no request can hold Postgres for minutes (issue 25: a `where` of 300 joins was still being
 * planned after five minutes). A statement past its bound is cancelled and its transaction rolled
 * back; the caller gets a 503 with `Retry-After` on every surface (`src/db/databaseErrors.ts`).
 * `0` means no bound, as in Postgres.
 */
export type DatabaseTimeouts = { lockMs: number; statementMs: number }

/**
 * A request's statements take milliseconds (bench/RESULTS.md: the costliest, an events search's
 * total at 100,000 events, 147 ms), so 10 s is only reached by a query no request should make. A
 * write waits for another write of the same item up to 5 s (`src/db/locks.ts`, `LOCK_WAIT_MS`),
 * and as long for any other lock.
 */
export const DEFAULT_DATABASE_TIMEOUTS: DatabaseTimeouts = { lockMs: 5_000, statementMs: 10_000 }

/**
 * The timeouts as options of a `pg` pool (`postgresAdapter({ pool })`): sent when each connection
 * opens, they are its session's defaults, so every statement on it is bounded, inside a
 * transaction or not. None for Payload's own migration commands (`npx payload migrate`, which
 * sets PAYLOAD_MIGRATING): a migration may rewrite every row.
 */
export function timeoutPoolOptions(timeouts: DatabaseTimeouts): {
  lock_timeout?: number
  statement_timeout?: number
} {
  if (process.env.PAYLOAD_MIGRATING === 'true') return {}
  return {
    ...(timeouts.statementMs > 0 ? { statement_timeout: timeouts.statementMs } : {}),
    ...(timeouts.lockMs > 0 ? { lock_timeout: timeouts.lockMs } : {}),
  }
}

/**
 * Lifts both bounds for the rest of the transaction `db` runs in, for work that is no request
 * and may take long: a migration, the calendar's schema steps (index builds, filling a column on
 * every row), waiting for another instance to finish migrating. The connection gets its bounds
 * back when the transaction ends.
 */
export async function liftTimeoutsForTransaction(db: object): Promise<void> {
  // Drizzle runs text as it is; this module stays free of the adapter's `sql`, for `src/env.ts`.
  await (db as { execute: (query: string) => Promise<unknown> }).execute(
    "SELECT set_config('statement_timeout', '0', true), set_config('lock_timeout', '0', true)",
  )
}
