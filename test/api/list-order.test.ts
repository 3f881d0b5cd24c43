import type { Payload } from 'payload'

import { sql } from '@payloadcms/db-postgres'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import { calendarSchemaSteps } from '../../src/db/calendarSchema'
import { basic, serveCompatApi } from '../helpers/http'
import { createUser, getTestPayload, type TestUser, unique } from '../helpers/payload'

type Row = {
  end_local: null | string
  id: number
  post_date: null | string
  start_local: null | string
}

/**
 * The events list's order and window as the original's (docs/compatibility.md, "Order of events"):
 * by the start as a wall time in each event's own zone, then the post date, then the id; the
 * window's dates compare with those wall times. The oracle's fixtures (test/oracle.test.ts) hold
 * the original's answers; these cases isolate each rule.
 */
describe('order and window of the events list', () => {
  let payload: Payload
  let api: Awaited<ReturnType<typeof serveCompatApi>>
  let editor: TestUser
  const marker = unique('order')
  const ids: Record<string, number> = {}
  const drizzle = () =>
    (
      payload.db as unknown as {
        drizzle: { execute: (query: unknown) => Promise<{ rows: Row[] }> }
      }
    ).drizzle

  const make = async (
    key: string,
    start: string,
    timezone: string,
    extra: Record<string, unknown> = {},
  ) => {
    const doc = await payload.create({
      collection: 'events',
      data: {
        title: `${key} ${marker}`,
        startDate: start,
        endDate: new Date(Date.parse(start) + 3_600_000).toISOString(),
        timezone,
        status: 'publish',
        ...extra,
      } as never,
    })
    ids[key] = doc.id as number
  }
  const list = async (query: string) => {
    const response = await fetch(
      `${api.url}/wp-json/vendor/events/v1/events?search=${marker}&per_page=50&${query}`,
      { headers: basic(editor.email, editor.password) },
    )
    expect(response.status).toBe(200)
    return ((await response.json()) as { events: { id: number }[] }).events.map((event) => event.id)
  }

  beforeAll(async () => {
    payload = await getTestPayload()
    api = await serveCompatApi(payload)
    editor = await createUser(payload, 'editor')
    // 10:00 in New York is 14:00 UTC; 10:00 in Paris is 08:00 UTC: same wall time, the instants apart.
    await make('newYork', '2031-07-01T14:00:00.000Z', 'America/New_York')
    await make('paris', '2031-07-01T08:00:00.000Z', 'Europe/Paris')
    // Made last but published long before: its post date comes first among the 10:00 ties.
    await make('publishedEarlier', '2031-07-01T10:00:00.000Z', 'UTC', {
      publishedAt: '2026-01-01T00:00:00.000Z',
    })
    // 09:00 in Paris (07:00 UTC): the earliest wall time.
    await make('parisNine', '2031-07-01T07:00:00.000Z', 'Europe/Paris')
    // 05:00 on 2 July at UTC+14 is 15:00 UTC on 1 July: on 2 July by its wall time.
    await make('kiritimati', '2031-07-01T15:00:00.000Z', 'Pacific/Kiritimati')
  })

  afterAll(async () => {
    await api?.close()
  })

  it('orders by the wall-time start, then the post date, then the id', async () => {
    expect(await list('start_date=2031-07-01&end_date=2031-07-01')).toEqual([
      ids.parisNine,
      ids.publishedEarlier,
      ids.newYork,
      ids.paris,
    ])
  })

  it("orders the admin panel's list and calendar the same way: its default sort, its date views' and `sort=startLocal`", async () => {
    const where = { title: { like: marker } }
    const ordered = [ids.parisNine, ids.publishedEarlier, ids.newYork, ids.paris, ids.kiritimati]
    const local = await payload.find({
      collection: 'events',
      depth: 0,
      limit: 50,
      overrideAccess: true,
      where,
    })
    expect(local.docs.map((doc) => doc.id)).toEqual(ordered)
    const past = await payload.find({
      collection: 'events',
      depth: 0,
      limit: 50,
      overrideAccess: true,
      sort: '-startLocal',
      where,
    })
    expect(past.docs.map((doc) => doc.id)).toEqual([...ordered].reverse())
    // Payload's REST API reads `?sort=startLocal` as a list of one field.
    const rest = await payload.find({
      collection: 'events',
      depth: 0,
      limit: 50,
      overrideAccess: true,
      sort: ['startLocal'],
      where,
    })
    expect(rest.docs.map((doc) => doc.id)).toEqual(ordered)
  })

  it("filters the window's dates against each event's wall times, not its instants", async () => {
    expect(await list('start_date=2031-07-02&end_date=2031-07-02')).toEqual([ids.kiritimati])
    // Strict: 13:30 UTC is 09:30 in the site's New York, and midnight UTC on 2 July is 20:00 on
    // 1 July there: the wall times the events' starts and ends compare with.
    expect(
      await list('starts_after=2031-07-01 13:30:00&strict_dates=true&end_date=2031-07-02'),
    ).toEqual([ids.publishedEarlier, ids.newYork, ids.paris])
  })

  it("keeps the stored order keys when an event moves, and the migration's step computes the same keys for events stored without them", async () => {
    await payload.update({
      collection: 'events',
      id: ids.paris!,
      data: { timezone: 'Asia/Tokyo' } as never,
    })
    const select = sql`SELECT "id", "start_local", "end_local", "post_date" FROM "events" WHERE "id" IN (${sql.join(
      Object.values(ids).map((id) => sql`${id}`),
      sql`, `,
    )}) ORDER BY "id"`
    const stored = (await drizzle().execute(select)).rows
    expect(stored.find((row) => row.id === ids.paris)?.start_local).toBe('2031-07-01 17:00:00')
    expect(
      new Date(stored.find((row) => row.id === ids.publishedEarlier)!.post_date!).toISOString(),
    ).toBe('2026-01-01T00:00:00.000Z')

    await drizzle().execute(
      sql`UPDATE "events" SET "start_local" = NULL, "end_local" = NULL, "post_date" = NULL WHERE "id" IN (${sql.join(
        Object.values(ids).map((id) => sql`${id}`),
        sql`, `,
      )})`,
    )
    await calendarSchemaSteps.listOrder.create(drizzle() as never)
    const backfilled = (await drizzle().execute(select)).rows
    expect(backfilled).toEqual(stored)
    expect(backfilled.every((row) => row.start_local && row.end_local && row.post_date)).toBe(true)
  })
})

