import pg from 'pg'
import { beforeAll } from 'vitest'

import { GUARD_TABLE } from '../src/auth/passwordGuardStore'
import { TEST_ENV } from './helpers/testEnv'
import { workerDatabase } from './helpers/workerDatabase'

// Payload reads these when the config is first imported, which happens after this file runs.
process.env.DATABASE_URL = await workerDatabase()
Object.assign(process.env, TEST_ENV)
// One log line per request would bury the test report; warnings and errors still show.
process.env.LOG_LEVEL ??= 'warn'
delete process.env.SITE_URL

// Every test signs in from 127.0.0.1, and the password guard keeps its counts in the worker's
// database (src/auth/passwordGuardStore.ts): each file starts with none left by the one before.
beforeAll(async () => {
  const client = new pg.Client({ connectionString: process.env.DATABASE_URL })
  await client.connect()
  try {
    await client.query(
      `DO $$ BEGIN IF to_regclass('${GUARD_TABLE}') IS NOT NULL THEN DELETE FROM ${GUARD_TABLE}; END IF; END $$`,
    )
  } finally {
    await client.end()
  }
})
