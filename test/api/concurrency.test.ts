import type { Payload } from 'payload'

import type { Burst } from '../helpers/updateBurst'

import pg from 'pg'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import { burstOfUpdates, signIn } from '../helpers/updateBurst'
import { createUser, getTestPayload, type TestUser, unique } from '../helpers/payload'
import { basic, serveAllApis } from '../helpers/http'

describe('concurrent writes', () => {
  let payload: Payload
  let api: Awaited<ReturnType<typeof serveAllApis>>
  let admin: TestUser
  const post = (path: string, body: unknown) =>
    fetch(`${api.url}/wp-json/vendor/events/v1${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...basic(admin.email, admin.password) },
      body: JSON.stringify(body),
    })

  beforeAll(async () => {
    payload = await getTestPayload()
    api = await serveAllApis(payload, ['loopback'])
    admin = await createUser(payload, 'administrator')
  })
  afterAll(() => api.close())

  it('gives 50 parallel creates with the same title 50 distinct slugs', async () => {
    const title = unique('Same title')
    const responses = await Promise.all(
      Array.from({ length: 50 }, () =>
        post('/events', { title, start_date: '2027-07-01 10:00', end_date: '2027-07-01 11:00' }),
      ),
    )
    const bodies = await Promise.all(responses.map((response) => response.json()))
    expect(responses.map((response) => response.status)).toEqual(Array(50).fill(201))
    const slugs = new Set(bodies.map((body: { slug: string }) => body.slug))
    expect(slugs.size).toBe(50)
    expect(slugs.has(title.toLowerCase().replace(/ /g, '-'))).toBe(true)
  }, 120_000)

  it('loses no field when one event is updated in parallel, each request sending a different field', async () => {
    const created = await (
      await post('/events', {
        title: unique('Parallel'),
        start_date: '2027-07-02 10:00',
        end_date: '2027-07-02 11:00',
      })
    ).json()
    const changes = [
      { cost: '25' },
      { featured: true },
      { sticky: true },
      { website: 'https://parallel.example' },
      { excerpt: 'Parallel excerpt' },
      { show_map: true },
    ]
    const responses = await Promise.all(
      changes.map((change) => post(`/events/${created.id}`, change)),
    )
    expect(responses.map((response) => response.status)).toEqual(Array(changes.length).fill(200))
    const final = await (
      await fetch(`${api.url}/wp-json/vendor/events/v1/events/${created.id}`)
    ).json()
    expect(final).toMatchObject({
      cost: '$25',
      featured: true,
      sticky: true,
      website: 'https://parallel.example',
      excerpt: '<p>Parallel excerpt</p>',
      show_map: true,
    })
  }, 60_000)

  it('creates an inline venue once when two events name it at the same moment', async () => {
    const venue = unique('Shared stage')
    const responses = await Promise.all(
      [1, 2].map((n) =>
        post('/events', {
          title: unique(`Event ${n}`),
          start_date: '2027-07-03 10:00',
          end_date: '2027-07-03 11:00',
          venue: { venue },
        }),
      ),
    )
    const bodies = await Promise.all(responses.map((response) => response.json()))
    expect(bodies[0].venue.id).toBe(bodies[1].venue.id)
    expect(
      (await payload.count({ collection: 'venues', where: { name: { equals: venue } } })).totalDocs,
    ).toBe(1)
  }, 60_000)

  /**
   * What a burst must never do: hang, answer 500, keep others waiting, or lose a write it
   * acknowledged. A write may be refused as busy (503), or as one too many of its client's at
   * once (429, `src/server/fairShare.ts`), in its API's error shape.
   */
  function expectCleanBurst(burst: Burst) {
    expect(
      burst.answers.filter((answer) => ![200, 429, 503].includes(answer.status as number)),
    ).toEqual([])
    for (const refused of burst.answers.filter((answer) => answer.status === 503)) {
      if (refused.api === 'compat')
        expect(refused.body).toMatchObject({ code: 'rest_item_busy', data: { status: 503 } })
      else
        expect(refused.body).toMatchObject({
          errors: [{ message: expect.stringContaining('try again') }],
        })
    }
    for (const refused of burst.answers.filter((answer) => answer.status === 429)) {
      if (refused.api === 'compat')
        expect(refused.body).toMatchObject({
          code: 'rest_too_many_requests',
          data: { status: 429 },
        })
      else
        expect(refused.body).toMatchObject({
          errors: [{ message: expect.stringContaining('Too many requests') }],
        })
    }
    expect(burst.answers.filter((answer) => answer.status === 200).length).toBeGreaterThan(0)
    expect(burst.slowestOtherRead).toBeLessThan(5_000)
    expect(burst.lostWrites).toEqual([])
  }

  it('answers 100 parallel updates of one event through both APIs, keeps every acknowledged one, and serves others meanwhile', async () => {
    const created = await (
      await post('/events', {
        title: unique('Burst'),
        start_date: '2027-07-04 10:00',
        end_date: '2027-07-04 11:00',
      })
    ).json()
    const other = await (
      await post('/events', {
        title: unique('Bystander'),
        start_date: '2027-07-04 10:00',
        end_date: '2027-07-04 11:00',
      })
    ).json()
    const burst = await burstOfUpdates({
      api,
      eventId: created.id,
      otherEventId: other.id,
      payload,
      token: await signIn(api, admin),
      user: admin,
    })
    expectCleanBurst(burst)
  }, 60_000)

  it('does the same for a contributor updating their own draft', async () => {
    const contributor = await createUser(payload, 'contributor')
    const asContributor = (body: unknown) =>
      fetch(`${api.url}/wp-json/vendor/events/v1/events`, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          ...basic(contributor.email, contributor.password),
        },
        body: JSON.stringify(body),
      })
    const created = await (
      await asContributor({
        title: unique('Draft burst'),
        start_date: '2027-07-05 10:00',
        end_date: '2027-07-05 11:00',
      })
    ).json()
    expect(created.status).toBe('draft')
    const other = await (
      await post('/events', {
        title: unique('Bystander'),
        start_date: '2027-07-05 10:00',
        end_date: '2027-07-05 11:00',
      })
    ).json()
    const burst = await burstOfUpdates({
      api,
      eventId: created.id,
      otherEventId: other.id,
      payload,
      token: await signIn(api, contributor),
      user: contributor,
    })
    expectCleanBurst(burst)
  }, 60_000)

  it("answers a write that waited too long for its turn with a 503 in each API's shape, within the bounded wait", async () => {
    const created = await (
      await post('/events', {
        title: unique('Held'),
        start_date: '2027-07-06 10:00',
        end_date: '2027-07-06 11:00',
      })
    ).json()
    // Another server's write holding the event's lock, and not letting go.
    const holder = new pg.Client({ connectionString: process.env.DATABASE_URL })
    await holder.connect()
    try {
      await holder.query('BEGIN')
      await holder.query('SELECT pg_advisory_xact_lock(hashtext($1))', [
        `update:events:${created.id}`,
      ])
      const started = Date.now()
      const signal = AbortSignal.timeout(20_000)
      const [compat, rest, graphql] = await Promise.all([
        post(`/events/${created.id}`, { cost: '42' }),
        fetch(`${api.url}/api/events/${created.id}`, {
          method: 'PATCH',
          headers: { 'content-type': 'application/json', ...basic(admin.email, admin.password) },
          body: JSON.stringify({ cost: '43' }),
          signal,
        }),
        fetch(`${api.url}/api/graphql`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', ...basic(admin.email, admin.password) },
          body: JSON.stringify({
            query: `mutation { updateEvent(id: ${created.id}, data: { cost: "44" }) { id } }`,
          }),
          signal,
        }),
      ])
      expect(Date.now() - started).toBeLessThan(10_000)
      expect(compat.status).toBe(503)
      expect(await compat.json()).toMatchObject({
        code: 'rest_item_busy',
        data: { status: 503 },
        message: expect.stringContaining('try again'),
      })
      expect(rest.status).toBe(503)
      expect(await rest.json()).toMatchObject({
        errors: [{ message: expect.stringContaining('try again') }],
      })
      expect(await graphql.json()).toMatchObject({
        errors: [{ message: expect.stringContaining('try again') }],
      })
    } finally {
      await holder.query('ROLLBACK')
      await holder.end()
    }
    // Nothing refused landed.
    expect((await payload.findByID({ collection: 'events', id: created.id })).cost ?? null).toBe(
      null,
    )
  }, 60_000)

  it('still refuses a REST update of an event another user has open in the admin panel, but only to those who may update it', async () => {
    const editor = await createUser(payload, 'editor')
    const contributor = await createUser(payload, 'contributor')
    const created = await (
      await post('/events', {
        title: unique('Open elsewhere'),
        start_date: '2027-07-07 10:00',
        end_date: '2027-07-07 11:00',
      })
    ).json()
    await payload.create({
      collection: 'payload-locked-documents',
      data: {
        document: { relationTo: 'events', value: created.id },
        user: { relationTo: 'users', value: editor.id },
      } as never,
    })
    const patch = (user: typeof admin) =>
      fetch(`${api.url}/api/events/${created.id}`, {
        method: 'PATCH',
        headers: { 'content-type': 'application/json', ...basic(user.email, user.password) },
        body: JSON.stringify({ cost: '7' }),
      })
    expect((await patch(admin)).status).toBe(423)
    expect((await patch(contributor)).status).toBe(403)
    expect((await patch(editor)).status).toBe(200)
  }, 60_000)

  it("releases the admin panel's edit lock of the event an update writes, and only its own, whether or not it was open", async () => {
    const editor = await createUser(payload, 'editor')
    const event = async (title: string) =>
      (
        await (
          await post('/events', {
            title: unique(title),
            start_date: '2027-07-08 10:00',
            end_date: '2027-07-08 11:00',
          })
        ).json()
      ).id as number
    const [open, other, closed] = [await event('Open'), await event('Other'), await event('Closed')]
    const openIn = (id: number) =>
      payload.create({
        collection: 'payload-locked-documents',
        data: {
          document: { relationTo: 'events', value: id },
          user: { relationTo: 'users', value: editor.id },
        } as never,
      })
    await openIn(open)
    await openIn(other)
    const locks = async () =>
      (
        await payload.find({
          collection: 'payload-locked-documents',
          depth: 0,
          limit: 0,
          pagination: false,
        })
      ).docs
        .map((lock) => (lock as unknown as { document?: { value?: number } }).document?.value)
        .filter((id): id is number => id !== undefined && [open, other, closed].includes(id))
    expect((await locks()).sort()).toEqual([open, other].sort())
    // Through the compatibility API (Payload's local update), which releases the lock as Payload's own update does.
    expect((await post(`/events/${open}`, { title: unique('Renamed open') })).status).toBe(200)
    expect((await post(`/events/${closed}`, { title: unique('Renamed closed') })).status).toBe(200)
    expect(await locks()).toEqual([other])
    // Opened again after a write that found it closed: the next write releases it.
    await openIn(closed)
    expect((await post(`/events/${closed}`, { cost: '3' })).status).toBe(200)
    expect(await locks()).toEqual([other])
  }, 60_000)
})