/**
 * Venues and organizers newest first by post date to the whole second (docs/compatibility.md,
 * "Order of venues and organizers"); items of the same second by id descending, but ascending in an
 * editor's list of several statuses narrowed by `has_events` or `only_with_upcoming`.
 */
describe('order of the venues and organizers lists', () => {
  let payload: Payload
  let api: Awaited<ReturnType<typeof serveCompatApi>>
  let editor: TestUser
  const marker = unique('ties')
  const drizzle = () =>
    (
      payload.db as unknown as {
        drizzle: { execute: (query: unknown) => Promise<{ rows: Row[] }> }
      }
    ).drizzle
  const ids: number[] = []
  let newer: number

  const make = async (createdAt: string) => {
    const doc = await payload.create({
      collection: 'organizers',
      data: {
        name: `${marker} ${createdAt}`,
        status: 'publish',
        createdAt,
        publishedAt: createdAt,
      } as never,
    })
    return doc.id as number
  }
  const list = async (query: string, auth?: TestUser) => {
    const response = await fetch(
      `${api.url}/wp-json/vendor/events/v1/organizers?search=${marker}&per_page=50&${query}`,
      { headers: auth ? basic(auth.email, auth.password) : {} },
    )
    expect(response.status).toBe(200)
    return ((await response.json()) as { organizers: { id: number }[] }).organizers.map(
      (organizer) => organizer.id,
    )
  }

  beforeAll(async () => {
    payload = await getTestPayload()
    api = await serveCompatApi(payload)
    editor = await createUser(payload, 'editor')
    // Three in one second, the later-made ones earlier within it: the milliseconds do not count.
    for (const at of [
      '2026-03-01T10:00:00.900Z',
      '2026-03-01T10:00:00.500Z',
      '2026-03-01T10:00:00.100Z',
    ])
      ids.push(await make(at))
    newer = await make('2026-03-01T10:00:01.000Z')
  })

  afterAll(async () => {
    await api?.close()
  })

  // As the original answered (its venues 171-173, made in one second): an editor's plain or searched
  // list descending, the same list narrowed by has_events ascending.
  it("gives ties by id descending to a visitor, to one status and to an editor's list", async () => {
    expect(await list('')).toEqual([newer, ...[...ids].reverse()])
    expect(await list('status=publish', editor)).toEqual([newer, ...[...ids].reverse()])
    expect(await list('', editor)).toEqual([newer, ...[...ids].reverse()])
    expect(await list('has_events=0')).toEqual([newer, ...[...ids].reverse()])
  })

  it('gives ties by id ascending to an editor listing every status narrowed by has_events', async () => {
    expect(await list('has_events=0', editor)).toEqual([newer, ...ids])
  })

  it("keeps the post date to the second, and the migration's step computes it for items stored without it", async () => {
    const select = sql`SELECT "id", "post_date" FROM "organizers" WHERE "id" IN (${sql.join(
      ids.map((id) => sql`${id}`),
      sql`, `,
    )}) ORDER BY "id"`
    const stored = (await drizzle().execute(select)).rows
    expect(stored.map((row) => new Date(row.post_date!).toISOString())).toEqual(
      ids.map(() => '2026-03-01T10:00:00.000Z'),
    )
    await drizzle().execute(
      sql`UPDATE "organizers" SET "post_date" = NULL WHERE "id" IN (${sql.join(
        ids.map((id) => sql`${id}`),
        sql`, `,
      )})`,
    )
    await calendarSchemaSteps.listOrder.create(drizzle() as never)
    expect((await drizzle().execute(select)).rows).toEqual(stored)
  })
})
