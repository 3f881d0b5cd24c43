import type { Payload } from 'payload'

import pg from 'pg'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import { serveCompatApi, type TestServer } from '../helpers/http'
import { getTestPayload, unique } from '../helpers/payload'
import { poolOf } from '../../src/db/pool'

/*
 * Visitors' requests that arrive together share one check of the change log
 * (`endpoints/freshness.ts`, `src/calendar/cache/checkAfterArrival.ts`). A request that arrives
 * while a check is going must not take that check's answer: its snapshot may be older than a
 * write acknowledged before the request arrived. Here the server's check is held after Postgres
 * answered it, a write is committed by another connection (as another process would), and a
 * request sent after the write's commit must show it. The check each request asks is the log's
 * small lookup: what visitors can see of a change (`src/db/calendarSchema/hiddenChanges.ts`) is
 * asked only after a change of an event, venue or organizer.
 */

describe('a shared check of the change log', () => {
  let payload: Payload
  let api: TestServer
  let db: pg.Client
  let event: number
  let tag: string

  const get = async (path: string) => {
    const response = await fetch(`${api.url}/wp-json/vendor/events/v1${path}`)
    return (await response.json()) as { title: string }
  }

  beforeAll(async () => {
    payload = await getTestPayload()
    api = await serveCompatApi(payload)
    db = new pg.Client({ connectionString: process.env.DATABASE_URL })
    await db.connect()
    tag = unique('Shared check')
    event = (
      await payload.create({
        collection: 'events',
        data: {
          endDate: '2027-06-01T12:00:00.000Z',
          startDate: '2027-06-01T10:00:00.000Z',
          status: 'publish',
          title: `${tag} before`,
        } as never,
      })
    ).id as number
  })
  afterAll(async () => {
    await db.end()
    await api.close()
  })

  it('a write committed while a check is going is seen by a request sent after it', async () => {
    expect((await get(`/events/${event}`)).title).toBe(`${tag} before`)
    const pool = poolOf(payload)!
    const original = pool.query
    const query = (...args: unknown[]) =>
      (original as (...args: unknown[]) => Promise<unknown>).apply(pool, args)
    let answered!: () => void
    const checkAnswered = new Promise<void>((resolve) => (answered = resolve))
    let release!: () => void
    const released = new Promise<void>((resolve) => (release = resolve))
    let held = false
    pool.query = (async (...args: unknown[]) => {
      const name = (args[0] as { name?: string } | undefined)?.name ?? ''
      const result = await query(...args)
      if (!held && name.startsWith('calendar-epoch-check')) {
        // The first check after this point: Postgres has answered it (its snapshot is taken).
        held = true
        answered()
        await released
      }
      return result
    }) as never
    try {
      const early = get(`/events/${event}`)
      await checkAnswered
      await db.query('UPDATE events_locales SET title = $1 WHERE _parent_id = $2', [
        `${tag} after`,
        event,
      ])
      const late = get(`/events/${event}`)
      // Let the late request reach its check while the early one's is still held.
      await new Promise((resolve) => setTimeout(resolve, 300))
      release()
      // The early request's check may or may not have seen the write; the late one must.
      await early
      expect((await late).title).toBe(`${tag} after`)
    } finally {
      pool.query = original
      release()
    }
  })

  it('asks what visitors can see of a change only when an event, venue or organizer changed', async () => {
    expect((await get(`/events/${event}`)).title).toBe(`${tag} after`)
    const pool = poolOf(payload)!
    const original = pool.query
    // The change log's statements the server asks, by whether they read the traces of hidden items.
    const asked = { checks: 0, traces: 0 }
    pool.query = ((...args: unknown[]) => {
      const { name = '', text = '' } = (args[0] ?? {}) as { name?: string; text?: string }
      if (name.startsWith('calendar-epoch-check')) asked.checks++
      if (text.includes('calendar_change_traces')) asked.traces++
      return (original as (...args: unknown[]) => Promise<unknown>).apply(pool, args)
    }) as never
    try {
      // Nothing changed: each request's check is the change log's small lookup alone.
      for (let request = 0; request < 5; request++)
        expect((await get(`/events/${event}`)).title).toBe(`${tag} after`)
      expect(asked.checks).toBeGreaterThanOrEqual(5)
      expect(asked.traces).toBe(0)
      // A change of an event: the next check asks what visitors can see of it, once.
      await db.query('UPDATE events_locales SET title = $1 WHERE _parent_id = $2', [
        `${tag} again`,
        event,
      ])
      expect((await get(`/events/${event}`)).title).toBe(`${tag} again`)
      expect(asked.traces).toBe(1)
      expect((await get(`/events/${event}`)).title).toBe(`${tag} again`)
      expect(asked.traces).toBe(1)
    } finally {
      pool.query = original
    }
  })
})
