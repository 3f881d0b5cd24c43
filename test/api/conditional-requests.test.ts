import type { Payload } from 'payload'

import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import { basic, serveCompatApi, type TestServer } from '../helpers/http'
import { createUser, getTestPayload, type TestUser, unique } from '../helpers/payload'

/*
 * ETag, 304 and Cache-Control on the compatibility API, and the whole answers kept for visitors
 * (`endpoints/conditional.ts`, `endpoints/visitorResponses.ts`), over HTTP: what a visitor is
 * answered from what was kept never outlives a write, never reaches a signed-in caller, and never
 * crosses languages. The test clock is fixed (test/setupEnv.ts), so answers of one URL share a key.
 */

describe('conditional requests and the visitors’ answers', () => {
  let payload: Payload
  let api: TestServer
  let admin: TestUser
  const DATES = { startDate: '2027-04-01T10:00:00.000Z', endDate: '2027-04-01T12:00:00.000Z' }

  const get = async (path: string, headers: Record<string, string> = {}, root = '/wp-json') => {
    const response = await fetch(`${api.url}${root}/vendor/events/v1${path}`, { headers })
    const text = await response.text()
    return {
      body: text ? JSON.parse(text) : null,
      headers: response.headers,
      status: response.status,
      text,
    }
  }
  const newEvent = async (title: string, status = 'publish') =>
    (
      await payload.create({
        collection: 'events',
        data: { title, ...DATES, status } as never,
        overrideAccess: true,
      })
    ).id as number

  beforeAll(async () => {
    payload = await getTestPayload()
    api = await serveCompatApi(payload)
    admin = await createUser(payload, 'administrator')
  })
  afterAll(() => api.close())

  it('gives every GET an ETag and answers 304 to If-None-Match naming it; a write changes it', async () => {
    const id = await newEvent(unique('Etag concert'))
    const first = await get(`/events/${id}`)
    expect(first.status).toBe(200)
    const etag = first.headers.get('etag')
    expect(etag).toMatch(/^W\/"[A-Za-z0-9_-]+"$/)
    expect(first.headers.get('cache-control')).toBe('public, no-cache')

    const again = await get(`/events/${id}`, { 'If-None-Match': etag! })
    expect(again.status).toBe(304)
    expect(again.text).toBe('')
    expect(again.headers.get('etag')).toBe(etag)
    // The strong form of the same tag, and a list that names it, match too; another tag does not.
    expect((await get(`/events/${id}`, { 'If-None-Match': `"x", ${etag!.slice(2)}` })).status).toBe(
      304,
    )
    expect((await get(`/events/${id}`, { 'If-None-Match': 'W/"something-else"' })).status).toBe(200)

    const renamed = unique('Renamed concert')
    await payload.update({
      collection: 'events',
      id,
      data: { title: renamed } as never,
      overrideAccess: true,
    })
    const changed = await get(`/events/${id}`, { 'If-None-Match': etag! })
    expect(changed.status).toBe(200)
    expect(changed.body.title).toBe(renamed)
    expect(changed.headers.get('etag')).not.toBe(etag)

    // Lists, errors and the namespace index have one too.
    for (const path of ['/events', '/venues', '/categories', '', '/events/999999999']) {
      const answer = await get(path)
      expect(answer.headers.get('etag'), path).toMatch(/^W\/"/)
    }
    // A 304 is only for what would be a 200.
    const missing = await get('/events/999999999')
    expect(
      (await get('/events/999999999', { 'If-None-Match': missing.headers.get('etag')! })).status,
    ).toBe(missing.status)
  })

  it('never answers a signed-in caller with a visitor’s answer, nor validates its ETag', async () => {
    const title = unique('Draftonly')
    await newEvent(title, 'draft')
    const path = `/events?search=${encodeURIComponent(title)}`
    const visitor = await get(path)
    expect(visitor.body.total).toBe(0)
    expect((await get(path)).headers.get('etag')).toBe(visitor.headers.get('etag'))

    const signedIn = await get(path, {
      ...basic(admin.email, admin.password),
      'If-None-Match': visitor.headers.get('etag')!,
    })
    expect(signedIn.status).toBe(200)
    expect(signedIn.body.total).toBe(1)
    expect(signedIn.body.events[0].title).toBe(title)
    expect(signedIn.headers.get('cache-control')).toBe(
      'no-cache, must-revalidate, max-age=0, no-store, private',
    )
    expect(signedIn.headers.get('expires')).toBe('Wed, 11 Jan 1984 05:00:00 GMT')
    expect(signedIn.headers.get('etag')).not.toBe(visitor.headers.get('etag'))
    // …and the visitor still gets the visitor's answer after it.
    expect((await get(path)).body.total).toBe(0)
  })

  it('never serves unpublished or trashed content from a kept answer once the change has committed', async () => {
    const title = unique('Soon hidden')
    const id = await newEvent(title)
    const list = `/events?search=${encodeURIComponent(title)}`
    expect((await get(list)).body.total).toBe(1)
    expect((await get(`/events/${id}`)).status).toBe(200)
    expect((await get(`/events/${id}`)).body.title).toBe(title)

    await payload.update({
      collection: 'events',
      id,
      data: { status: 'draft' } as never,
      overrideAccess: true,
    })
    const after = await get(list)
    expect(after.body.total).toBe(0)
    expect(after.body.events).toEqual([])
    const single = await get(`/events/${id}`)
    expect(single.status).toBe(403)
    expect(single.text).not.toContain(title)

    await payload.update({
      collection: 'events',
      id,
      data: { status: 'publish' } as never,
      overrideAccess: true,
    })
    expect((await get(list)).body.total).toBe(1)
    await payload.update({
      collection: 'events',
      id,
      data: { status: 'trash' } as never,
      overrideAccess: true,
    })
    expect((await get(list)).body.total).toBe(0)
  })

  it('never keeps an answer whose arguments came in a body (a POST sent as a GET), nor serves one to it', async () => {
    const title = unique('Bodyarg')
    await newEvent(title)
    const plain = await get('/events')
    // Other tests' events are listed too: a list the body's search (1 event) cannot be mistaken for.
    expect(plain.body.total).toBeGreaterThan(1)
    const asGet = await fetch(`${api.url}/wp-json/vendor/events/v1/events?_method=GET`, {
      body: JSON.stringify({ search: title }),
      headers: { 'content-type': 'application/json' },
      method: 'POST',
    })
    expect(asGet.status).toBe(200)
    expect(((await asGet.json()) as { total: number }).total).toBe(1)
    const byHeader = await fetch(`${api.url}/wp-json/vendor/events/v1/events`, {
      body: JSON.stringify({ search: title }),
      headers: { 'content-type': 'application/json', 'x-http-method-override': 'GET' },
      method: 'POST',
    })
    expect(((await byHeader.json()) as { total: number }).total).toBe(1)
    // Neither the plain list nor the same URL without the body is answered with the body's search.
    expect((await get('/events')).body.total).toBe(plain.body.total)
    expect((await get('/events?_method=GET')).body.total).toBe(plain.body.total)
  })

  it('keeps a password out of caches: the unlocked answer is private and never reused', async () => {
    const title = unique('Locked gala')
    const id = await newEvent(title)
    await payload.update({
      collection: 'events',
      id,
      data: { password: 'sesame', description: null } as never,
      overrideAccess: true,
    })
    const locked = await get(`/events/${id}`)
    expect(locked.status).toBe(403)
    const unlocked = await get(`/events/${id}?password=sesame`)
    expect(unlocked.status).toBe(200)
    expect(unlocked.body.title).toBe(title)
    expect(unlocked.headers.get('cache-control')).toBe(
      'no-cache, must-revalidate, max-age=0, no-store, private',
    )
    expect((await get(`/events/${id}?password=wrong`)).status).toBe(403)
  })

  it('keeps each language’s answer apart', async () => {
    const english = unique('Harvest dance')
    const id = await newEvent(english)
    await payload.update({
      collection: 'events',
      id,
      locale: 'fr',
      data: { title: `${english} (fr)` } as never,
      overrideAccess: true,
    })
    const en = await get(`/events/${id}`)
    const fr = await get(`/events/${id}`, {}, '/fr/wp-json')
    const frByArg = await get(`/events/${id}?i18n_language=fr`)
    const en2 = await get(`/events/${id}`)
    expect(en.body.title).toBe(english)
    expect(fr.body.title).toBe(`${english} (fr)`)
    expect(frByArg.body.title).toBe(`${english} (fr)`)
    expect(en2.body.title).toBe(english)
    expect(fr.headers.get('etag')).not.toBe(en.headers.get('etag'))
    expect(
      (await get(`/events/${id}`, { 'If-None-Match': en.headers.get('etag')! }, '/fr/wp-json'))
        .status,
    ).toBe(200)
  })

  it('answers HEAD with the GET’s validators and no body', async () => {
    const id = await newEvent(unique('Head check'))
    const got = await get(`/events/${id}`)
    const head = await fetch(`${api.url}/wp-json/vendor/events/v1/events/${id}`, { method: 'HEAD' })
    expect(head.status).toBe(200)
    expect(head.headers.get('etag')).toBe(got.headers.get('etag'))
    expect(await head.text()).toBe('')
  })
})
