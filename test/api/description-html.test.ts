import type { Payload } from 'payload'

import { sql } from '@payloadcms/db-postgres'

import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import { htmlToLexical } from '../../src/lib/richText'
import { as, createUser, getTestPayload, type TestUser, unique } from '../helpers/payload'
import { basic, serveCompatApi } from '../helpers/http'

/*
 * Descriptions kept as sent and rendered as the original renders them (docs/compatibility.md,
 * "Descriptions"): what each role may keep, what a visitor reads, and how an edit in the admin panel
 * (rich text) and the kept HTML stay in step.
 */
describe('descriptions and excerpts sent as HTML', () => {
  let payload: Payload
  let api: Awaited<ReturnType<typeof serveCompatApi>>
  let admin: TestUser
  let author: TestUser
  let contributor: TestUser
  const send = (method: string, path: string, body?: unknown, user: null | TestUser = admin) =>
    fetch(`${api.url}/wp-json/vendor/events/v1${path}`, {
      method,
      headers: {
        'content-type': 'application/json',
        ...(user ? basic(user.email, user.password) : {}),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    }).then(async (response) => ({ body: await response.json(), status: response.status }))
  const create = (body: Record<string, unknown>, user: TestUser = admin) =>
    send(
      'POST',
      '/events',
      {
        title: unique('Described'),
        start_date: '2027-04-01 10:00:00',
        end_date: '2027-04-01 11:00:00',
        ...body,
      },
      user,
    )

  beforeAll(async () => {
    payload = await getTestPayload()
    api = await serveCompatApi(payload)
    admin = await createUser(payload, 'administrator')
    author = await createUser(payload, 'author')
    contributor = await createUser(payload, 'contributor')
  })
  afterAll(() => api.close())

  it("reads back an editor's HTML as the original lays it out, to a visitor too", async () => {
    const description =
      '<div class="intro">Two  spaces<br>and a break</div>\n\nPlain line\nnext line'
    const created = await create({ description, excerpt: 'Short <b>bold</b>' })
    expect(created.status).toBe(201)
    const expected =
      '<div class="intro">Two  spaces<br />and a break</div>\n<p>Plain line<br />\nnext line</p>'
    expect(created.body.description).toBe(expected)
    const read = await send('GET', `/events/${created.body.id}`, undefined, null)
    expect(read.body).toMatchObject({ description: expected, excerpt: '<p>Short <b>bold</b></p>' })
    expect(read.body.json_ld.description).toBe(
      '&lt;p&gt;Short &lt;b&gt;bold&lt;/b&gt;&lt;/p&gt;\\n',
    )
  })

  it("shows nothing of a locked venue or organizer in any JSON-LD, its own or an event's, and all of it with the password", async () => {
    const secret = unique('SECRET').replace(/[^A-Za-z0-9]/g, '')
    const venue = await send('POST', '/venues', {
      venue: unique('Locked hall'),
      description: `<p>${secret} door code</p>`,
      address: `${secret} street`,
      city: 'Lyon',
      phone: `${secret}-phone`,
      website: `https://${secret}.example`,
    })
    const organizer = await send('POST', '/organizers', {
      organizer: unique('Locked host'),
      description: `<p>${secret} contact</p>`,
      email: `${secret}@example.org`,
      phone: `${secret}-tel`,
    })
    expect([venue.status, organizer.status]).toEqual([201, 201])
    for (const [collection, id] of [
      ['venues', venue.body.id],
      ['organizers', organizer.body.id],
    ] as const) {
      await payload.update({
        collection,
        id,
        data: { password: 'open-sesame' } as never,
        overrideAccess: true,
      })
    }
    const event = await create({
      status: 'publish',
      venue: venue.body.id,
      organizer: [organizer.body.id],
    })
    expect(event.status).toBe(201)
    for (const path of [
      `/venues/${venue.body.id}`,
      `/organizers/${organizer.body.id}`,
      `/events/${event.body.id}`,
    ]) {
      const read = await send('GET', path, undefined, null)
      expect(read.status, path).toBe(200)
      expect(JSON.stringify(read.body), path).not.toContain(secret)
    }
    const unlocked = await send(
      'GET',
      `/venues/${venue.body.id}?password=open-sesame`,
      undefined,
      null,
    )
    expect(unlocked.body.json_ld.description).toContain(secret)
    expect(unlocked.body.json_ld.address.streetAddress).toBe(`${secret} street`)
  })

  it("takes script out of an administrator's HTML, and keeps the rest as sent", async () => {
    const created = await create({
      description:
        '<p onclick="steal()">Hello</p><script>steal()</script><a href="javascript:steal()">link</a>',
      excerpt: '<img src=x onerror=steal()>Ex',
    })
    const read = await send('GET', `/events/${created.body.id}`, undefined, null)
    expect(read.body.description).toBe('<p>Hello</p>\n<p><a>link</a></p>')
    expect(read.body.excerpt).toBe('<p><img decoding="async" src="x">Ex</p>')
    expect(JSON.stringify(read.body)).not.toMatch(/steal/)
  })

  it.each([
    ['contributor', () => contributor],
    ['author', () => author],
  ])("keeps only a post's tags and attributes of a %s's HTML", async (_, user) => {
    const created = await create(
      {
        description:
          '<p class="x">Kept <b>bold</b></p><form action="/x"><input name="q"></form><iframe src="https://example.com/"></iframe><script>steal()</script><p onclick="steal()">Text</p>',
        excerpt: '<span onclick="steal()">Ex</span> <u>u</u>',
      },
      user(),
    )
    expect(created.status).toBe(201)
    const read = await send('GET', `/events/${created.body.id}`)
    // As the original's kses and content filters give it, asked of its own functions.
    expect(read.body.description).toBe(
      '<p class="x">Kept <b>bold</b></p>\n<p>steal()</p>\n<p>Text</p>',
    )
    expect(read.body.excerpt).toBe('<p><span>Ex</span> <u>u</u></p>')
  })

  it('keeps the HTML through an admin save that leaves the description as it was, and reads the rich text once it is changed', async () => {
    const created = await create({ description: '<div>Kept as <span>sent</span></div>' })
    const id = created.body.id as number
    const stored = await payload.findByID({ collection: 'events', id, depth: 0 })
    // What the admin panel sends: every field, the rich text as it loaded it.
    await payload.update({
      collection: 'events',
      id,
      data: { title: unique('Renamed'), description: stored.description },
      ...as(admin),
    })
    expect((await send('GET', `/events/${id}`)).body.description).toBe(
      '<div>Kept as <span>sent</span></div>',
    )

    const edited = await htmlToLexical('<p>Edited in the admin</p>', payload.config)
    await payload.update({
      collection: 'events',
      id,
      data: { description: edited as never },
      ...as(admin),
    })
    const read = await send('GET', `/events/${id}`)
    expect(read.body.description).toBe('<p>Edited in the admin</p>')
    expect(read.body.json_ld.description).toBe('&lt;p&gt;Edited in the admin&lt;/p&gt;\\n')
    const after = await payload.findByID({ collection: 'events', id, depth: 0 })
    expect(after).toMatchObject({ descriptionHtml: null, summaryText: null })
  })

  it('gives a description sent in another language to the default one as sent, and keeps each language its own', async () => {
    const response = await fetch(`${api.url}/fr/wp-json/vendor/events/v1/events`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...basic(admin.email, admin.password) },
      body: JSON.stringify({
        title: unique('Concert'),
        start_date: '2027-06-01 20:00',
        end_date: '2027-06-01 22:00',
        description: '<div>En <span>français</span></div>',
      }),
    })
    const created = await response.json()
    expect(created.description).toBe('<div>En <span>français</span></div>')
    expect((await send('GET', `/events/${created.id}`, undefined, null)).body.description).toBe(
      '<div>En <span>français</span></div>',
    )
    const updated = await send('POST', `/events/${created.id}?i18n_language=es`, {
      title: 'Concierto',
      description: '<div>En <b>español</b></div>',
    })
    expect(updated.body).toMatchObject({
      title: 'Concierto',
      description: '<div>En <b>español</b></div>',
    })
    expect(
      (await send('GET', `/events/${created.id}?i18n_language=es`, undefined, null)).body
        .description,
    ).toBe('<div>En <b>español</b></div>')
    expect((await send('GET', `/events/${created.id}`, undefined, null)).body.description).toBe(
      '<div>En <span>français</span></div>',
    )
  })

  it('makes an excerpt saved before excerpts were kept as HTML safe when it is read', async () => {
    const created = await create({ excerpt: 'Old' })
    // Written past the hooks, as an excerpt from before they made it safe is stored.
    const db = payload.db as unknown as {
      drizzle: { execute: (query: unknown) => Promise<unknown> }
    }
    await db.drizzle.execute(
      sql`UPDATE events_locales SET excerpt = ${'Old <img src=x onerror=steal()>'} WHERE _parent_id = ${created.body.id}`,
    )
    const read = await send('GET', `/events/${created.body.id}`, undefined, null)
    expect(read.body.excerpt).toBe('<p>Old <img decoding="async" src="x"></p>')
  })

  it("keeps each inline venue and organizer its own description, apart from the event's", async () => {
    const tag = unique('inline')
    const created = await create({
      description: '<div>Event</div>',
      venue: { venue: `Venue ${tag}`, description: '<div>Venue  room</div>' },
      organizer: [
        { organizer: `First ${tag}`, description: '<div>First</div>' },
        { organizer: `Second ${tag}` },
      ],
    })
    expect(created.status).toBe(201)
    expect(created.body.description).toBe('<div>Event</div>')
    const venue = await send('GET', `/venues/${created.body.venue.id}`, undefined, null)
    expect(venue.body.description).toBe('<div>Venue  room</div>')
    const organizers = await Promise.all(
      (created.body.organizer as { id: number }[]).map((item) =>
        send('GET', `/organizers/${item.id}`),
      ),
    )
    // An organizer without a description has none in its answer (empty values are left out).
    expect(organizers.map((item) => item.body.description ?? '').sort()).toEqual([
      '',
      '<div>First</div>',
    ])
  })

  it('refuses the kept HTML from Payload’s own API: the server sets it', async () => {
    const created = await create({ description: '<p>Server kept</p>' })
    const id = created.body.id as number
    await payload.update({
      collection: 'events',
      id,
      data: { descriptionHtml: '<script>steal()</script>' } as never,
      ...as(admin),
    })
    expect((await send('GET', `/events/${id}`, undefined, null)).body.description).toBe(
      '<p>Server kept</p>',
    )
  })
})
