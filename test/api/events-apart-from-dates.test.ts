import type { Payload } from 'payload'

import { sql } from '@payloadcms/db-postgres'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import { drizzleOf } from '../../src/db/pool'
import { poolOf } from '../../src/db/payloadInternals/adapter'
import { listedEvents, requestAs, serveAllApis, type TestServer } from '../helpers/http'
import { createUser, getTestPayload, type TestUser, unique } from '../helpers/payload'
import { issueWeeklySeries } from '../helpers/series'

/*
 * The events apart from their dates (`src/db/calendarSchema/apartFromDates.ts`), kept by triggers,
 * after each kind of write over Payload's REST: the table holds exactly the events that are not
 * their one occurrence, at its id, scheduled, at the event's own dates. And the list Payload reads
 * (`geoloc=0`, which the SQL declines: `eventsSql.ts`) lists them by their occurrences, as the SQL's
 * list does.
 */

/** The rule, written out on its own: an event is apart unless it is exactly its one occurrence. */
const APART_BY_HAND = sql`
  SELECT e.id FROM events e
  WHERE (SELECT count(*) FROM calendar_occurrences o WHERE o.event_id = e.id) <> 1
    OR NOT EXISTS (SELECT 1 FROM calendar_occurrences o WHERE o.event_id = e.id AND o.id = e.id
      AND o.status = 'scheduled' AND e.start_local = to_char(o.start_local, 'YYYY-MM-DD HH24:MI:SS')
      AND e.end_local = to_char(o.end_local, 'YYYY-MM-DD HH24:MI:SS'))`

