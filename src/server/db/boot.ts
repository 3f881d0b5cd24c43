import type { Payload } from 'payload'

import type { AppEnv } from '../../env'

import { startPayload } from '../../db/boot'
import { pluginOptionsOf } from '../../pluginOptions'

/**
 * The app's Payload (`payload.config.ts`) on the database in `DATABASE_URL`, with its committed
 * migrations applied unless `migrate` is false.
 */
export async function bootPayload({
  migrate = true,
}: { migrate?: boolean } = {}): Promise<Payload> {
  const { default: config, migrations } = await import('../../../payload.config')
  return startPayload({ config, migrate, migrations })
}

/** With ADMIN_EMAIL and ADMIN_PASSWORD set, a site without users gets this administrator. */
export async function ensureAdministrator(
  payload: Payload,
  env: Pick<AppEnv, 'adminEmail' | 'adminPassword'>,
) {
  if (!env.adminEmail || !env.adminPassword) return null
  // The plugin's users collection (`usersCollection`), wherever the site put it.
  const users = pluginOptionsOf(payload).usersCollection as never
  const { totalDocs } = await payload.count({ collection: users })
  if (totalDocs > 0) return null
  const username = env.adminEmail.split('@')[0]!.replace(/[^A-Za-z0-9._-]/g, '') || 'admin'
  try {
    return await payload.create({
      collection: users,
      data: {
        email: env.adminEmail,
        password: env.adminPassword,
        role: 'administrator',
        username,
      } as never,
      overrideAccess: true,
    })
  } catch (error) {
    // Another instance starting at the same moment created it first.
    if ((await payload.count({ collection: users })).totalDocs > 0) return null
    throw error
  }
}
