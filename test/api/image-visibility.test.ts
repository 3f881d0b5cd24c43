import type { Payload } from 'payload'

import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import { basic, serveAllApis } from '../helpers/http'
import { createUser, getTestPayload, type TestUser, unique } from '../helpers/payload'

/**
 * An image used only by items a caller may not read (a draft event's poster, a private venue's
 * photo) is theirs to see on no surface: Payload's REST list, single read and file route, GraphQL,
 * and the compatibility API; an image in the library, or on a published item, is public
 * (`src/access/images.ts`).
 */
describe('images of unpublished items', () => {
  let payload: Payload
  let api: Awaited<ReturnType<typeof serveAllApis>>
  let author: TestUser
  let otherAuthor: TestUser
  let editor: TestUser
  const images: Record<
    'library' | 'draftOnly' | 'shared' | 'authorsDraft' | 'draftVenue' | 'scheduled',
    { filename: string; id: number }
  > = {} as never
  const png = Buffer.from(
    'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
    'base64',
  )
  const secretAlt = unique('Secret launch poster')
  let draftEventId: number
  let publishedEventId: number

  const upload = async (alt: string) => {
    const doc = await payload.create({
      collection: 'media',
      data: { alt } as never,
      file: { data: png, mimetype: 'image/png', name: `${unique('poster')}.png`, size: png.length },
    })
    return { filename: String(doc.filename), id: Number(doc.id) }
  }
  const event = (data: Record<string, unknown>) =>
    payload.create({
      collection: 'events',
      data: {
        title: unique('Image event'),
        startDate: '2027-09-01T10:00:00Z',
        endDate: '2027-09-01T11:00:00Z',
        ...data,
      } as never,
    })
  const get = async (path: string, user?: TestUser) => {
    const response = await fetch(`${api.url}${path}`, {
      headers: user ? basic(user.email, user.password) : {},
    })
    const text = await response.text()
    return { status: response.status, text }
  }
  const graphql = async (query: string, user?: TestUser) => {
    const response = await fetch(`${api.url}/api/graphql`, {
      body: JSON.stringify({ query }),
      headers: {
        'content-type': 'application/json',
        ...(user ? basic(user.email, user.password) : {}),
      },
      method: 'POST',
    })
    return (await response.json()) as { data?: Record<string, unknown>; errors?: unknown[] }
  }
  const listedIds = async (user?: TestUser) => {
    const listed = await get('/api/media?limit=100&depth=0', user)
    expect(listed.status).toBe(200)
    return (JSON.parse(listed.text) as { docs: { id: number }[] }).docs.map((doc) => doc.id)
  }

  beforeAll(async () => {
    payload = await getTestPayload()
    api = await serveAllApis(payload)
    // The first account of a new site is its administrator, whatever it asks for.
    editor = await createUser(payload, 'editor')
    author = await createUser(payload, 'author')
    otherAuthor = await createUser(payload, 'author')
    images.library = await upload('In the library')
    images.draftOnly = await upload(secretAlt)
    images.shared = await upload('On a published event and a draft')
    images.authorsDraft = await upload('On an author’s own draft')
    images.draftVenue = await upload('On a draft venue')
    images.scheduled = await upload('On a scheduled event')
    draftEventId = Number((await event({ image: images.draftOnly.id, status: 'draft' })).id)
    publishedEventId = Number((await event({ image: images.shared.id, status: 'publish' })).id)
    await event({ image: images.shared.id, status: 'draft' })
    await event({ author: author.id, image: images.authorsDraft.id, status: 'draft' })
    await event({
      image: images.scheduled.id,
      publishedAt: '2030-01-01T00:00:00Z',
      status: 'future',
    })
    await payload.create({
      collection: 'venues',
      data: { image: images.draftVenue.id, name: unique('Draft venue'), status: 'draft' } as never,
    })
  })
  afterAll(() => api.close())

  it('hides them from a visitor in Payload’s REST list, single read and file route', async () => {
    const ids = await listedIds()
    expect(ids).toEqual(expect.arrayContaining([images.library.id, images.shared.id]))
    for (const hidden of [
      images.draftOnly,
      images.authorsDraft,
      images.draftVenue,
      images.scheduled,
    ]) {
      expect(ids).not.toContain(hidden.id)
      expect((await get(`/api/media/${hidden.id}`)).status).toBe(404)
      expect([403, 404]).toContain((await get(`/api/media/file/${hidden.filename}`)).status)
    }
    expect((await get(`/api/media/${images.shared.id}`)).status).toBe(200)
    expect((await get(`/api/media/file/${images.library.filename}`)).status).toBe(200)
    const counted = await get('/api/media/count')
    expect(JSON.parse(counted.text).totalDocs).toBe(ids.length)
    expect(
      (await get(`/api/media?limit=100&where[alt][like]=${encodeURIComponent(secretAlt)}`)).text,
    ).not.toContain(secretAlt)
  })

  it('hides the image of a password-protected item from those its password hides it from', async () => {
    const poster = await upload(unique('Poster behind a password'))
    const locked = await event({
      author: author.id,
      image: poster.id,
      password: 'open sesame',
      status: 'publish',
    })
    // The event's own answer blanks its image; so does the media library.
    expect(JSON.parse((await get(`/api/events/${locked.id}?depth=0`)).text).image).toBeNull()
    for (const user of [undefined, otherAuthor]) {
      expect(await listedIds(user)).not.toContain(poster.id)
      expect((await get(`/api/media/${poster.id}`, user)).status).toBe(404)
      expect([403, 404]).toContain((await get(`/api/media/file/${poster.filename}`, user)).status)
    }
    // Its author, who sees its content, and editors see the image.
    for (const user of [author, editor])
      expect((await get(`/api/media/${poster.id}`, user)).status).toBe(200)
    // Shown on an item without a password too, it is the library's.
    await event({ image: poster.id, status: 'publish' })
    expect((await get(`/api/media/${poster.id}`)).status).toBe(200)
  })

  it('lets nobody link an image they may not read, which would show it to everyone', async () => {
    const own = await event({ author: otherAuthor.id, status: 'publish' })
    const link = async (image: number) => {
      const response = await fetch(`${api.url}/api/events/${own.id}`, {
        body: JSON.stringify({ image }),
        headers: {
          'content-type': 'application/json',
          ...basic(otherAuthor.email, otherAuthor.password),
        },
        method: 'PATCH',
      })
      return response.status
    }
    expect(await link(images.draftOnly.id)).toBe(400)
    expect((await get(`/api/media/${images.draftOnly.id}`)).status).toBe(404)
    // The compatibility API refuses it as an id no image has, in the same words.
    const [hidden, missing] = await Promise.all(
      [images.draftOnly.id, 999_999_999].map(async (image) => {
        const response = await fetch(`${api.url}/wp-json/vendor/events/v1/events/${own.id}`, {
          body: JSON.stringify({ image: String(image) }),
          headers: {
            'content-type': 'application/json',
            ...basic(otherAuthor.email, otherAuthor.password),
          },
          method: 'POST',
        })
        return [response.status, await response.json()]
      }),
    )
    expect(hidden).toEqual(missing)
    expect(await link(images.library.id)).toBe(200)
  })

  it('hides them from a visitor over GraphQL', async () => {
    const listed = await graphql('{ allMedia(limit: 100) { docs { id alt } } }')
    const ids = (listed.data?.allMedia as { docs: { id: number }[] }).docs.map((doc) => doc.id)
    expect(ids).toContain(images.shared.id)
    expect(ids).not.toContain(images.draftOnly.id)
    expect(
      JSON.stringify(await graphql(`{ Media(id: ${images.draftOnly.id}) { id alt } }`)),
    ).not.toContain(secretAlt)
  })

  it('shows an author the images of their own drafts, not another author’s', async () => {
    const own = await listedIds(author)
    expect(own).toContain(images.authorsDraft.id)
    expect(own).not.toContain(images.draftOnly.id)
    expect(await listedIds(otherAuthor)).not.toContain(images.authorsDraft.id)
    expect((await get(`/api/media/${images.authorsDraft.id}`, author)).status).toBe(200)
  })

  it('shows an editor every image', async () => {
    expect(await listedIds(editor)).toEqual(
      expect.arrayContaining(Object.values(images).map((image) => image.id)),
    )
  })

  it('serves a published event’s image in the compatibility API, and the draft’s to nobody unseen', async () => {
    const published = await get(`/wp-json/vendor/events/v1/events/${publishedEventId}`)
    expect(published.status).toBe(200)
    expect(JSON.parse(published.text).image).toMatchObject({ id: images.shared.id })
    const draft = await get(`/wp-json/vendor/events/v1/events/${draftEventId}`)
    expect(draft.text).not.toContain(images.draftOnly.filename)
  })

  it('shows the image once its event is published', async () => {
    const image = await upload('Soon public')
    const created = await event({ image: image.id, status: 'draft' })
    expect(await listedIds()).not.toContain(image.id)
    await payload.update({
      collection: 'events',
      data: { status: 'publish' } as never,
      id: created.id,
    })
    expect(await listedIds()).toContain(image.id)
  })
})
