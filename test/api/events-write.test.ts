import type { Payload } from 'payload'

import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import { inTransaction } from '../../src/lib/transaction'
import { createUser, getTestPayload, type TestUser, unique } from '../helpers/payload'
import { basic, serveCompatApi } from '../helpers/http'
import { watchDriverStatements } from '../helpers/driverStatements'

describe('event writes: create, update, delete', () => {
  let payload: Payload
  let api: Awaited<ReturnType<typeof serveCompatApi>>
  let admin: TestUser
  let contributor: TestUser
  let subscriber: TestUser
  const send = (method: string, path: string, body?: unknown, user: null | TestUser = admin) =>
    fetch(`${api.url}/wp-json/vendor/events/v1${path}`, {
      method,
      headers: {
        'content-type': 'application/json',
        ...(user ? basic(user.email, user.password) : {}),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    })
  const create = async (body: Record<string, unknown>, user: null | TestUser = admin) => {
    const response = await send(
      'POST',
      '/events',
      { start_date: '2027-03-01 10:00:00', end_date: '2027-03-01 11:00:00', ...body },
      user,
    )
    return { body: await response.json(), status: response.status }
  }

  beforeAll(async () => {
    payload = await getTestPayload()
    api = await serveCompatApi(payload)
    admin = await createUser(payload, 'administrator')
    contributor = await createUser(payload, 'contributor')
    subscriber = await createUser(payload, 'subscriber')
  })
  afterAll(() => api.close())

  it('creates a minimal event: 201, published, in the site timezone, without venue or organizers', async () => {
    const title = unique('Minimal event')
    const { body, status } = await create({ title })
    expect(status).toBe(201)
    expect(body).toMatchObject({
      title,
      status: 'publish',
      author: String(admin.id),
      start_date: '2027-03-01 10:00:00',
      end_date: '2027-03-01 11:00:00',
      utc_start_date: '2027-03-01 15:00:00',
      timezone: 'America/New_York',
      all_day: false,
      venue: [],
      organizer: [],
      categories: [],
      description: '',
    })
    expect(body.slug).toBe(title.toLowerCase().replace(/ /g, '-'))
    expect(body.website).toBe(`http://localhost:3000/event/${body.slug}/`)
    expect(body).not.toHaveProperty('json_ld')
  })

  it('creates a full event whose HTML, cost, flags and custom slug come back as sent', async () => {
    const slug = unique('full-event-custom-slug')
    const { body, status } = await create({
      title: 'Full event',
      description: '<p>Long <strong>description</strong></p>',
      excerpt: 'Short excerpt',
      cost: '10 - 20',
      website: 'https://event.example/full',
      featured: true,
      sticky: true,
      show_map: true,
      show_map_link: true,
      hide_from_listings: false,
      slug,
      timezone: 'Europe/Paris',
    })
    expect(status).toBe(201)
    expect(body).toMatchObject({
      slug,
      description: '<p>Long <strong>description</strong></p>',
      excerpt: '<p>Short excerpt</p>',
      cost: '$10 – $20',
      cost_details: { values: ['10', '20'] },
      website: 'https://event.example/full',
      featured: true,
      sticky: true,
      show_map: true,
      show_map_link: true,
      timezone: 'Europe/Paris',
      timezone_abbr: 'CET',
      start_date: '2027-03-01 10:00:00',
      utc_start_date: '2027-03-01 09:00:00',
    })
  })

  it('makes all-day events whole days', async () => {
    const { body } = await create({
      title: unique('All day'),
      start_date: '2027-03-05',
      end_date: '2027-03-06',
      all_day: true,
    })
    expect(body).toMatchObject({
      all_day: true,
      start_date: '2027-03-05 00:00:00',
      end_date: '2027-03-06 23:59:59',
    })
  })

  it('clamps an end before the start to the start', async () => {
    const { body, status } = await create({
      title: unique('Backwards'),
      start_date: '2027-04-02 10:00:00',
      end_date: '2027-04-01 11:00:00',
    })
    expect(status).toBe(201)
    expect(body.end_date).toBe('2027-04-02 10:00:00')
  })

  it('accepts strtotime phrases, read in the event timezone', async () => {
    const { body } = await create({
      title: unique('Phrase'),
      start_date: 'tomorrow 9am',
      end_date: 'tomorrow 11am',
    })
    // The API clock is 2026-11-21 00:37Z, which is 2026-11-20 in New York.
    expect(body.start_date).toBe('2026-11-21 09:00:00')
  })

  it('creates an inline venue once and reuses it for the same name in any case', async () => {
    const name = unique('Pop-up Gallery')
    const first = await create({
      title: unique('Inline venue'),
      venue: {
        venue: name,
        address: '5 Art Lane',
        city: 'Boston',
        country: 'United States',
        state: 'MA',
        zip: '02110',
      },
    })
    expect(first.status).toBe(201)
    expect(first.body.venue).toMatchObject({
      venue: name,
      city: 'Boston',
      stateprovince: 'MA',
      status: 'publish',
    })
    const second = await create({
      title: unique('Inline venue again'),
      venue: { venue: name.toUpperCase() },
    })
    expect(second.body.venue.id).toBe(first.body.venue.id)
  })

  it('links and creates organizers given inline, by id or as CSV', async () => {
    const existing = await payload.create({
      collection: 'organizers',
      data: { name: unique('Existing org'), status: 'publish' },
    })
    const inline = unique('Inline Organizer')
    const { body } = await create({
      title: unique('Orgs'),
      organizer: [{ organizer: inline, email: 'inline@example.com' }, existing.id],
    })
    expect(body.organizer.map((organizer: { organizer: string }) => organizer.organizer)).toEqual([
      inline,
      existing.name,
    ])
    const csv = await create({ title: unique('Orgs csv'), organizer: `${existing.id}` })
    expect(csv.body.organizer.map((organizer: { id: number }) => organizer.id)).toEqual([
      existing.id,
    ])
  })

  it('finds terms by id, slug or name without case and creates only unknown names (docs/compatibility.md, "Terms by id, slug or name")', async () => {
    const music = await payload.create({
      collection: 'event-categories',
      data: { name: unique('Music') },
    })
    const free = await payload.create({ collection: 'event-tags', data: { name: unique('free') } })
    const brandNew = unique('Brand New Category')
    const { body } = await create({
      title: unique('Terms'),
      categories: [String(music.name).toUpperCase(), brandNew],
      tags: [free.slug, String(free.id), 999999],
    })
    const categoryNames = body.categories.map((term: { name: string }) => term.name)
    expect(categoryNames).toEqual([brandNew, music.name].sort((a, b) => a.localeCompare(b)))
    expect(body.tags.map((term: { id: number }) => term.id)).toEqual([free.id])
    expect(
      (
        await payload.count({
          collection: 'event-tags',
          where: { name: { equals: String(free.id) } },
        })
      ).totalDocs,
    ).toBe(0)
  })

  it('updates only what is sent, and clears a venue with []', async () => {
    const venue = await payload.create({
      collection: 'venues',
      data: { name: unique('Hall'), status: 'publish' },
    })
    const { body: created } = await create({
      title: unique('To update'),
      cost: '15',
      featured: true,
      website: 'https://x.example',
      venue: venue.id,
    })
    const response = await send('POST', `/events/${created.id}`, {
      title: 'Updated',
      start_date: '2027-03-08 10:00:00',
      end_date: '2027-03-08 18:00:00',
    })
    expect(response.status).toBe(200)
    const updated = await response.json()
    expect(updated).toMatchObject({
      title: 'Updated',
      cost: '$15',
      featured: true,
      website: 'https://x.example',
      start_date: '2027-03-08 10:00:00',
    })
    expect(updated.venue.id).toBe(venue.id)

    const cleared = await (
      await send('PUT', `/events/${created.id}`, { venue: [], featured: false })
    ).json()
    expect(cleared.venue).toEqual([])
    expect(cleared.featured).toBe(false)
    expect(cleared.title).toBe('Updated')
    const patched = await (await send('PATCH', `/events/${created.id}`, { categories: '' })).json()
    expect(patched.categories).toEqual([])
  })

  it('reads an update’s target with the event’s lock, in its transaction, and answers an id that is no event as before', async () => {
    const { body: created } = await create({ title: unique('Locked target') })
    const seen: string[] = []
    const stop = watchDriverStatements((text) => seen.push(text))
    let response: Response
    try {
      response = await send('POST', `/events/${created.id}`, { title: 'Locked target, renamed' })
    } finally {
      stop()
    }
    expect(response.status).toBe(200)
    expect((await response.json()).title).toBe('Locked target, renamed')
    // The target is read once, in the transaction's first message, which takes the event's lock.
    const reads = seen.filter((text) => text.includes('occurrence_event_id'))
    expect(reads).toHaveLength(1)
    expect(reads[0]).toMatch(/^begin;\s*SELECT pg_try_advisory_xact_lock/)

    const venue = await payload.create({
      collection: 'venues',
      data: { name: unique('Not an event'), status: 'publish' },
    })
    const asVenue = await send('POST', `/events/${venue.id}`, { title: 'No' })
    expect(asVenue.status).toBe(400)
    expect((await asVenue.json()).code).toBe('rest-invalid-event-id')
    const missing = await send('POST', '/events/2000000000', { title: 'No' })
    expect(missing.status).toBe(404)
    expect(await missing.json()).toMatchObject({
      code: 'rest-event-not-found',
      message: 'Event with ID 2000000000 does not exist.',
    })
  })

  it('honours _method and X-HTTP-Method-Override on POST', async () => {
    const { body: created } = await create({ title: unique('Override') })
    const viaQuery = await send('POST', `/events/${created.id}?_method=DELETE`)
    expect((await viaQuery.json()).status).toBe('trash')
    const { body: other } = await create({ title: unique('Override header') })
    const viaHeader = await fetch(`${api.url}/wp-json/vendor/events/v1/events/${other.id}`, {
      method: 'POST',
      headers: { ...basic(admin.email, admin.password), 'X-HTTP-Method-Override': 'DELETE' },
    })
    expect((await viaHeader.json()).status).toBe('trash')
  })

  it('updates by slug, and renames with a slug in the body', async () => {
    const { body: created } = await create({ title: unique('By slug') })
    const renamed = unique('renamed')
    const response = await send('POST', `/events/by-slug/${created.slug}`, {
      title: 'Via slug',
      slug: renamed,
    })
    expect(response.status).toBe(200)
    expect(await response.json()).toMatchObject({
      id: created.id,
      title: 'Via slug',
      slug: renamed,
    })
    const missing = await send('POST', '/events/by-slug/no-such-event-here', { title: 'x' })
    expect(missing.status).toBe(404)
    expect((await missing.json()).code).toBe('rest-event-not-found')
  })

  // Issue 28, item 16: WordPress keeps letters of any script in a slug, percent-encoded.
  it('keeps letters of other scripts in slugs, percent-encoded as WordPress stores them, and finds items by them however the URL spells them', async () => {
    const { body: created, status } = await create({
      title: unique('東京の夜'),
      categories: [unique('Фестивали')],
    })
    expect(status).toBe(201)
    expect(created.slug).toMatch(/^%e6%9d%b1%e4%ba%ac%e3%81%ae%e5%a4%9c-[a-z0-9-]+$/)
    const category = created.categories[0]
    expect(category.slug).toMatch(
      /^%d1%84%d0%b5%d1%81%d1%82%d0%b8%d0%b2%d0%b0%d0%bb%d0%b8-[a-z0-9-]+$/,
    )
    // As stored, and as a browser encodes the decoded slug (upper-case octets).
    for (const spelling of [created.slug, encodeURIComponent(decodeURIComponent(created.slug))]) {
      const found = await send('GET', `/events/by-slug/${spelling}`, undefined, null)
      expect(found.status, spelling).toBe(200)
      expect((await found.json()).id).toBe(created.id)
    }
    const filtered = await (
      await send('GET', `/events?categories=${category.slug}`, undefined, null)
    ).json()
    expect(filtered.events.map((event: { id: number }) => event.id)).toEqual([created.id])
  })

  it('trashes on delete, answers 410 the second time, and 403 to reads of a trashed event', async () => {
    const { body: created } = await create({ title: unique('Delete me') })
    const first = await send('DELETE', `/events/${created.id}`)
    expect(first.status).toBe(200)
    expect(await first.json()).toMatchObject({
      id: created.id,
      status: 'trash',
      slug: `${created.slug}__trashed`,
    })
    const second = await send('DELETE', `/events/${created.id}`)
    expect(second.status).toBe(410)
    expect(await second.json()).toEqual({
      code: 'event-is-in-trash',
      message: 'The event is already trashed',
      data: { status: 410 },
    })
    expect((await (await send('GET', `/events/${created.id}`, undefined, null)).json()).code).toBe(
      'event-no-longer-available',
    )
  })

  it('scales a contributor’s publish to pending and keeps them from others’ events', async () => {
    const { body, status } = await create(
      { title: unique('Contribution'), status: 'publish' },
      contributor,
    )
    expect(status).toBe(201)
    expect(body.status).toBe('pending')
    const { body: adminEvent } = await create({ title: unique('Admin event') })
    const refused = await send('POST', `/events/${adminEvent.id}`, { title: 'hijack' }, contributor)
    expect(refused.status).toBe(403)
    expect((await refused.json()).code).toBe('rest_forbidden')
    expect((await payload.findByID({ collection: 'events', id: adminEvent.id })).title).toBe(
      adminEvent.title,
    )
  })

  it.each([
    [
      'no title',
      { start_date: '2027-04-01 10:00:00', end_date: '2027-04-01 11:00:00' },
      'rest_missing_callback_param',
      'Missing parameter(s): title',
    ],
    [
      'an unparseable date',
      { title: 'Bad date', start_date: 'yesterday-ish', end_date: '2027-04-01 11:00:00' },
      'rest_invalid_param',
      'Invalid parameter(s): start_date',
    ],
    [
      'an unknown venue id',
      {
        title: 'Bad venue',
        start_date: '2027-04-01 10:00:00',
        end_date: '2027-04-01 11:00:00',
        venue: 999999,
      },
      'rest_invalid_param',
      'Invalid parameter(s): venue',
    ],
    [
      'a bad timezone',
      {
        title: 'Bad tz',
        start_date: '2027-04-01 10:00:00',
        end_date: '2027-04-01 11:00:00',
        timezone: 'Mars/Olympus',
      },
      'rest_invalid_param',
      'Invalid parameter(s): timezone',
    ],
    [
      'a website that is not a URL',
      {
        title: 'Bad url',
        start_date: '2027-04-01 10:00:00',
        end_date: '2027-04-01 11:00:00',
        website: 'foo',
      },
      'rest_invalid_param',
      'Invalid parameter(s): website',
    ],
  ])('refuses %s with 400 and writes nothing', async (_label, body, code, message) => {
    const before = (await payload.count({ collection: 'events' })).totalDocs
    const response = await send('POST', '/events', body)
    expect(response.status).toBe(400)
    expect(await response.json()).toMatchObject({ code, message })
    expect((await payload.count({ collection: 'events' })).totalDocs).toBe(before)
  })

  it('answers writes without the right to them with 401 or 403, after validation', async () => {
    const anonymous = await send(
      'POST',
      '/events',
      { title: 'x', start_date: '2027-04-01', end_date: '2027-04-01' },
      null,
    )
    expect(anonymous.status).toBe(401)
    expect(await anonymous.json()).toEqual({
      code: 'rest_forbidden',
      message: 'Sorry, you are not allowed to do that.',
      data: { status: 401 },
    })
    expect(
      (
        await send(
          'POST',
          '/events',
          { title: 'x', start_date: '2027-04-01', end_date: '2027-04-01' },
          subscriber,
        )
      ).status,
    ).toBe(403)
    expect(
      (await send('POST', '/events', { start_date: '2027-04-01', end_date: '2027-04-01' }, null))
        .status,
    ).toBe(400)
    expect((await send('DELETE', '/events/999999', undefined, null)).status).toBe(401)
    expect((await send('DELETE', '/events/999999')).status).toBe(404)
    expect((await send('POST', '/events/999999', { title: 'x' })).status).toBe(404)
  })

  it('writes an inline venue and its event together or not at all', async () => {
    const name = unique('Atomic venue')
    const req = { payload, context: {}, user: null } as never
    await expect(
      inTransaction(req, async () => {
        await payload.create({ collection: 'venues', data: { name, status: 'publish' }, req })
        throw new Error('the event failed')
      }),
    ).rejects.toThrow('the event failed')
    expect(
      (await payload.count({ collection: 'venues', where: { name: { equals: name } } })).totalDocs,
    ).toBe(0)
  })

  it('writes in the root’s language: a French create fills English too, a Spanish update adds Spanish', async () => {
    const title = unique('Concert en plein air')
    const response = await fetch(`${api.url}/fr/wp-json/vendor/events/v1/events`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...basic(admin.email, admin.password) },
      body: JSON.stringify({ title, start_date: '2027-06-01 20:00', end_date: '2027-06-01 22:00' }),
    })
    const created = await response.json()
    expect(created.title).toBe(title)
    await send('POST', `/events/${created.id}?i18n_language=es`, {
      title: 'Concierto al aire libre',
    })
    const es = await (
      await send('GET', `/events/${created.id}?i18n_language=es`, undefined, null)
    ).json()
    const en = await (await send('GET', `/events/${created.id}`, undefined, null)).json()
    expect(es.title).toBe('Concierto al aire libre')
    expect(en.title).toBe(title)
  })
})
