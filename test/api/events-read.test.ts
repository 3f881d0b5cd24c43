import type { Payload } from 'payload'

import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import { readFixture } from '../helpers/fixtures'
import { createUser, getTestPayload, type TestUser, unique } from '../helpers/payload'
import { basic, serveCompatApi } from '../helpers/http'

const reference = readFixture<{
  response: { body: Record<string, unknown> & { categories: object[]; venue: object } }
}>('040-event-get-by-id.json')

/** New York wall time → ISO instant (November and December are EST, UTC-5). */
const ny = (wall: string) => new Date(`${wall.replace(' ', 'T')}-05:00`).toISOString()

describe('GET /events and single events (read side of the events API)', () => {
  let payload: Payload
  let api: Awaited<ReturnType<typeof serveCompatApi>>
  let editor: TestUser
  let subscriber: TestUser
  const ids: Record<string, number> = {}
  let tag = ''
  let category = ''
  let venueId = 0
  let organizerId = 0
  const get = (path: string, headers: Record<string, string> = {}) =>
    fetch(`${api.url}/wp-json/vendor/events/v1${path}`, { headers })
  const asEditor = () => basic(editor.email, editor.password)

  beforeAll(async () => {
    payload = await getTestPayload()
    api = await serveCompatApi(payload)
    editor = await createUser(payload, 'editor')
    subscriber = await createUser(payload, 'subscriber')
    tag = unique('tag')
    category = unique('cat')
    const cat = await payload.create({
      collection: 'event-categories',
      data: { name: category, description: 'Music events' },
    })
    const tg = await payload.create({ collection: 'event-tags', data: { name: tag } })
    const venue = await payload.create({
      collection: 'venues',
      data: {
        name: unique('Riverside Park'),
        address: 'Riverside Dr',
        city: 'New York',
        country: 'United States',
        state: 'NY',
        zip: '10024',
        status: 'publish',
        author: editor.id,
      } as never,
    })
    const draftVenue = await payload.create({
      collection: 'venues',
      data: { name: unique('Secret'), status: 'draft' },
    })
    const organizer = await payload.create({
      collection: 'organizers',
      data: { name: unique('Org'), email: 'org@example.com', status: 'publish' },
    })
    venueId = venue.id as number
    organizerId = organizer.id as number
    const marker = unique('marker')
    const make = async (key: string, start: string, extra: Record<string, unknown> = {}) => {
      const startIso = ny(start)
      const doc = await payload.create({
        collection: 'events',
        data: {
          title: `${key} ${marker}`,
          excerpt: marker,
          startDate: startIso,
          endDate: new Date(Date.parse(startIso) + 7_200_000).toISOString(),
          status: 'publish',
          ...extra,
        } as never,
      })
      ids[key] = doc.id as number
    }
    // The suite shares one database with other files: every event here carries the marker, and
    // the list tests filter on it with `search`.
    await make('yesterday', '2026-11-20 18:00:00')
    await make('full', '2026-12-02 18:00:00', {
      categories: [cat.id],
      tags: [tg.id],
      venue: venue.id,
      organizers: [organizer.id],
      featured: true,
      cost: '15',
    })
    await make('draft', '2026-12-05 18:00:00', { status: 'draft' })
    await make('hidden', '2026-12-06 18:00:00', { hideFromListings: true })
    await make('past', '2026-11-19 18:00:00')
    await make('far', '2029-01-01 18:00:00')
    await make('pending', '2026-12-07 18:00:00', { status: 'pending' })
    await make('locked', '2026-12-08 18:00:00', { password: 'open sesame', cost: '20' })
    await make('private', '2026-12-09 18:00:00', { status: 'private' })
    await make('draftVenue', '2026-12-10 18:00:00', { venue: draftVenue.id })
    await make('trashed', '2026-12-11 18:00:00')
    await payload.update({
      collection: 'events',
      id: ids.trashed!,
      data: { status: 'trash' } as never,
    })
    ;(globalThis as { marker?: string }).marker = marker
  })
  afterAll(() => api.close())
  const marker = () => (globalThis as { marker?: string }).marker!

  it('lists published, listed events in the default window, in start order, with totals in body and headers', async () => {
    const response = await get(`/events?search=${marker()}`)
    expect(response.status).toBe(200)
    const body = await response.json()
    // A visitor's search leaves the password-protected event out (docs/compatibility.md, "Search").
    expect(body.events.map((event: { id: number }) => event.id)).toEqual([
      ids.yesterday,
      ids.full,
      ids.draftVenue,
    ])
    expect(body.total).toBe(3)
    expect(body.total_pages).toBe(1)
    expect(response.headers.get('x-tec-total')).toBe('3')
    expect(response.headers.get('x-tec-totalpages')).toBe('1')
    expect(Object.keys(body)).toEqual(['events', 'rest_url', 'total', 'total_pages'])
    expect(body.rest_url).toBe(
      `http://localhost:3000/wp-json/vendor/events/v1/events/?page=1&per_page=10&start_date=2026-11-20 00:00:00&end_date=2028-11-21 23:59:59&search=${marker()}&status=publish`,
    )
  })

  it('shows an editor every status but trash, and says status=any', async () => {
    const body = await (await get(`/events?search=${marker()}`, asEditor())).json()
    expect(body.events.map((event: { id: number }) => event.id)).toEqual([
      ids.yesterday,
      ids.full,
      ids.draft,
      ids.pending,
      ids.locked,
      ids.private,
      ids.draftVenue,
    ])
    expect(body.rest_url).toContain('&status=any')
  })

  it('pages with next and previous URLs, and answers 404 past the last page', async () => {
    const first = await (await get(`/events?search=${marker()}&per_page=2`)).json()
    expect(first.total_pages).toBe(2)
    expect(first.next_rest_url).toBe(
      `http://localhost:3000/wp-json/vendor/events/v1/events/?per_page=2&start_date=2026-11-20+00%3A00%3A00&end_date=2028-11-21+23%3A59%3A59&search=${marker()}&status=publish&page=2`,
    )
    expect(first).not.toHaveProperty('previous_rest_url')
    const second = await (await get(`/events?search=${marker()}&per_page=2&page=2`)).json()
    expect(second).not.toHaveProperty('next_rest_url')
    expect(second.previous_rest_url).toBe(
      `http://localhost:3000/wp-json/vendor/events/v1/events/?per_page=2&start_date=2026-11-20+00%3A00%3A00&end_date=2028-11-21+23%3A59%3A59&search=${marker()}&status=publish`,
    )
    const beyond = await get(`/events?search=${marker()}&per_page=2&page=3`)
    expect(beyond.status).toBe(404)
    expect(await beyond.json()).toEqual({
      code: 'event-archive-page-not-found',
      message: 'The requested event archive page does not exist',
      data: { status: 404 },
    })
  })

  it('widens dates to whole days unless strict_dates, and drops the default window for relative bounds', async () => {
    const day = await (
      await get(`/events?search=${marker()}&start_date=2026-12-02 20:00:00&end_date=2026-12-02`)
    ).json()
    expect(day.events.map((event: { id: number }) => event.id)).toEqual([ids.full])
    expect(day.rest_url).toContain('start_date=2026-12-02 00:00:00&end_date=2026-12-02 23:59:59')
    // Any text PHP's strtotime reads: a tz database name after the time, a day and a month alone
    // (in the clock's year), each widened to the day as written.
    const written = await (
      await get(
        `/events?search=${marker()}&start_date=2026-12-02 23:30 Europe/Paris&end_date=2 December`,
      )
    ).json()
    expect(written.events.map((event: { id: number }) => event.id)).toEqual([ids.full])
    expect(written.rest_url).toContain(
      'start_date=2026-12-02 00:00:00&end_date=2026-12-02 23:59:59',
    )
    // Strict: zone-less values are UTC; 2026-12-02 23:30Z is 18:30 in New York, after the 18:00 start.
    const strict = await (
      await get(
        `/events?search=${marker()}&start_date=2026-12-02 23:30:00&end_date=2026-12-03&strict_dates=true`,
      )
    ).json()
    expect(strict.events).toEqual([])
    expect(strict.rest_url).toContain('start_date=2026-12-02 18:30:00&end_date=2026-12-02 19:00:00')
    const relative = await (await get(`/events?search=${marker()}&starts_before=2026-11-20`)).json()
    expect(relative.events.map((event: { id: number }) => event.id)).toEqual([
      ids.past,
      ids.yesterday,
    ])
    expect(relative.rest_url).not.toContain('start_date=')
    expect(relative.rest_url).toContain('starts_before=2026-11-20 23:59:59')
  })

  it('filters by category or tag (id or slug), venue, organizer, featured and include', async () => {
    const ofList = async (query: string) =>
      (await (await get(`/events?search=${marker()}&${query}`)).json()).events.map(
        (event: { id: number }) => event.id,
      )
    expect(await ofList(`categories=${category.toLowerCase()}`)).toEqual([ids.full])
    expect(await ofList(`tags=${tag.toLowerCase()}`)).toEqual([ids.full])
    expect(await ofList(`venue=${venueId}`)).toEqual([ids.full])
    expect(await ofList(`organizer=${organizerId}`)).toEqual([ids.full])
    expect(await ofList('featured=true')).toEqual([ids.full])
    expect(await ofList('featured=0')).toEqual([ids.yesterday, ids.draftVenue])
    // include drops the dates sent but keeps the default window (as the original does:
    // test/fixtures/oracle, g-lists-000 to 003), and visibility.
    expect(await ofList(`include=${ids.past},${ids.full},${ids.far},${ids.draft}`)).toEqual([
      ids.full,
    ])
    expect(await ofList(`include=${ids.past},${ids.full}&start_date=2020-01-01`)).toEqual([
      ids.full,
    ])
    const featured = await (
      await get(`/events?search=${marker()}&featured=true&venue=${venueId}`)
    ).json()
    expect(featured.rest_url).toMatch(/status=publish&venue=\d+&featured=1$/)
    expect(featured.rest_url).toContain('start_date=2026-11-20+00%3A00%3A00')
  })

  // Issue 28, items 5 and 18: WordPress's taxonomy queries include a hierarchical term's children.
  it('finds the events of a category’s children and grandchildren when filtering by the parent, not the parent’s from a child', async () => {
    const festivals = await payload.create({
      collection: 'event-categories',
      data: { name: unique('Festivals') },
    })
    const folk = await payload.create({
      collection: 'event-categories',
      data: { name: unique('Folk festivals'), parent: festivals.id },
    })
    const village = await payload.create({
      collection: 'event-categories',
      data: { name: unique('Village folk'), parent: folk.id },
    })
    const make = async (title: string, categories: number[]) =>
      (
        await payload.create({
          collection: 'events',
          data: {
            title: `${title} ${marker()}`,
            startDate: ny('2026-12-12 18:00:00'),
            endDate: ny('2026-12-12 20:00:00'),
            status: 'publish',
            categories,
          } as never,
        })
      ).id
    const inParent = await make('In the parent', [festivals.id as number])
    const inChild = await make('In the child', [folk.id as number])
    const inGrandchild = await make('In the grandchild', [village.id as number])
    const ofList = async (query: string) =>
      (await (await get(`/events?search=${marker()}&${query}`)).json()).events
        .map((event: { id: number }) => event.id)
        .sort()
    expect(await ofList(`categories=${festivals.slug}`)).toEqual(
      [inParent, inChild, inGrandchild].sort(),
    )
    expect(await ofList(`categories=${folk.id}`)).toEqual([inChild, inGrandchild].sort())
    expect(await ofList(`categories=${village.slug}`)).toEqual([inGrandchild])
    // The tree kept for visitors follows a change of the categories alone.
    await payload.update({ collection: 'event-categories', id: village.id, data: { parent: null } })
    expect(await ofList(`categories=${festivals.slug}`)).toEqual([inParent, inChild].sort())
    await payload.delete({
      collection: 'events',
      where: { id: { in: [inParent, inChild, inGrandchild] } },
    })
  })

  it.each([
    ['per_page=0', 'per_page', 'Invalid parameter.'],
    ['page=-1', 'page', 'Invalid parameter.'],
    ['start_date=not-a-date', 'start_date', 'Invalid parameter.'],
    ['start_date=0x10', 'start_date', 'Invalid parameter.'],
    ['categories=no-such-category', 'categories', 'Invalid parameter.'],
    ['venue=999999', 'venue', 'Invalid parameter.'],
    ['status=draft', 'status', 'Invalid parameter.'],
    ['featured=maybe', 'featured', 'featured is not of type boolean.'],
    ['ticketed=true', 'ticketed', 'Event Tickets plugin is not activated.'],
    ['strict_dates=', 'strict_dates', 'Invalid parameter.'],
  ])('answers %s with 400 rest_invalid_param', async (query, param, message) => {
    const response = await get(`/events?${query}`)
    expect(response.status).toBe(400)
    const body = await response.json()
    expect(body.code).toBe('rest_invalid_param')
    expect(body.message).toBe(`Invalid parameter(s): ${param}`)
    expect(body.data.params).toEqual({ [param]: message })
  })

  it('clamps per_page to 50', async () => {
    const body = await (await get('/events?per_page=1000&start_date=2020-01-01')).json()
    expect(body.rest_url).toContain('per_page=50')
    expect(body.events.length).toBeLessThanOrEqual(50)
  })

  it('reads a published event with the reference object’s keys in its order, json_ld and an embedded venue', async () => {
    const response = await get(`/events/${ids.full}`)
    expect(response.status).toBe(200)
    const event = await response.json()
    expect(Object.keys(event)).toEqual(Object.keys(reference.response.body))
    expect(Object.keys(event.venue)).toEqual(Object.keys(reference.response.body.venue))
    expect(Object.keys(event.categories[0])).toEqual(
      Object.keys(reference.response.body.categories[1]),
    )
    expect(event).toMatchObject({
      author: '0',
      status: 'publish',
      start_date: '2026-12-02 18:00:00',
      start_date_details: {
        year: '2026',
        month: '12',
        day: '02',
        hour: '18',
        minutes: '00',
        seconds: '00',
      },
      utc_start_date: '2026-12-02 23:00:00',
      timezone: 'America/New_York',
      timezone_abbr: 'EST',
      cost: '$15',
      cost_details: {
        currency_symbol: '',
        currency_code: '',
        currency_position: '',
        values: ['15'],
      },
      featured: true,
      excerpt: `<p>${marker()}</p>`,
      custom_fields: [],
    })
    expect(event.url).toBe(`http://localhost:3000/event/${event.slug}/`)
    expect(event.website).toBe(event.url)
    expect(event.global_id).toBe(`localhost?id=${ids.full}`)
    expect(event.categories[0]).toMatchObject({
      taxonomy: 'tribe_events_cat',
      description: 'Music events',
      count: 1,
      parent: 0,
    })
    expect(event.organizer[0]).toMatchObject({ id: organizerId, email: 'org@example.com' })
    expect(event.venue.json_ld['@type']).toBe('Place')
    expect(event.json_ld).toMatchObject({
      '@type': 'Event',
      startDate: '2026-12-02T18:00:00-05:00',
      offers: { price: '15' },
    })
  })

  it('leaves json_ld out of list items and of their venues', async () => {
    const body = await (await get(`/events?search=${marker()}&venue=${venueId}`)).json()
    expect(body.events[0]).not.toHaveProperty('json_ld')
    expect(body.events[0].venue).not.toHaveProperty('json_ld')
  })

  it('answers single reads with the original’s errors', async () => {
    const expectError = async (response: Response, status: number, code: string) => {
      expect(response.status).toBe(status)
      expect((await response.json()).code).toBe(code)
    }
    await expectError(await get(`/events/${ids.draft}`), 403, 'event-not-accessible')
    expect((await get(`/events/${ids.draft}`, asEditor())).status).toBe(200)
    await expectError(await get('/events/999999'), 404, 'rest-event-not-found')
    await expectError(await get(`/events/${venueId}`), 400, 'rest-invalid-event-id')
    await expectError(await get(`/events/${ids.trashed}`), 403, 'event-no-longer-available')
    await expectError(
      await get(`/events/${ids.trashed}`, asEditor()),
      403,
      'event-no-longer-available',
    )
    await expectError(await get(`/events/${ids.locked}`), 403, 'event-password-protected')
    expect((await get(`/events/${ids.locked}?password=open%20sesame`)).status).toBe(200)
    await expectError(await get('/events/abc'), 404, 'rest_no_route')
  })

  it('blanks password-protected events in lists', async () => {
    // Signed in: a visitor's search would leave the protected event out.
    const body = await (
      await get(`/events?search=${marker()}`, basic(subscriber.email, subscriber.password))
    ).json()
    const locked = body.events.find((event: { id: number }) => event.id === ids.locked)
    expect(locked).toMatchObject({
      cost: '',
      description: '',
      categories: [],
      venue: [],
      featured: null,
      image: false,
    })
    expect(locked.title).toContain('locked')
  })

  it('never embeds a draft venue for anonymous callers', async () => {
    const anonymous = await (await get(`/events/${ids.draftVenue}`)).json()
    expect(anonymous.venue).toEqual([])
    const editorView = await (await get(`/events/${ids.draftVenue}`, asEditor())).json()
    expect(editorView.venue.status).toBe('draft')
  })

  it('keeps unpublished events from anonymous slug look-ups', async () => {
    // A slug given to a draft is the draft's, as in the original: hidden from visitors.
    const slug = unique('given-draft-slug').toLowerCase()
    await payload.update({ collection: 'events', id: ids.draft!, data: { slug } as never })
    const response = await get(`/events/by-slug/${slug}`)
    expect(response.status).toBe(403)
    expect((await response.json()).code).toBe('event-not-accessible')
  })

  it('reads by slug, and answers an unknown slug with 400', async () => {
    const bySlugTarget = await (await get(`/events/${ids.full}`)).json()
    const response = await get(`/events/by-slug/${bySlugTarget.slug}`)
    expect(response.status).toBe(200)
    expect((await response.json()).id).toBe(ids.full)
    const unknown = await get('/events/by-slug/no-such-event')
    expect(unknown.status).toBe(400)
    expect(await unknown.json()).toEqual({
      code: 'rest_invalid_param',
      message: 'Invalid parameter(s): slug',
      data: { status: 400, params: { slug: 'Invalid parameter.' }, details: [] },
    })
  })

  it('reads in the root’s language or i18n_language, falling back to English', async () => {
    await payload.update({
      collection: 'events',
      id: ids.full!,
      locale: 'fr',
      data: { title: 'Soirée jazz' } as never,
    })
    const fr = await (
      await fetch(`${api.url}/fr/wp-json/vendor/events/v1/events/${ids.full}`)
    ).json()
    expect(fr.title).toBe('Soirée jazz')
    expect(fr.rest_url).toBe(`http://localhost:3000/fr/wp-json/vendor/events/v1/events/${ids.full}`)
    const es = await (await get(`/events/${ids.full}?i18n_language=es`)).json()
    expect(es.title).toContain('full')
    const frByParam = await (await get(`/events/${ids.full}?i18n_language=fr`)).json()
    expect(frByParam.title).toBe('Soirée jazz')
  })
})

