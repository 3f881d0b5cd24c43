import type { Payload } from 'payload'

import { getPayload } from 'payload'

import { ensureCalendarSchemaOnInit } from './calendarSchemaOnInit'
import { MIGRATION_LOCK_KEY, withSessionLock } from './pool'
import { liftTimeoutsForTransaction } from './requestTimeouts'
import { pluginOptionsOf } from '../pluginOptions'

import type { AppEnv } from '../env'

/**
 * Connects Payload to the database in `DATABASE_URL` and, unless `migrate` is false, applies the
 * committed migrations that have not run yet, so every start (and every test run) has the schema
 * the code expects.
 */
export async function bootPayload({ migrate = true }: { migrate?: boolean } = {}): Promise<Payload> {
  const { default: config } = await import('../../payload.config')
  const payload = await getPayload({ config })
  if (migrate) {
    await applyMigrations(payload)
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
export async function applyMigrations(payload: Payload): Promise<void> {
  const { migrations } = await import('../../payload.config')
  // The adapter types a migration's arguments as `unknown`; the generated files type them precisely.
  const unbounded = migrations.map(withoutRequestTimeouts)
  await withSessionLock(payload, MIGRATION_LOCK_KEY, { wait: true }, () => payload.db.migrate({ migrations: unbounded as never }))
}

type Step<Args> = (args: Args) => Promise<void>

/**
 * A migration may rewrite every row, longer than a request's statement may run: each runs in
 * its own transaction (Payload's `migrate`), which its first statement frees of the bounds.
 */
function withoutRequestTimeouts<Up extends { db: object }, Down extends { db: object }>(migration: { down: Step<Down>; name: string; up: Step<Up> }) {
  const lifted =
    <Args extends { db: object }>(step: Step<Args>): Step<Args> =>
    async (args) => {
      await liftTimeoutsForTransaction(args.db)
      await step(args)
    }
  return { ...migration, down: lifted(migration.down), up: lifted(migration.up) }
}

/** With ADMIN_EMAIL and ADMIN_PASSWORD set, a site without users gets this administrator. */
export async function ensureAdministrator(payload: Payload, env: Pick<AppEnv, 'adminEmail' | 'adminPassword'>) {
  if (!env.adminEmail || !env.adminPassword) return null
  // The plugin's users collection (`usersCollection`), wherever the site put it.
  const users = pluginOptionsOf(payload).usersCollection as never
  const { totalDocs } = await payload.count({ collection: users })
  if (totalDocs > 0) return null
  const username = env.adminEmail.split('@')[0]!.replace(/[^A-Za-z0-9._-]/g, '') || 'admin'
  try {
    return await payload.create({
      collection: users,
      data: { email: env.adminEmail, password: env.adminPassword, role: 'administrator', username } as never,
      overrideAccess: true,
    })
  } catch (error) {
    // Another instance starting at the same moment created it first.
    if ((await payload.count({ collection: users })).totalDocs > 0) return null
    throw error
  }
}
