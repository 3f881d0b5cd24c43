import type { Payload } from 'payload'

import { beforeAll, describe, expect, it } from 'vitest'

import { poolOf } from '../../src/db/pool'
import { getTestPayload } from '../helpers/payload'

// Read by payload.config.ts when this file's Payload boots (so a process of its own: OWN_PAYLOAD
// in vitest.config.ts), as test/api/request-cost.test.ts sets them: a statement may take 4 s.
process.env.DATABASE_STATEMENT_TIMEOUT_MS = '4000'
process.env.DATABASE_LOCK_TIMEOUT_MS = '1000'

/*
 * Postgres itself ends a statement past its timeout (issue 25). Apart from request-cost's timed
 * tests (test/api/request-cost.test.ts): this one waits for Postgres's own timer and checks what it says, which
 * the machine's load does not change, so it runs beside other files.
 */
describe('a statement past its timeout (issue 25)', () => {
  let payload: Payload

  beforeAll(async () => {
    payload = await getTestPayload()
  })

  it('every pooled connection carries the statement timeout (57014 from Postgres itself), and the migrations and schema steps lift it in their transactions', async () => {
    const pool = poolOf(payload)!
    const { rows } = await pool.query<{ lock_timeout: string; statement_timeout: string }>(
      "SELECT current_setting('statement_timeout') AS statement_timeout, current_setting('lock_timeout') AS lock_timeout",
    )
    expect(rows[0]).toEqual({ lock_timeout: '1s', statement_timeout: '4s' })
    const error = await pool.query('SELECT pg_sleep(5)').then(
      () => null,
      (failure: unknown) => failure,
    )
    expect((error as { code?: string } | null)?.code).toBe('57014')
    const { classifyDatabaseError, isDatabaseUnavailable } =
      await import('../../src/db/databaseErrors')
    expect(classifyDatabaseError(error)).toBe('timeout')
    expect(isDatabaseUnavailable(error)).toBe(true)
    // The calendar's schema steps, as a migration runs them, take longer than a request may.
    const { applyCalendarSchema } = await import('../../src/db/calendarSchema')
    await applyCalendarSchema(payload)
    const { liftTimeoutsForTransaction } = await import('../../src/db/requestTimeouts')
    const client = await pool.connect()
    try {
      await client.query('BEGIN')
      await liftTimeoutsForTransaction({ execute: (text: string) => client.query(text) })
      await client.query('SELECT pg_sleep(4.5)')
      await client.query('COMMIT')
      expect(
        (await client.query("SELECT current_setting('statement_timeout') AS s")).rows[0].s,
      ).toBe('4s')
    } finally {
      client.release()
    }
  })
})
