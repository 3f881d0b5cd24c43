import type { Payload } from 'payload'

import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import { createUser, getTestPayload, type TestUser, unique } from './helpers/payload'
import { basic, serveCompatApi } from './helpers/http'

describe('concurrent writes', () => {
  let payload: Payload
  let api: Awaited<ReturnType<typeof serveCompatApi>>
  let admin: TestUser
  const post = (path: string, body: unknown) =>
    fetch(`${api.url}/wp-json/vendor/events/v1${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...basic(admin.email, admin.password) },
      body: JSON.stringify(body),
    })

  beforeAll(async () => {
    payload = await getTestPayload()
    api = await serveCompatApi(payload)
    admin = await createUser(payload, 'administrator')
  })
  afterAll(() => api.close())

  it('gives 50 parallel creates with the same title 50 distinct slugs', async () => {
    const title = unique('Same title')
    const responses = await Promise.all(
      Array.from({ length: 50 }, () => post('/events', { title, start_date: '2027-07-01 10:00', end_date: '2027-07-01 11:00' })),
    )
    const bodies = await Promise.all(responses.map((response) => response.json()))
    expect(responses.map((response) => response.status)).toEqual(Array(50).fill(201))
    const slugs = new Set(bodies.map((body: { slug: string }) => body.slug))
    expect(slugs.size).toBe(50)
    expect(slugs.has(title.toLowerCase().replace(/ /g, '-'))).toBe(true)
  }, 120_000)

  it('loses no field when one event is updated in parallel, each request sending a different field', async () => {
    const created = await (await post('/events', { title: unique('Parallel'), start_date: '2027-07-02 10:00', end_date: '2027-07-02 11:00' })).json()
    const changes = [{ cost: '25' }, { featured: true }, { sticky: true }, { website: 'https://parallel.example' }, { excerpt: 'Parallel excerpt' }, { show_map: true }]
    const responses = await Promise.all(changes.map((change) => post(`/events/${created.id}`, change)))
    expect(responses.map((response) => response.status)).toEqual(Array(changes.length).fill(200))
    const final = await (await fetch(`${api.url}/wp-json/vendor/events/v1/events/${created.id}`)).json()
    expect(final).toMatchObject({ cost: '$25', featured: true, sticky: true, website: 'https://parallel.example', excerpt: '<p>Parallel excerpt</p>', show_map: true })
  }, 60_000)

  it('creates an inline venue once when two events name it at the same moment', async () => {
    const venue = unique('Shared stage')
    const responses = await Promise.all(
      [1, 2].map((n) => post('/events', { title: unique(`Event ${n}`), start_date: '2027-07-03 10:00', end_date: '2027-07-03 11:00', venue: { venue } })),
    )
    const bodies = await Promise.all(responses.map((response) => response.json()))
    expect(bodies[0].venue.id).toBe(bodies[1].venue.id)
    expect((await payload.count({ collection: 'venues', where: { name: { equals: venue } } })).totalDocs).toBe(1)
  }, 60_000)
})
