import pg from 'pg'
import { inject } from 'vitest'

import { databaseUrlOn } from './freshDatabase'

/** Migrated once per run (test/globalSetup.ts); no test connects to it, so that it can be cloned. */
export const TEMPLATE_DATABASE = 'events_calendar_test_template'

/** Any number, the same in every worker. */
const CLONE_LOCK = 730_305

/**
 * The database of this worker, cloned from the migrated template by the first file the worker
 * runs. A worker runs its files one at a time: files in parallel never share a database, and the
 * files of one worker see each other's data, as they all did on the single test database.
 */
export async function workerDatabase(): Promise<string> {
  const server = inject('postgresUrl')
  const name = `events_calendar_test_${process.env.VITEST_POOL_ID ?? '1'}`
  const client = new pg.Client({ connectionString: server })
  await client.connect()
  try {
    // One clone at a time, so that no two workers create the same database.
    await client.query('SELECT pg_advisory_lock($1)', [CLONE_LOCK])
    const found = await client.query('SELECT 1 FROM pg_database WHERE datname = $1', [name])
    if (!found.rowCount)
      await client.query(`CREATE DATABASE "${name}" TEMPLATE "${TEMPLATE_DATABASE}"`)
  } finally {
    await client.end()
  }
  return databaseUrlOn(server, name)
}