describe('distance search (geoloc_lat, geoloc_lng)', () => {
  it('finds events whose venue lies within 25 km of the point, and refuses a lone coordinate', async () => {
    const payload = await getTestPayload()
    const api = await serveCompatApi(payload)
    try {
      const marker = unique('geo')
      const paris = await payload.create({
        collection: 'venues',
        data: {
          name: unique('Paris hall'),
          latitude: 48.8566,
          longitude: 2.3522,
          status: 'publish',
        },
      })
      const versailles = await payload.create({
        collection: 'venues',
        data: {
          name: unique('Versailles'),
          latitude: 48.8049,
          longitude: 2.1204,
          status: 'publish',
        },
      })
      const lyon = await payload.create({
        collection: 'venues',
        data: { name: unique('Lyon hall'), latitude: 45.764, longitude: 4.8357, status: 'publish' },
      })
      const ids: number[] = []
      for (const venue of [paris, versailles, lyon]) {
        const event = await payload.create({
          collection: 'events',
          data: {
            title: `${marker} ${venue.name}`,
            startDate: '2027-05-01T18:00:00Z',
            endDate: '2027-05-01T20:00:00Z',
            venue: venue.id,
            status: 'publish',
          } as never,
        })
        ids.push(event.id as number)
      }
      const near = await (
        await fetch(
          `${api.url}/wp-json/vendor/events/v1/events?search=${marker}&geoloc_lat=48.8584&geoloc_lng=2.2945`,
        )
      ).json()
      expect(near.events.map((event: { id: number }) => event.id)).toEqual([ids[0], ids[1]])
      const lone = await fetch(`${api.url}/wp-json/vendor/events/v1/events?geoloc_lat=48.8584`)
      expect(lone.status).toBe(400)
      const withGeo = await (
        await fetch(`${api.url}/wp-json/vendor/events/v1/events?search=${marker}&geoloc=true`)
      ).json()
      expect(withGeo.total).toBe(3)
    } finally {
      await api.close()
    }
  })

  it('places no event by a venue the reader may not read, or whose place a password hides', async () => {
    const payload = await getTestPayload()
    const api = await serveCompatApi(payload)
    try {
      const marker = unique('hiddengeo')
      const editor = await createUser(payload, 'editor')
      const place = { latitude: 48.8566, longitude: 2.3522 }
      const venues = [
        { name: unique('Draft hall'), status: 'draft', ...place },
        { name: unique('Protected hall'), status: 'publish', password: 'pw', ...place },
      ]
      const ids: number[] = []
      for (const data of venues) {
        const venue = await payload.create({ collection: 'venues', data: data as never })
        const event = await payload.create({
          collection: 'events',
          data: {
            title: `${marker} ${data.name}`,
            startDate: '2027-05-01T18:00:00Z',
            endDate: '2027-05-01T20:00:00Z',
            venue: venue.id,
            status: 'publish',
          } as never,
        })
        ids.push(event.id as number)
      }
      const near = async (headers: Record<string, string>, extra = '') =>
        (
          await (
            await fetch(
              `${api.url}/wp-json/vendor/events/v1/events?search=${marker}&geoloc_lat=48.8584&geoloc_lng=2.2945${extra}`,
              { headers },
            )
          ).json()
        ).events.map((event: { id: number }) => event.id)
      // Bisecting the point would otherwise find where the hidden venue is.
      expect(await near({})).toEqual([])
      expect(await near({}, '&password=pw')).toEqual([])
      // Editors read the draft venue, and see the protected one unlocked in the edit context.
      const asEditor = basic(editor.email, editor.password)
      expect(await near(asEditor)).toEqual([ids[0]])
      expect(await near(asEditor, '&context=edit')).toEqual(ids)
    } finally {
      await api.close()
    }
  })
})
