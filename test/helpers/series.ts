import type { Payload } from 'payload'

import { sql } from '@payloadcms/db-postgres'
import { expect } from 'vitest'

import type { TestServer } from './http'
import type { TestUser } from './payload'

import { drizzleOf } from '../../src/db/pool'
import { basic } from './http'

/** Payload's REST as `user`, expecting success: the JSON answer. */
export const restAs =
  (server: () => TestServer, user: () => TestUser) =>
  async (method: string, path: string, body?: unknown): Promise<Record<string, any>> => {
    const response = await fetch(`${server().url}/api${path}`, {
      method,
      headers: { 'content-type': 'application/json', ...basic(user().email, user().password) },
      body: body === undefined ? undefined : JSON.stringify(body),
    })
    const json = (await response.json()) as Record<string, any>
    expect(response.status, JSON.stringify(json)).toBeLessThan(300)
    return json
  }

/** The id of the occurrence of `eventId` whose original start is `originalStart` (a wall time in its zone). */
export async function occurrenceIdAt(
  payload: Payload,
  eventId: number,
  originalStart: string,
): Promise<number> {
  const { rows } = (await drizzleOf(payload)!.execute(
    sql`SELECT id FROM calendar_occurrences WHERE event_id = ${eventId} AND original_start = ${originalStart}::timestamp`,
  )) as { rows: { id: number }[] }
  return Number(rows[0]!.id)
}

/**
 * Issue 26's example series, as Payload's REST and Local API take it: Mondays at 09:00 in New
 * York from 2027-03-01, 6 times, the fourth (22 March) excluded; 14:00 then 13:00 UTC across the
 * change to daylight saving time on 2027-03-14.
 */
export const issueWeeklySeries = (title: string, extra: Record<string, unknown> = {}) => ({
  title,
  startDate: '2027-03-01T14:00:00.000Z',
  endDate: '2027-03-01T15:30:00.000Z',
  timezone: 'America/New_York',
  status: 'publish',
  recurrence: { rule: 'FREQ=WEEKLY;BYDAY=MO;COUNT=6', exdates: ['2027-03-22T09:00:00'] },
  ...extra,
})
