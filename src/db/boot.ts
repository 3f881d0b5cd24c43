import type { Payload, SanitizedConfig } from 'payload'

import { getPayload } from 'payload'

import { ensureCalendarSchemaOnInit } from './calendarSchemaOnInit'
import { MIGRATION_LOCK_KEY, withSessionLock } from './pool'
import { liftTimeoutsForTransaction } from './requestTimeouts'

/** A migration as the generated files and `payload migrate` have it. */
export type Migration = { down: Step<never>; name: string; up: Step<never> }

/**
 * Starts Payload with the app's `config` and, unless `migrate` is false, applies those of
 * `migrations` that have not run yet, so every start (and every test run) has the schema the code
 * expects.
 */
export async function startPayload(args: {
  config: Promise<SanitizedConfig> | SanitizedConfig
  migrate?: boolean
  migrations: Migration[]
}): Promise<Payload> {
  const payload = await getPayload({ config: args.config })
  if (args.migrate ?? true) {
    await applyMigrations(payload, args.migrations)
    // At init the tables of a fresh database did not exist yet; now everything must be there.
    await ensureCalendarSchemaOnInit(payload)
  }
  return payload
}

/**
 * Any number of instances may start at once against one database: a session-level advisory lock
 * (`src/db/pool.ts`) lets exactly one of them migrate while the others wait, then find nothing
 * left to do; it is released even if the migrating process dies.
 */
export async function applyMigrations(payload: Payload, migrations: Migration[]): Promise<void> {
  // The adapter types a migration's arguments as `unknown`; the generated files type them precisely.
  const unbounded = migrations.map(withoutRequestTimeouts)
  await withSessionLock(payload, MIGRATION_LOCK_KEY, { wait: true }, () =>
    payload.db.migrate({ migrations: unbounded as never }),
  )
}

type Step<Args> = (args: Args) => Promise<void>

/**
 * A migration may rewrite every row, longer than a request's statement may run: each runs in
 * its own transaction (Payload's `migrate`), which its first statement frees of the bounds.
 */
function withoutRequestTimeouts(migration: Migration) {
  const lifted =
    (step: Step<never>): Step<{ db: object }> =>
    async (args) => {
      await liftTimeoutsForTransaction(args.db)
      await step(args as never)
    }
  return { ...migration, down: lifted(migration.down), up: lifted(migration.up) }
}
