import type { Payload } from 'payload'

import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import { basic, serveCompatApi, type TestServer } from '../helpers/http'
import { createUser, getTestPayload, type TestUser, unique } from '../helpers/payload'
import { pluginOptionsOf } from '../../src/pluginOptions'

/*
 * Behind a CDN (the `cdn` option, docs/caching.md "Behind a CDN"), what the compatibility API
 * refuses a visitor is kept by the CDN too: a draft's 403, an unknown id's 404 and a protected
 * event's 403 must be filed under their collection's key, so that publishing the item (or removing
 * its password) purges them; and the 401 of a wrong password belongs to its sender, so no shared
 * cache may keep it for everyone (a shared cache may keep an answer to a request with
 * `Authorization` when it says `s-maxage`: RFC 9111 3.5).
 */
describe('refusals behind a CDN', () => {
  let payload: Payload
  let api: TestServer
  let admin: TestUser
  const ids: Record<'draft' | 'protected' | 'published', number> = {
    draft: 0,
    protected: 0,
    published: 0,
  }
  const root = '/wp-json/vendor/events/v1'

  beforeAll(async () => {
    payload = await getTestPayload()
    admin = await createUser(payload, 'administrator')
    api = await serveCompatApi(payload, {
      ...pluginOptionsOf(payload),
      cdn: { maxAge: 600, purge: null, staleWhileRevalidate: 0 },
    })
    const create = async (data: Record<string, unknown>) =>
      (
        await payload.create({
          collection: 'events',
          data: {
            title: unique('cdn refusal'),
            startDate: '2027-05-01T10:00:00Z',
            endDate: '2027-05-01T11:00:00Z',
            status: 'publish',
            ...data,
          } as never,
        })
      ).id as number
    ids.draft = await create({ status: 'draft' })
    ids.protected = await create({ password: 'sesame' })
    ids.published = await create({})
  })
  afterAll(() => api?.close())

  const get = (path: string, headers: Record<string, string> = {}) =>
    fetch(`${api.url}${root}${path}`, { headers })
  const keysOf = (response: Response) => response.headers.get('surrogate-key')?.split(' ') ?? []

  it("files a visitor's 403 and 404 under the events' key, which publishing or creating an event purges", async () => {
    for (const [path, status] of [
      [`/events/${ids.draft}`, 403],
      [`/events/${ids.protected}`, 403],
      ['/events/999999999', 404],
    ] as const) {
      const refused = await get(path)
      expect(refused.status, path).toBe(status)
      expect(refused.headers.get('cache-control'), path).toContain('s-maxage=600')
      expect(keysOf(refused), path).toContain('tec-events')
      expect(refused.headers.get('cache-tag')?.split(','), path).toContain('tec-events')
    }
    // A found event keeps its own keys, as before.
    const found = await get(`/events/${ids.published}`)
    expect(found.status).toBe(200)
    expect(keysOf(found).length).toBeGreaterThan(0)
  })

  it("keeps the 401 of a wrong password out of shared caches; a visitor's answer to the same address stays shareable", async () => {
    const wrong = await get(`/events/${ids.published}`, basic(admin.email, 'not the password'))
    expect(wrong.status).toBe(401)
    expect(wrong.headers.get('cache-control')).not.toMatch(/s-maxage/)
    const visitor = await get(`/events/${ids.published}`)
    expect(visitor.status).toBe(200)
    expect(visitor.headers.get('cache-control')).toContain('s-maxage=600')
    // Signed in: personal, as before.
    const signedIn = await get(`/events/${ids.draft}`, basic(admin.email, admin.password))
    expect(signedIn.status).toBe(200)
    expect(signedIn.headers.get('cache-control')).toMatch(/private/)
  })
})
