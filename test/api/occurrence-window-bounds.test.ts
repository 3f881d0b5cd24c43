import type { Payload } from 'payload'

import { sql } from '@payloadcms/db-postgres'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import { drizzleOf } from '../../src/db/pool'

import { basic, createdEvent, listedEvents, serveAllApis, type TestServer } from '../helpers/http'
import { createUser, getTestPayload, type TestUser, unique } from '../helpers/payload'
import { inReadMode, READ_MODES } from '../helpers/readModes'

/*
 * A window's bound from below on the occurrences' ends also bounds their starts by the longest
 * occurrence (`occurrencesSql`, `calendar_occurrences_duration_idx`), so that the list's index
 * serves them: an occurrence longer than all before it, written after them, or made longer by an
 * edit, is still listed in every window it overlaps, by the events list and by `/events.json`,
 * in both read modes.
 */
describe('a window bounded on the occurrences’ ends', () => {
  let payload: Payload
  let api: TestServer
  let admin: TestUser
  let marker: string
  let short: number
  /** The occurrences of a monthly series of two, each 19 months long. */
  let long: number[]

  const create = (body: Record<string, unknown>) =>
    createdEvent(api, admin, { timezone: 'UTC', status: 'publish', ...body })
  const listed = (query: string) => listedEvents(api, `search=${marker}&${query}`)
  const widget = async (start: string, end: string) => {
    const response = await fetch(
      `${api.url}/events.json?search=${marker}&timeZone=UTC&start=${start}&end=${end}`,
    )
    const body = (await response.json()) as { id: string }[]
    expect(response.status, JSON.stringify(body)).toBe(200)
    return body.map((item) => Number(item.id))
  }

  beforeAll(async () => {
    payload = await getTestPayload()
    api = await serveAllApis(payload)
    admin = await createUser(payload, 'administrator')
    marker = unique('longocc').replace(/[^a-z0-9]/gi, '')
    short = await create({
      title: `${marker} short`,
      startDate: '2027-09-10T10:00:00.000Z',
      endDate: '2027-09-10T12:00:00.000Z',
    })
    // Longer than any occurrence stored before them; a series, which both read modes list by its occurrences.
    const series = await create({
      title: `${marker} long`,
      startDate: '2026-06-01T00:00:00.000Z',
      endDate: '2027-12-31T00:00:00.000Z',
      recurrence: { rule: 'FREQ=MONTHLY;COUNT=2' },
    })
    const { rows } = (await drizzleOf(payload)!.execute(
      sql`SELECT id FROM calendar_occurrences WHERE event_id = ${series} ORDER BY start_utc`,
    )) as { rows: { id: number }[] }
    long = rows.map((row) => Number(row.id))
    expect(long).toHaveLength(2)
  })
  afterAll(() => api?.close())

  for (const mode of READ_MODES) {
    it(`lists longer occurrences written after the others in every window they overlap (${mode.name})`, () =>
      inReadMode(payload, mode.sql, async () => {
        expect(await listed('ends_after=2027-09-09&starts_before=2027-09-10')).toEqual({
          ids: [...long, short],
          total: 3,
        })
        expect(await listed('ends_after=2028-01-01')).toEqual({ ids: [long[1]], total: 1 })
        expect(await widget('2028-01-10', '2028-01-11')).toEqual([long[1]])
        expect(await widget('2027-09-10', '2027-09-11')).toEqual([...long, short])
        // Bounds on the end from above, which bound nothing else.
        expect(await listed('start_date=2026-01-01&end_date=2027-09-10')).toEqual({
          ids: [short],
          total: 1,
        })
        expect(await listed('start_date=2026-01-01&ends_before=2028-02-01')).toEqual({
          ids: [...long, short],
          total: 3,
        })
      }))
  }

  it('lists an occurrence made longer by an edit in the windows it reaches at once, in both read modes', async () => {
    const response = await fetch(`${api.url}/api/events/${short}`, {
      method: 'PATCH',
      headers: { 'content-type': 'application/json', ...basic(admin.email, admin.password) },
      body: JSON.stringify({ endDate: '2028-06-30T00:00:00.000Z' }),
    })
    expect(response.status).toBe(200)
    for (const mode of READ_MODES)
      await inReadMode(payload, mode.sql, async () => {
        expect(await listed('ends_after=2028-03-01')).toEqual({ ids: [short], total: 1 })
        expect(await widget('2028-05-01', '2028-05-02')).toEqual([short])
      })
  })
})
