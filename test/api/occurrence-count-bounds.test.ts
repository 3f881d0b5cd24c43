import type { Payload } from 'payload'

import { sql } from '@payloadcms/db-postgres'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import { drizzleOf } from '../../src/db/pool'

import { createdEvent, listedEvents, serveAllApis, type TestServer } from '../helpers/http'
import { createUser, getTestPayload, type TestUser, unique } from '../helpers/payload'
import { inReadMode, READ_MODES } from '../helpers/readModes'

/*
 * A window's bound from above on the occurrences' ends also bounds their starts in the list's
 * total (`occurrencesWhere`'s `startBound`, `occurrenceCount`), by a day past the end's bound: an
 * occurrence's wall-clock end may come before its start across the change of the clocks back.
 * The total still counts every occurrence the page lists, in both read modes: one that ends
 * before it starts by less than a day, and, where an occurrence ends more than a day before it
 * starts (which no save makes), every one, counted without the bound.
 */
describe('the total of a window bounded on the occurrences’ ends', () => {
  let payload: Payload
  let api: TestServer
  let admin: TestUser
  let marker: string

  const create = (body: Record<string, unknown>) =>
    createdEvent(api, admin, { status: 'publish', ...body })
  const listed = (query: string) => listedEvents(api, `search=${marker}&${query}`)

  beforeAll(async () => {
    payload = await getTestPayload()
    api = await serveAllApis(payload)
    admin = await createUser(payload, 'administrator')
    marker = unique('endbound').replace(/[^a-z0-9]/gi, '')
  })
  afterAll(() => api?.close())

  it('counts an occurrence whose wall-clock end comes before its start (the clocks going back)', async () => {
    // 01:30 EDT to 01:10 EST: 40 minutes, ending 20 minutes "before" it starts on the wall clock.
    const id = await create({
      title: `${marker} fall back`,
      timezone: 'America/New_York',
      startDate: '2027-11-07T05:30:00.000Z',
      endDate: '2027-11-07T06:10:00.000Z',
    })
    for (const mode of READ_MODES)
      await inReadMode(payload, mode.sql, async () => {
        // Strict dates are UTC: 05:15Z is 01:15 on New York's (the site's) wall clock, after the end, before the start.
        expect(
          await listed(
            'strict_dates=true&start_date=2027-11-06 00:00:00&end_date=2027-11-07 05:15:00',
          ),
        ).toEqual({ ids: [id], total: 1 })
      })
  })

  it('counts every occurrence where one ends more than a day before it starts', async () => {
    const id = await create({
      title: `${marker} backwards`,
      timezone: 'UTC',
      startDate: '2027-12-20T10:00:00.000Z',
      endDate: '2027-12-20T11:00:00.000Z',
    })
    const db = drizzleOf(payload)!
    // No save writes this: an end two days before the start, past what the bound on the start allows for.
    await db.execute(
      sql`UPDATE calendar_occurrences SET end_local = start_local - interval '2 days' WHERE event_id = ${id}`,
    )
    try {
      for (const mode of READ_MODES)
        await inReadMode(payload, mode.sql, async () => {
          expect(await listed('start_date=2027-12-01&end_date=2027-12-18')).toEqual({
            ids: [id],
            total: 1,
          })
        })
    } finally {
      await db.execute(
        sql`UPDATE calendar_occurrences SET end_local = start_local + interval '1 hour' WHERE event_id = ${id}`,
      )
    }
  })
})
