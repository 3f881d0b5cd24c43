import type { Payload } from 'payload'

import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import { TRUSTED_READ } from '../../src/hooks/context'
import { MAX_CHOSEN_ID } from '../../src/hooks/guardChosenIds'
import { basic, serveAllApis } from '../helpers/http'
import { createUser, getTestPayload, type TestUser, unique } from '../helpers/payload'

/**
 * Rules that live with the data, so that Payload's REST API, GraphQL and the compatibility API
 * all keep them (issue 12 §4 and §13): who may choose ids, which fields only the server writes,
 * what a writer may link, who may change images.
 */
describe('rules kept by the data on every surface', () => {
  let payload: Payload
  let api: Awaited<ReturnType<typeof serveAllApis>>
  let administrator: TestUser
  let contributor: TestUser
  let author: TestUser
  let subscriber: TestUser
  const call = async (user: TestUser, path: string, method: string, body?: unknown) => {
    const response = await fetch(`${api.url}${path}`, {
      body: body === undefined ? undefined : JSON.stringify(body),
      headers: { 'content-type': 'application/json', ...basic(user.email, user.password) },
      method,
    })
    const text = await response.text()
    return { body: text ? JSON.parse(text) : null, status: response.status, text }
  }
  const newEvent = (extra: Record<string, unknown> = {}) => ({
    title: unique('Rules'),
    startDate: '2027-09-01T10:00:00Z',
    endDate: '2027-09-01T11:00:00Z',
    ...extra,
  })
  const nextPostId = async () =>
    (await payload.create({ collection: 'events', data: newEvent() as never })).id as number

  beforeAll(async () => {
    payload = await getTestPayload()
    api = await serveAllApis(payload)
    administrator = await createUser(payload, 'administrator')
    contributor = await createUser(payload, 'contributor')
    author = await createUser(payload, 'author')
    subscriber = await createUser(payload, 'subscriber')
  })
  afterAll(() => api.close())

  describe('chosen ids', () => {
    it('refuses an id chosen by a contributor, and the sequence does not move', async () => {
      const before = await nextPostId()
      const refused = await call(contributor, '/api/events', 'POST', newEvent({ id: 2147483646 }))
      expect(refused.status).toBe(400)
      expect(refused.text).toContain('Only administrators may choose the id')
      expect(
        await payload.count({ collection: 'events', where: { id: { equals: 2147483646 } } }),
      ).toMatchObject({ totalDocs: 0 })
      const created = await call(contributor, '/api/events', 'POST', newEvent())
      expect(created.status).toBe(201)
      expect(created.body.doc.id).toBeGreaterThan(before)
      expect(created.body.doc.id).toBeLessThan(before + 100)
    })

    it('refuses ids near the top of the range even from an administrator, on every collection', async () => {
      for (const [path, body] of [
        ['/api/events', newEvent({ id: 2147483646 })],
        ['/api/venues', { id: MAX_CHOSEN_ID + 1, name: unique('Top venue') }],
        ['/api/event-categories', { id: 2147483647, name: unique('Top category') }],
        ['/api/application-passwords', { id: 2147483000, name: 'top' }],
      ] as const) {
        const refused = await call(administrator, path, 'POST', body)
        expect(refused.status, path).toBe(400)
        expect(refused.text).toContain(`from 1 to ${MAX_CHOSEN_ID}`)
      }
      const created = await call(administrator, '/api/events', 'POST', newEvent())
      expect(created.status).toBe(201)
      expect(created.body.doc.id).toBeLessThan(MAX_CHOSEN_ID)
    })

    it('lets an administrator choose a free id, and names the id when it belongs to another collection of the group', async () => {
      // A free id below the sequence (one that was used and deleted), so the shared sequence that
      // other test files count on does not move.
      const freed = await payload.create({ collection: 'events', data: newEvent() as never })
      await payload.delete({ collection: 'events', id: freed.id })
      const chosen = freed.id as number
      const created = await call(administrator, '/api/events', 'POST', newEvent({ id: chosen }))
      expect(created.status).toBe(201)
      expect(created.body.doc.id).toBe(chosen)
      const clash = await call(administrator, '/api/venues', 'POST', {
        id: chosen,
        name: unique('Clashing venue'),
      })
      expect(clash.status).toBe(400)
      expect(clash.body.errors[0].data.errors[0]).toMatchObject({
        path: 'id',
        message: `The id ${chosen} is already used by another item.`,
      })
      expect(
        await payload.count({ collection: 'venues', where: { id: { equals: chosen } } }),
      ).toMatchObject({ totalDocs: 0 })
    })
  })

  it('keeps the fields only the server writes out of every API write', async () => {
    const created = await call(
      author,
      '/api/events',
      'POST',
      newEvent({
        statusBeforeTrash: 'publish',
        globalIdLineage: ['forged'],
        descriptionText: 'forged',
      }),
    )
    expect(created.status).toBe(201)
    const stored = await payload.findByID({
      collection: 'events',
      context: { [TRUSTED_READ]: true },
      id: created.body.doc.id,
      depth: 0,
    })
    expect(stored).toMatchObject({ statusBeforeTrash: null, descriptionText: null })
    expect(stored.globalIdLineage ?? []).toEqual([])

    const patched = await call(author, `/api/events/${created.body.doc.id}`, 'PATCH', {
      statusBeforeTrash: 'private',
      globalIdLineage: ['forged'],
    })
    expect(patched.status).toBe(200)
    const after = await payload.findByID({
      collection: 'events',
      context: { [TRUSTED_READ]: true },
      id: created.body.doc.id,
      depth: 0,
    })
    expect(after.statusBeforeTrash).toBeNull()
    expect(after.globalIdLineage ?? []).toEqual([])

    // The workflow still keeps them: trashing remembers the status, restoring returns to it.
    await call(author, `/api/events/${created.body.doc.id}`, 'PATCH', { status: 'trash' })
    const trashed = await payload.findByID({
      collection: 'events',
      context: { [TRUSTED_READ]: true },
      id: created.body.doc.id,
      depth: 0,
    })
    expect(trashed).toMatchObject({ status: 'trash', statusBeforeTrash: 'draft' })
  })

  it("refuses a contributor's link to someone else's draft venue or organizer, on both APIs", async () => {
    const draftVenue = await payload.create({
      collection: 'venues',
      data: {
        name: unique('Admin draft venue'),
        status: 'draft',
        author: administrator.id,
      } as never,
    })
    const draftOrganizer = await payload.create({
      collection: 'organizers',
      data: {
        name: unique('Admin draft organizer'),
        status: 'draft',
        author: administrator.id,
      } as never,
    })
    const publishedVenue = await payload.create({
      collection: 'venues',
      data: { name: unique('Public venue'), status: 'publish', author: administrator.id } as never,
    })

    const own = await call(contributor, '/api/events', 'POST', newEvent())
    expect(own.status).toBe(201)
    const id = own.body.doc.id
    for (const change of [{ venue: draftVenue.id }, { organizers: [draftOrganizer.id] }]) {
      const refused = await call(contributor, `/api/events/${id}`, 'PATCH', change)
      expect(refused.status).toBe(400)
    }
    const compat = await call(contributor, `/wp-json/vendor/events/v1/events/${id}`, 'POST', {
      venue: draftVenue.id,
    })
    expect(compat.status).toBeGreaterThanOrEqual(400)
    expect(compat.status).toBeLessThan(500)
    // Refused as an id no item has, in the same words: the refusal does not tell that it exists.
    for (const [name, hidden] of [
      ['venue', draftVenue.id],
      ['organizer', draftOrganizer.id],
    ] as const) {
      const [refused, missing] = await Promise.all(
        [hidden, 999_999_999].map((linked) =>
          call(contributor, `/wp-json/vendor/events/v1/events/${id}`, 'POST', { [name]: linked }),
        ),
      )
      expect([refused.status, refused.body], name).toEqual([missing.status, missing.body])
    }
    const stored = await payload.findByID({ collection: 'events', id, depth: 0 })
    expect(stored.venue ?? null).toBeNull()
    expect(stored.organizers ?? []).toEqual([])

    const allowed = await call(contributor, `/api/events/${id}`, 'PATCH', {
      venue: publishedVenue.id,
    })
    expect(allowed.status).toBe(200)
    // Editors link whatever they can read.
    const editorLink = await call(administrator, `/api/events/${id}`, 'PATCH', {
      venue: draftVenue.id,
    })
    expect(editorLink.status).toBe(200)
  })

  it('never reuses, by its name, a venue or organizer the writer may not read', async () => {
    const hidden = {
      organizer: await payload.create({
        collection: 'organizers',
        data: { name: unique('Hidden crew'), status: 'private', author: administrator.id } as never,
      }),
      venue: await payload.create({
        collection: 'venues',
        data: {
          name: unique('Hidden bunker'),
          address: 'Only its author knows',
          status: 'draft',
          author: administrator.id,
        } as never,
      }),
    }
    // Those who may read it still get it back instead of a duplicate.
    const editorsCopy = await call(administrator, '/wp-json/vendor/events/v1/venues', 'POST', {
      venue: hidden.venue.name,
    })
    expect(editorsCopy.body.id, editorsCopy.text).toBe(hidden.venue.id)
    const published = await payload.create({
      collection: 'venues',
      data: { name: unique('Open hall'), status: 'publish', author: administrator.id } as never,
    })
    const reused = await call(author, '/wp-json/vendor/events/v1/venues', 'POST', {
      venue: published.name,
    })
    expect([reused.status, reused.body.id], reused.text).toEqual([201, published.id])
    const compat = (path: string, body: unknown) =>
      call(author, `/wp-json/vendor/events/v1${path}`, 'POST', body)
    for (const kind of ['venue', 'organizer'] as const) {
      const name = String(hidden[kind].name)
      // Its own route makes a new one, as for a name no item has, where it answered 500.
      const created = await compat(`/${kind}s`, { [kind]: name })
      expect(created.status, created.text).toBe(201)
      expect(created.body.id).not.toBe(hidden[kind].id)
      await payload.delete({ collection: `${kind}s`, id: created.body.id })
      // Inline in an event too, where the refusal named the hidden item's id.
      const inline = await compat('/events', {
        title: unique('Inline'),
        start_date: '2027-09-01 10:00',
        end_date: '2027-09-01 11:00',
        [kind]: kind === 'venue' ? { venue: name } : [{ organizer: name }],
      })
      expect(inline.status, inline.text).toBe(201)
      const linked = kind === 'venue' ? inline.body.venue : inline.body.organizer[0]
      expect(linked.id).not.toBe(hidden[kind].id)
      expect(inline.text).not.toContain('Only its author knows')
    }
  })

  it('refuses a cost or description of the wrong kind with a validation error, not a 500', async () => {
    for (const change of [
      { cost: [] },
      { cost: { a: 1 } },
      { cost: 5 },
      { description: 'plain' },
      { description: { root: 5 } },
    ]) {
      const refused = await call(author, '/api/events', 'POST', newEvent(change))
      expect(refused.status, JSON.stringify(change)).toBe(400)
      expect(refused.body.errors[0].data.errors[0].path).toBe(Object.keys(change)[0])
    }
  })

  it('duplicates a password-protected item only for those who may see its content', async () => {
    const secret = unique('duplicated secret')
    const protectedVenue = await payload.create({
      collection: 'venues',
      data: {
        name: unique('Locked venue'),
        status: 'publish',
        author: administrator.id,
        password: 'pw',
        excerpt: secret,
      } as never,
    })
    const refused = await call(
      contributor,
      `/api/venues/${protectedVenue.id}/duplicate`,
      'POST',
      {},
    )
    expect(refused.status).toBe(403)
    expect(refused.text).not.toContain(secret)
    const open = await payload.create({
      collection: 'venues',
      data: { name: unique('Open venue'), status: 'publish', author: administrator.id } as never,
    })
    expect((await call(contributor, `/api/venues/${open.id}/duplicate`, 'POST', {})).status).toBe(
      200,
    )
    const copy = await call(administrator, `/api/venues/${protectedVenue.id}/duplicate`, 'POST', {})
    expect(copy.status).toBe(200)
    expect(copy.text).toContain(secret)
  })

  it('lets only editors replace or delete images, and authors upload them', async () => {
    const png = Buffer.from(
      'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
      'base64',
    )
    const image = await payload.create({
      collection: 'media',
      data: { alt: 'dot' } as never,
      file: { data: png, mimetype: 'image/png', name: `${unique('dot')}.png`, size: png.length },
    })
    for (const user of [subscriber, contributor, author]) {
      const removed = await call(user, `/api/media/${image.id}`, 'DELETE')
      expect(removed.status, user.role).toBe(403)
      const changed = await call(user, `/api/media/${image.id}`, 'PATCH', { alt: 'defaced' })
      expect(changed.status, user.role).toBe(403)
    }
    expect((await payload.findByID({ collection: 'media', id: image.id })).alt).toBe('dot')

    const upload = (user: TestUser) => {
      const form = new FormData()
      form.append('file', new Blob([png], { type: 'image/png' }), `${unique('upload')}.png`)
      form.append('_payload', JSON.stringify({ alt: 'uploaded' }))
      return fetch(`${api.url}/api/media`, {
        body: form,
        headers: basic(user.email, user.password),
        method: 'POST',
      })
    }
    expect((await upload(contributor)).status).toBe(403)
    expect((await upload(author)).status).toBe(201)
    expect((await call(administrator, `/api/media/${image.id}`, 'DELETE')).status).toBe(200)
  })

  it("keeps an image's address the server's: no caller sets it, a file is required, an outside image keeps its address", async () => {
    const png = Buffer.from(
      'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
      'base64',
    )
    const form = new FormData()
    const name = `${unique('pointed')}.png`
    form.append('file', new Blob([png], { type: 'image/png' }), name)
    form.append(
      '_payload',
      JSON.stringify({
        alt: 'pointed',
        externalSizes: { thumbnail: { url: 'https://evil.example/t.png' } },
        externalUrl: 'https://evil.example/x.png',
        url: 'javascript:alert(1)',
      }),
    )
    const uploaded = await fetch(`${api.url}/api/media`, {
      body: form,
      headers: basic(author.email, author.password),
      method: 'POST',
    })
    expect(uploaded.status).toBe(201)
    const stored = await payload.findByID({
      collection: 'media',
      id: ((await uploaded.json()) as { doc: { id: number } }).doc.id,
    })
    expect(stored).toMatchObject({
      externalSizes: null,
      externalUrl: null,
      url: expect.stringMatching(new RegExp(`/api/media/file/${name}$`)),
    })

    const before = (await payload.count({ collection: 'media' })).totalDocs
    for (const user of [author, administrator]) {
      const fileless = await call(user, '/api/media', 'POST', {
        alt: 'no file',
        externalUrl: 'https://elsewhere.example/poster.png',
        url: 'https://elsewhere.example/poster.png',
      })
      expect(fileless.status, user.role).toBe(400)
    }
    const graphql = await call(administrator, '/api/graphql', 'POST', {
      query: 'mutation { createMedia(data: { alt: "no file" }) { id } }',
    })
    expect(graphql.body.errors?.length).toBeGreaterThan(0)
    expect((await payload.count({ collection: 'media' })).totalDocs).toBe(before)

    // The importer's kind: an image kept by its address on the site it came from.
    const address = 'https://old.example/wp-content/uploads/2026/11/poster.jpg'
    const sizes = {
      thumbnail: {
        width: 150,
        height: 150,
        'mime-type': 'image/jpeg',
        filesize: 900,
        url: 'https://old.example/wp-content/uploads/2026/11/poster-150x150.jpg',
      },
    }
    const outside = await payload.create({
      collection: 'media',
      data: {
        alt: 'outside',
        externalSizes: sizes,
        externalUrl: address,
        filesize: 5000,
        height: 600,
        mimeType: 'image/jpeg',
        width: 800,
      } as never,
    })
    for (const body of [
      { alt: 'renamed' },
      {
        alt: 'moved',
        externalSizes: {},
        externalUrl: 'https://evil.example/x.png',
        url: 'https://evil.example/x.png',
      },
    ]) {
      const patched = await call(administrator, `/api/media/${outside.id}`, 'PATCH', body)
      expect(patched.status, patched.text).toBe(200)
    }
    await payload.update({
      collection: 'media',
      data: { alt: 'by the server' } as never,
      id: outside.id,
    })
    const kept = await call(subscriber, `/api/media/${outside.id}`, 'GET')
    expect(kept.body).toMatchObject({
      alt: 'by the server',
      externalSizes: sizes,
      externalUrl: address,
      thumbnailURL: sizes.thumbnail.url,
      url: address,
    })
    const graphqlRead = await call(subscriber, '/api/graphql', 'POST', {
      query: `{ Media(id: ${outside.id}) { url thumbnailURL } }`,
    })
    expect(graphqlRead.body.data.Media).toEqual({ thumbnailURL: sizes.thumbnail.url, url: address })

    const event = await payload.create({
      collection: 'events',
      data: newEvent({ image: outside.id, status: 'publish' }) as never,
    })
    const read = await fetch(`${api.url}/wp-json/vendor/events/v1/events/${event.id}`)
    expect(((await read.json()) as { image: unknown }).image).toEqual({
      url: address,
      id: outside.id,
      extension: 'jpg',
      width: 800,
      height: 600,
      filesize: 5000,
      sizes,
    })
  })
})
