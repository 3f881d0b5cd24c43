import type { Payload } from 'payload'

import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import { createUser, getTestPayload, type TestUser, unique } from '../helpers/payload'
import { basic, serveCompatApi } from '../helpers/http'

describe('venues, organizers, categories and tags', () => {
  let payload: Payload
  let api: Awaited<ReturnType<typeof serveCompatApi>>
  let admin: TestUser
  let author: TestUser
  let contributor: TestUser
  const send = async (
    method: string,
    path: string,
    body?: unknown,
    user: null | TestUser = admin,
    root = '/wp-json',
  ) => {
    const response = await fetch(`${api.url}${root}/vendor/events/v1${path}`, {
      method,
      headers: {
        'content-type': 'application/json',
        ...(user ? basic(user.email, user.password) : {}),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    })
    return { body: await response.json(), headers: response.headers, status: response.status }
  }

  beforeAll(async () => {
    payload = await getTestPayload()
    api = await serveCompatApi(payload)
    admin = await createUser(payload, 'administrator')
    author = await createUser(payload, 'author')
    contributor = await createUser(payload, 'contributor')
  })
  afterAll(() => api.close())

  describe('venues', () => {
    it('creates (201), avoids duplicates by name, drops empty values and derives stateprovince', async () => {
      const name = unique('Harbor Stage')
      const created = await send('POST', '/venues', {
        venue: name,
        address: '9 Pier Rd',
        city: 'Portland',
        country: 'United States',
        state: 'ME',
        zip: '04101',
        description: 'Waterfront stage',
        province: '',
      })
      expect(created.status).toBe(201)
      expect(created.body).toMatchObject({
        venue: name,
        description: '<p>Waterfront stage</p>',
        stateprovince: 'ME',
        show_map: true,
        show_map_link: true,
        status: 'publish',
      })
      expect(created.body).not.toHaveProperty('province')
      expect(created.body).not.toHaveProperty('json_ld')
      const again = await send('POST', '/venues', { venue: name.toLowerCase() })
      expect(again.status).toBe(201)
      expect(again.body.id).toBe(created.body.id)
    })

    it('reads by id (with json_ld) and by slug, and refuses wrong ids with 400', async () => {
      const { body: venue } = await send('POST', '/venues', {
        venue: unique('Blue Note Hall'),
        city: 'New York',
      })
      const byId = await send('GET', `/venues/${venue.id}`, undefined, null)
      expect(byId.status).toBe(200)
      expect(byId.body.json_ld).toMatchObject({ '@type': 'Place' })
      expect(byId.headers.get('allow')).toBe('GET')
      expect((await send('GET', `/venues/${venue.id}`)).headers.get('allow')).toBe(
        'GET, DELETE, POST, PUT, PATCH',
      )
      const bySlug = await send('GET', `/venues/by-slug/${venue.slug}`, undefined, null)
      expect(bySlug.body.id).toBe(venue.id)
      expect((await send('GET', '/venues/999999', undefined, null)).body).toEqual({
        code: 'rest_invalid_param',
        message: 'Invalid parameter(s): id',
        data: { status: 400, params: { id: 'Invalid parameter.' }, details: [] },
      })
      const event = await payload.create({
        collection: 'events',
        data: {
          title: unique('e'),
          startDate: '2027-01-01T10:00:00Z',
          endDate: '2027-01-01T11:00:00Z',
          status: 'publish',
        } as never,
      })
      expect((await send('GET', `/venues/${event.id}`, undefined, null)).status).toBe(400)
    })

    it('hides a draft venue from visitors: 403 venue-not-accessible and absent from lists', async () => {
      const { body: draft } = await send('POST', '/venues', {
        venue: unique('Draft venue'),
        status: 'draft',
      })
      expect((await send('GET', `/venues/${draft.id}`, undefined, null)).body.code).toBe(
        'venue-not-accessible',
      )
      const list = await send(
        'GET',
        `/venues?search=${encodeURIComponent(draft.venue)}`,
        undefined,
        null,
      )
      expect(list.body.venues).toEqual([])
      // Nothing a visitor may read matches, so the search is ignored for the total (docs/compatibility.md, "Search").
      expect(list.body.total).toBe((await send('GET', '/venues', undefined, null)).body.total)
      const editorList = await send('GET', `/venues?search=${encodeURIComponent(draft.venue)}`)
      expect(editorList.body.total).toBe(1)
    })

    it('lists with search over address fields, event, has_events and the original’s rest_url', async () => {
      const street = unique('Avenue du Temple')
      const { body: venue } = await send('POST', '/venues', {
        venue: unique('Salle'),
        address: `100, ${street}`,
      })
      const searched = await send(
        'GET',
        `/venues?search=${encodeURIComponent(street.split('-').slice(1).join('-'))}`,
        undefined,
        null,
      )
      expect(searched.body.venues.map((item: { id: number }) => item.id)).toEqual([venue.id])
      expect(searched.headers.get('x-tec-total')).toBe('1')
      const event = await send('POST', '/events', {
        title: unique('At the salle'),
        start_date: '2027-02-01 10:00',
        end_date: '2027-02-01 12:00',
        venue: venue.id,
      })
      const byEvent = await send('GET', `/venues?event=${event.body.id}`, undefined, null)
      expect(byEvent.body.venues.map((item: { id: number }) => item.id)).toEqual([venue.id])
      expect(byEvent.body.rest_url).toBe(
        `http://localhost:3000/wp-json/vendor/events/v1/venues/?page=1&per_page=10&event=${event.body.id}&status=publish`,
      )
      const withEvents = await send('GET', '/venues?has_events=true&per_page=50', undefined, null)
      expect(withEvents.body.venues.map((item: { id: number }) => item.id)).toContain(venue.id)
      const without = await send('GET', '/venues?has_events=false&per_page=50', undefined, null)
      expect(without.body.venues.map((item: { id: number }) => item.id)).not.toContain(venue.id)
    })

    it('updates only what is sent, by id or by slug (renaming), and trashes, unlinking events', async () => {
      const { body: venue } = await send('POST', '/venues', {
        venue: unique('To change'),
        city: 'Lyon',
        phone: '123',
      })
      const event = await send('POST', '/events', {
        title: unique('Linked'),
        start_date: '2027-02-01 10:00',
        end_date: '2027-02-01 12:00',
        venue: venue.id,
      })
      const updated = await send('PATCH', `/venues/${venue.id}`, { city: 'Paris' })
      expect(updated.body).toMatchObject({ city: 'Paris', phone: '123' })
      const renamed = unique('new-slug')
      const bySlug = await send('POST', `/venues/by-slug/${venue.slug}`, {
        slug: renamed,
        zip: '75001',
      })
      expect(bySlug.status).toBe(200)
      expect(bySlug.body).toMatchObject({ slug: renamed, zip: '75001' })
      const trashed = await send('DELETE', `/venues/${venue.id}`)
      expect(trashed.body).toMatchObject({ status: 'trash', slug: `${renamed}__trashed` })
      expect((await send('DELETE', `/venues/${venue.id}`)).body).toEqual({
        code: 'venue-is-in-trash',
        message: 'The venue is already trashed',
        data: { status: 410 },
      })
      expect((await send('GET', `/events/${event.body.id}`)).body.venue).toEqual([])
    })

    it('refuses bad input with the original’s errors', async () => {
      expect((await send('POST', '/venues', { city: 'Nowhere' })).body).toEqual({
        code: 'rest_missing_callback_param',
        message: 'Missing parameter(s): venue',
        data: { status: 400, params: ['venue'] },
      })
      const typed = await send('POST', '/venues', { venue: 'Typed venue', show_map: true })
      expect(typed.body).toEqual({
        code: 'rest_invalid_param',
        message: 'Invalid parameter(s): show_map',
        data: {
          status: 400,
          params: { show_map: 'show_map is not of type string.' },
          details: {
            show_map: {
              code: 'rest_invalid_type',
              message: 'show_map is not of type string.',
              data: { param: 'show_map' },
            },
          },
        },
      })
      expect((await send('POST', '/venues', { venue: 'x' }, null)).status).toBe(401)
      expect((await send('DELETE', '/venues/999999', undefined, null)).status).toBe(400)
    })
  })

  it('blanks a password-protected venue unless its password is given', async () => {
    const { body: venue } = await send('POST', '/venues', {
      venue: unique('Secret garden'),
      city: 'Paris',
      state: 'IDF',
    })
    await payload.update({
      collection: 'venues',
      id: venue.id,
      data: { password: 'rose' } as never,
    })
    const blank = await send('GET', `/venues/${venue.id}`, undefined, null)
    expect(blank.status).toBe(200)
    expect(blank.body).toMatchObject({ venue: [], city: '', state: 'IDF', show_map: null })
    const open = await send('GET', `/venues/${venue.id}?password=rose`, undefined, null)
    expect(open.body).toMatchObject({ venue: venue.venue, city: 'Paris' })
  })

  it('describes every route in the namespace index, in the root’s language, with the same names and types', async () => {
    const en = await send('GET', '', undefined, null)
    const fr = await send('GET', '', undefined, null, '/fr/wp-json')
    expect(Object.keys(en.body.routes)).toEqual(Object.keys(fr.body.routes))
    expect(Object.keys(en.body.routes)).toEqual([
      '/vendor/events/v1',
      '/vendor/events/v1/doc',
      '/vendor/events/v1/events',
      '/vendor/events/v1/events/(?P<id>\\d+)',
      '/vendor/events/v1/events/by-slug/(?P<slug>[^/]+)',
      '/vendor/events/v1/venues',
      '/vendor/events/v1/venues/(?P<id>\\d+)',
      '/vendor/events/v1/venues/by-slug/(?P<slug>[^/]+)',
      '/vendor/events/v1/organizers',
      '/vendor/events/v1/organizers/(?P<id>\\d+)',
      '/vendor/events/v1/organizers/by-slug/(?P<slug>[^/]+)',
      '/vendor/events/v1/categories',
      '/vendor/events/v1/categories/(?P<id>\\d+)',
      '/vendor/events/v1/tags',
      '/vendor/events/v1/tags/(?P<id>\\d+)',
    ])
    const page = (body: {
      routes: Record<string, { endpoints: { args: Record<string, Record<string, unknown>> }[] }>
    }) => body.routes['/vendor/events/v1/events']!.endpoints[0]!.args.page!
    expect(page(en.body)).toEqual({
      default: 1,
      description: 'The archive page to return',
      type: 'integer',
      required: false,
    })
    expect(page(fr.body)).toEqual({
      default: 1,
      description: 'La page d’archive à renvoyer',
      type: 'integer',
      required: false,
    })
    expect(fr.body.routes['/vendor/events/v1/events'].endpoints[1].args.title.required).toBe(true)
  })

  describe('organizers', () => {
    it('creates, reads with json_ld, lists by search over e-mail, and trashes', async () => {
      const email = `${unique('guild')}@common.example`
      const created = await send('POST', '/organizers', {
        organizer: unique('Makers Guild'),
        email,
        phone: '',
      })
      expect(created.status).toBe(201)
      expect(created.body).not.toHaveProperty('phone')
      expect(Object.keys(created.body).slice(-2)).toEqual(['global_id', 'global_id_lineage'])
      const read = await send('GET', `/organizers/${created.body.id}`, undefined, null)
      expect(read.body.json_ld).toMatchObject({ '@type': 'Person', email })
      const searched = await send(
        'GET',
        `/organizers?search=${encodeURIComponent(email.split('@')[0]!)}`,
        undefined,
        null,
      )
      expect(searched.body.organizers.map((item: { id: number }) => item.id)).toEqual([
        created.body.id,
      ])
      expect((await send('DELETE', `/organizers/${created.body.id}`)).body.status).toBe('trash')
      expect((await send('GET', '/organizers/999999', undefined, null)).status).toBe(400)
      expect((await send('POST', '/organizers', { email: 'x@y.z' })).body.code).toBe(
        'rest_missing_callback_param',
      )
    })
  })

  describe('categories and tags', () => {
    it('creates a category (201, Location), refuses a duplicate name with term_exists, updates and deletes for good', async () => {
      const name = unique('Theatre')
      const created = await send('POST', '/categories', {
        name,
        description: 'Plays',
        slug: `${name.toLowerCase()}-plays`,
      })
      expect(created.status).toBe(201)
      expect(created.headers.get('location')).toBe(
        `http://localhost:3000/wp-json/wp/v2/tribe_events_cat/${created.body.id}`,
      )
      expect(created.body).toEqual({
        id: created.body.id,
        count: 0,
        description: 'Plays',
        name,
        slug: `${name.toLowerCase()}-plays`,
        taxonomy: 'tribe_events_cat',
        parent: 0,
        meta: [],
        url: `http://localhost:3000/events/category/${name.toLowerCase()}-plays/`,
        urls: {
          self: `http://localhost:3000/wp-json/vendor/events/v1/categories/${created.body.id}`,
          collection: 'http://localhost:3000/wp-json/vendor/events/v1/categories',
        },
      })
      const duplicate = await send('POST', '/categories', { name: name.toUpperCase() })
      expect(duplicate.body).toEqual({
        code: 'term_exists',
        message: 'A term with the name provided already exists with this parent.',
        data: { status: 400, term_id: created.body.id },
        additional_data: [created.body.id, created.body.id],
      })
      const updated = await send('POST', `/categories/${created.body.id}`, {
        name: `${name} & Drama`,
        description: 'Updated',
      })
      expect(updated.body).toMatchObject({
        name: `${name} &amp; Drama`,
        description: 'Updated',
        slug: `${name.toLowerCase()}-plays`,
      })
      const deleted = await send('DELETE', `/categories/${created.body.id}`)
      expect(deleted.body.id).toBe(created.body.id)
      expect((await send('DELETE', `/categories/${created.body.id}`)).status).toBe(400)
    })

    it('lists terms by name, hides empty ones by default, and counts published events for every caller', async () => {
      const used = await send('POST', '/tags', { name: unique('aaa-used') })
      const unused = await send('POST', '/tags', { name: unique('aaa-unused') })
      await send('POST', '/events', {
        title: unique('Tagged'),
        start_date: '2027-02-01 10:00',
        end_date: '2027-02-01 12:00',
        tags: [used.body.id],
      })
      await send('POST', '/events', {
        title: unique('Tagged draft'),
        start_date: '2027-02-01 10:00',
        end_date: '2027-02-01 12:00',
        tags: [used.body.id],
        status: 'draft',
      })
      const visible = await send(
        'GET',
        `/tags?include=${used.body.id},${unused.body.id}`,
        undefined,
        null,
      )
      expect(
        visible.body.tags.map((tag: { id: number; count: number }) => [tag.id, tag.count]),
      ).toEqual([[used.body.id, 1]])
      expect(Object.keys(visible.body)).toEqual(['rest_url', 'total', 'total_pages', 'tags'])
      const all = await send(
        'GET',
        `/tags?include=${used.body.id},${unused.body.id}&hide_empty=false`,
      )
      // The original's count is WordPress's stored one: the administrator's draft is not counted either.
      expect(
        all.body.tags.map((tag: { id: number; count: number }) => [tag.id, tag.count]),
      ).toEqual([
        [unused.body.id, 0],
        [used.body.id, 1],
      ])
      expect(all.body.tags[0]).not.toHaveProperty('parent')
    })

    it('refuses a tag id on the category route and a category id on the tag route', async () => {
      const tag = await send('POST', '/tags', { name: unique('a-tag') })
      expect((await send('GET', `/categories/${tag.body.id}`, undefined, null)).status).toBe(400)
      expect((await send('GET', '/tags/999999', undefined, null)).body.code).toBe(
        'rest_invalid_param',
      )
    })

    it('lets authors manage categories but only editors tags; contributors neither', async () => {
      expect(
        (await send('POST', '/categories', { name: unique('By author') }, author)).status,
      ).toBe(201)
      expect((await send('POST', '/tags', { name: unique('By author') }, author)).status).toBe(403)
      expect(
        (await send('POST', '/categories', { name: unique('By contributor') }, contributor)).status,
      ).toBe(403)
      expect((await send('POST', '/categories', { name: unique('Anon') }, null)).status).toBe(401)
      expect((await send('POST', '/categories', {}, null)).status).toBe(400)
    })

    it('translates term names under /fr/', async () => {
      const created = await send('POST', '/categories', { name: unique('Concerts') })
      await send(
        'POST',
        `/categories/${created.body.id}`,
        { name: 'Concerts en français' },
        admin,
        '/fr/wp-json',
      )
      expect(
        (await send('GET', `/categories/${created.body.id}`, undefined, null, '/fr/wp-json')).body
          .name,
      ).toBe('Concerts en français')
      expect((await send('GET', `/categories/${created.body.id}`, undefined, null)).body.name).toBe(
        created.body.name,
      )
    })
  })
})
