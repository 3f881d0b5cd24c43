import path from 'node:path'

import type { AppEnv } from '../env'

import { startEmbeddedPostgres } from './embeddedPostgres'

/**
 * Makes sure `DATABASE_URL` points at a Postgres: the one given, or an embedded one in
 * `DATA_DIR/pg`, started here. Returns how to stop what was started.
 */
export async function ensureDatabase(env: AppEnv, log: (message: string) => void): Promise<() => Promise<void>> {
  if (env.databaseUrl) {
    process.env.DATABASE_URL = env.databaseUrl
    return async () => undefined
  }
  const dir = path.join(env.dataDir, 'pg')
  log(`No DATABASE_URL: starting the embedded Postgres in ${path.relative(process.cwd(), dir) || dir}`)
  const database = await startEmbeddedPostgres({ database: 'payload', dir, log })
  process.env.DATABASE_URL = database.url
  return database.stop
}