describe('the events apart from their dates, kept by triggers', () => {
  let payload: Payload
  let server: TestServer
  let admin: TestUser
  const marker = unique('apart').replace(/[^a-z0-9]/gi, '')

  const call = async (method: string, path: string, body?: unknown) => {
    const answer = await requestAs(server, admin, method, path, body)
    expect(answer.status, answer.text).toBeLessThan(300)
    return answer.body as Record<string, any>
  }
  const ids = async (statement: ReturnType<typeof sql>) =>
    ((await drizzleOf(payload)!.execute(statement)) as { rows: { id: number }[] }).rows.map((row) =>
      Number(row.id),
    )
  const kept = () =>
    ids(sql`SELECT event_id AS id FROM calendar_events_apart_from_dates ORDER BY event_id`)
  const byHand = async () => (await ids(APART_BY_HAND)).sort((a, b) => a - b)
  const occurrencesOf = (event: number) =>
    ids(sql`SELECT id FROM calendar_occurrences WHERE event_id = ${event} ORDER BY original_start`)
  /** The table holds exactly the events apart, `apart` among `mine` and none of the others. */
  const expectApart = async (mine: number[], apart: number[], step: string) => {
    const table = await kept()
    expect(table, `${step}: the table, against the rule`).toEqual(await byHand())
    expect(
      mine.filter((id) => table.includes(id)),
      `${step}: this file's events apart`,
    ).toEqual(apart)
  }
  const single = (title: string, extra: Record<string, unknown> = {}) =>
    call('POST', '/api/events', {
      title,
      startDate: '2027-03-02T10:00:00.000Z',
      endDate: '2027-03-02T11:00:00.000Z',
      timezone: 'Europe/Paris',
      status: 'publish',
      ...extra,
    }).then((body) => Number(body.doc.id))

  beforeAll(async () => {
    payload = await getTestPayload()
    server = await serveAllApis(payload)
    admin = await createUser(payload, 'administrator')
  })
  afterAll(() => server?.close())

  it('holds exactly the events apart after a create, a series, a cancel, a move, a split, an edit back and a delete', async () => {
    const plain = await single(`${marker} plain`)
    await expectApart([plain], [], 'a single event')

    const series = Number(
      (await call('POST', '/api/events', issueWeeklySeries(`${marker} series`))).doc.id,
    )
    await expectApart([plain, series], [series], 'a series')

    // The single event's one occurrence cancelled, then another's moved: each is listed by its occurrence.
    const cancelled = await single(`${marker} cancelled`)
    await call('PATCH', `/api/events/${cancelled}/occurrences/${cancelled}`, {
      status: 'cancelled',
    })
    const mine = [plain, series, cancelled]
    await expectApart(mine, [series, cancelled], 'a cancelled occurrence')

    // A series' occurrence moved, then the series split from its 4th: the second half is apart too.
    const [, second, , fourth] = await occurrencesOf(series)
    await call('PATCH', `/api/events/${series}/occurrences/${second}`, {
      startDate: '2027-03-09T14:00:00Z',
      endDate: '2027-03-09T15:30:00Z',
    })
    const split = await call('PATCH', `/api/events/${series}/occurrences/${fourth}`, {
      scope: 'following',
      title: `${marker} series later`,
    })
    const half = Number(split.event)
    mine.push(half)
    await expectApart(mine, [series, cancelled, half], 'a split')

    // The first half made a plain event again: its one occurrence, at its id and dates.
    await call('PATCH', `/api/events/${series}`, { recurrence: { rule: '', exdates: [] } })
    expect(await occurrencesOf(series)).toEqual([series])
    await expectApart(mine, [cancelled, half], 'a series edited back to a plain event')

    // Payload's REST deletes only what is in the trash.
    for (const id of [half, cancelled]) {
      await call('PATCH', `/api/events/${id}`, { status: 'trash' })
      await call('DELETE', `/api/events/${id}`)
    }
    await expectApart(mine, [], 'deletes')
  })

  it('judges again, after an update of events, only the events whose id, start or end it changed', async () => {
    const plain = await single(`${marker} renamed`)
    const client = await poolOf(payload)!.connect()
    try {
      await client.query('BEGIN')
      // The table's reads in this transaction, as Postgres counts them while it runs.
      const reads = async () =>
        Number(
          (
            await client.query(
              `SELECT coalesce(seq_scan, 0) + coalesce(idx_scan, 0) AS n FROM pg_stat_xact_user_tables
                WHERE relname = 'calendar_events_apart_from_dates'`,
            )
          ).rows[0]?.n ?? 0,
        )
      const inTable = async () =>
        (
          await client.query('SELECT 1 FROM calendar_events_apart_from_dates WHERE event_id = $1', [
            plain,
          ])
        ).rowCount
      const { start_local: start } = (
        await client.query('SELECT start_local FROM events WHERE id = $1', [plain])
      ).rows[0]
      const before = await reads()
      // A rename's write of the row (every column written again, its dates as they were).
      await client.query(
        'UPDATE events SET updated_at = now(), start_local = start_local, slug = slug WHERE id = $1',
        [plain],
      )
      expect(await reads()).toBe(before)
      expect(await inTable()).toBe(0)
      // Its start moved away from its occurrence's: judged again, now apart.
      const beforeMove = await reads()
      await client.query("UPDATE events SET start_local = '2027-03-02 12:00:00' WHERE id = $1", [
        plain,
      ])
      expect(await reads()).toBeGreaterThan(beforeMove)
      expect(await inTable()).toBe(1)
      // And back: judged again, no longer apart.
      await client.query('UPDATE events SET start_local = $2 WHERE id = $1', [plain, start])
      expect(await inTable()).toBe(0)
    } finally {
      await client.query('ROLLBACK')
      client.release()
    }
  })

  it('lists, through Payload (`geoloc=0`), the series and exceptions as the SQL lists them', async () => {
    const tag = `${marker}list`
    const plain = await single(`${tag} plain`)
    const series = Number(
      (await call('POST', '/api/events', issueWeeklySeries(`${tag} series`))).doc.id,
    )
    const cancelled = await single(`${tag} cancelled`, {
      startDate: '2027-03-03T10:00:00.000Z',
      endDate: '2027-03-03T11:00:00.000Z',
    })
    await call('PATCH', `/api/events/${cancelled}/occurrences/${cancelled}`, {
      status: 'cancelled',
    })
    const [, , third] = await occurrencesOf(series)
    await call('PATCH', `/api/events/${series}/occurrences/${third}`, {
      startDate: '2027-03-16T14:00:00Z',
      endDate: '2027-03-16T15:30:00Z',
    })
    const window = `search=${tag}&start_date=2027-03-01&end_date=2027-03-31`
    const bySql = await listedEvents(server, window)
    // Sent as the other path's example: `geoloc=0` (events without a venue or its coordinates), which Payload reads.
    const byPayload = await listedEvents(server, `${window}&geoloc=0`)
    const occurrences = await occurrencesOf(series)
    expect(bySql.ids).toEqual([occurrences[0], plain, ...occurrences.slice(1, 4)])
    expect(byPayload).toEqual(bySql)
    // A window that holds the series' later occurrences only, not its own dates.
    const later = `search=${tag}&start_date=2027-03-10&end_date=2027-03-31`
    expect(await listedEvents(server, `${later}&geoloc=0`)).toEqual(
      await listedEvents(server, later),
    )
    expect((await listedEvents(server, later)).ids).toEqual(occurrences.slice(2, 4))
  })
})
