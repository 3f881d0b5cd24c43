import type { Payload } from 'payload'

import { getPayload } from 'payload'

import type { AppEnv } from '../env'

/**
 * Connects Payload to the database in `DATABASE_URL` and applies the committed migrations that
 * have not run yet, so every start (and every test run) has the schema the code expects.
 */
export async function bootPayload(): Promise<Payload> {
  const { default: config, migrations } = await import('../../payload.config')
  const payload = await getPayload({ config })
  // The adapter types a migration's arguments as `unknown`; the generated files type them precisely.
  await payload.db.migrate({ migrations: migrations as never })
  return payload
}

/** With ADMIN_EMAIL and ADMIN_PASSWORD set, a site without users gets this administrator. */
export async function ensureAdministrator(payload: Payload, env: Pick<AppEnv, 'adminEmail' | 'adminPassword'>) {
  if (!env.adminEmail || !env.adminPassword) return null
  const { totalDocs } = await payload.count({ collection: 'users' as never })
  if (totalDocs > 0) return null
  const username = env.adminEmail.split('@')[0]!.replace(/[^A-Za-z0-9._-]/g, '') || 'admin'
  return payload.create({
    collection: 'users' as never,
    data: { email: env.adminEmail, password: env.adminPassword, role: 'administrator', username } as never,
    overrideAccess: true,
  })
}
