import pg from 'pg'
import { beforeAll, inject } from 'vitest'

import { GUARD_TABLE } from '../src/auth/passwordGuardStore'

// Payload reads these when the config is first imported, which happens after this file runs.
process.env.DATABASE_URL = inject('databaseUrl')
process.env.DISABLE_PAYLOAD_HMR = 'true'
// One log line per request would bury the test report; warnings and errors still show.
process.env.LOG_LEVEL ??= 'warn'
process.env.EVENTS_CALENDAR_RUN_JOBS = 'false'
// The reference site's timezone and day: the recorded responses of the original depend on both.
process.env.SITE_TIMEZONE = 'America/New_York'
process.env.EVENTS_CALENDAR_CLOCK = '2026-11-21T00:37:04Z'
delete process.env.SITE_URL

// Every test signs in from 127.0.0.1, and the password guard keeps its counts in the shared test
// database (src/auth/passwordGuardStore.ts): each file starts with none left by the one before.
beforeAll(async () => {
  const client = new pg.Client({ connectionString: process.env.DATABASE_URL })
  await client.connect()
  try {
    await client.query(`DO $$ BEGIN IF to_regclass('${GUARD_TABLE}') IS NOT NULL THEN DELETE FROM ${GUARD_TABLE}; END IF; END $$`)
  } finally {
    await client.end()
  }
})
