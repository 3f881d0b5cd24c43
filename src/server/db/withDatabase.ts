import path from 'node:path'

import type { AppEnv } from '../../env'

import { startEmbeddedPostgres } from './embeddedPostgres'

/**
 * Makes sure `DATABASE_URL` points at a Postgres: the one given, or an embedded one in
 * `DATA_DIR/pg`, started here. Returns how to stop what was started.
 */
export async function ensureDatabase(
  env: AppEnv,
  log: (message: string) => void,
): Promise<() => Promise<void>> {
  if (env.databaseUrl) {
    process.env.DATABASE_URL = env.databaseUrl
    return async () => undefined
  }
  const dir = path.join(env.dataDir, 'pg')
  log(
    `No DATABASE_URL: starting the embedded Postgres in ${path.relative(process.cwd(), dir) || dir}`,
  )
  let database: Awaited<ReturnType<typeof startEmbeddedPostgres>>
  try {
    database = await startEmbeddedPostgres({ database: 'payload', dir, log })
  } catch (error) {
    throw new DatabaseStartError(
      `The embedded Postgres could not start in ${dir}: ${(error as Error)?.message ?? String(error)}\n` +
        'Set DATA_DIR to a folder this user may write, or DATABASE_URL to a Postgres server.',
    )
  }
  process.env.DATABASE_URL = database.url
  return database.stop
}

/** The database could not be had: a message for the operator, not a stack trace. */
export class DatabaseStartError extends Error {}
