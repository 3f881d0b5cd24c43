import type { Payload } from 'payload'

import express from 'express'
import http from 'node:http'
import type { AddressInfo } from 'node:net'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'

import { EDITOR_MAX_PAGE_SIZE } from '../../src/hooks/capVisitorPageSize'
import { refuseUnsupportedMethods } from '../../src/server/refuseUnsupportedMethods'

import { basic, serveAllApis } from '../helpers/http'
import { createUser, getTestPayload, type TestUser, unique } from '../helpers/payload'

/** What must never reach a client: stack frames, SQL, machine paths, the server's own URLs. */
const INTERNALS =
  /\bat .*\.(ts|js|mjs):\d+|\bselect\b.*\bfrom\b|\binsert into\b|syntax error at|node_modules|\/home\/|\/work\/|\/tmp\/|localhost|127\.0\.0\.1|SQLSTATE|drizzle|postgres/i

type Answer = { body: string; json: any; status: number }

/** A request with any method, which fetch() would refuse for TRACE and TRACK. */
function rawRequest(url: string, method: string): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const request = http.request(url, { method }, (response) => {
      let body = ''
      response
        .setEncoding('utf8')
        .on('data', (chunk: string) => (body += chunk))
        .on('end', () => {
          let json: unknown
          try {
            json = JSON.parse(body)
          } catch {
            json = undefined
          }
          resolve({ body, json, status: response.statusCode ?? 0 })
        })
    })
    request.on('error', reject).end()
  })
}

describe('hostile input, one request each: a 4xx in the surface’s error shape', () => {
  let payload: Payload
  let api: Awaited<ReturnType<typeof serveAllApis>>
  let author: TestUser
  let admin: TestUser
  let eventId: number

  beforeAll(async () => {
    payload = await getTestPayload()
    api = await serveAllApis(payload)
    author = await createUser(payload, 'author')
    admin = await createUser(payload, 'administrator')
    const event = await payload.create({
      collection: 'events',
      data: {
        title: unique('hostile target'),
        startDate: '2027-01-01T10:00:00Z',
        endDate: '2027-01-01T11:00:00Z',
        status: 'publish',
      } as never,
    })
    eventId = event.id as number
  })
  afterAll(() => api.close())

  const send = async (
    method: string,
    path: string,
    options: { body?: unknown; raw?: string; user?: TestUser } = {},
  ): Promise<Answer> => {
    const headers: Record<string, string> = {
      ...(options.user ? basic(options.user.email, options.user.password) : {}),
    }
    let body: string | undefined
    if (options.raw !== undefined) body = options.raw
    else if (options.body !== undefined) body = JSON.stringify(options.body)
    if (body !== undefined) headers['content-type'] = 'application/json'
    const response = await fetch(`${api.url}${path}`, { body, headers, method })
    const text = await response.text()
    let json: unknown
    try {
      json = JSON.parse(text)
    } catch {
      json = undefined
    }
    return { body: text, json, status: response.status }
  }

  /** A compatibility-API refusal: WordPress's `{code, message, data: {status}}`. */
  const expectWpError = (answer: Answer, status: number) => {
    expect(answer.status, answer.body.slice(0, 400)).toBe(status)
    expect(typeof answer.json?.code, answer.body).toBe('string')
    expect(typeof answer.json?.message, answer.body).toBe('string')
    expect(answer.json?.data?.status, answer.body).toBe(status)
    expect(answer.body).not.toMatch(INTERNALS)
  }

  /** A Payload REST refusal: `{errors: [{message}]}` with a 4xx status. */
  const expectPayloadError = (answer: Answer, status: number | number[]) => {
    const allowed = Array.isArray(status) ? status : [status]
    expect(allowed, `${answer.status} ${answer.body.slice(0, 400)}`).toContain(answer.status)
    expect(Array.isArray(answer.json?.errors), answer.body).toBe(true)
    expect(typeof answer.json.errors[0]?.message, answer.body).toBe('string')
    expect(answer.body).not.toMatch(INTERNALS)
  }

  const compat = '/wp-json/vendor/events/v1'
  const event = (extra: Record<string, unknown>) => ({
    title: unique('hostile'),
    start_date: '2027-02-01 10:00:00',
    end_date: '2027-02-01 11:00:00',
    ...extra,
  })

  describe('compatibility API, anonymous: dates no calendar has', () => {
    it.each([
      'start_date=0000-00-00',
      'ends_after=@-99999999999',
      'starts_before=-100000 years',
      'end_date=9999999999999',
      'start_date=%2B300000 years',
    ])('GET events?%s → 400 rest_invalid_param', async (search) => {
      const answer = await send('GET', `${compat}/events?${search.replace(/ /g, '%20')}`)
      expectWpError(answer, 400)
      expect(answer.json.code).toBe('rest_invalid_param')
      expect(Object.keys(answer.json.data.params)).toEqual([search.split('=')[0]])
    })
  })

  describe('compatibility API, as a writer: values beyond what the database stores', () => {
    it.each([
      ['start_date', { start_date: '0000-00-00 00:00:00' }],
      ['start_date', { start_date: '-100000 years' }],
      ['end_date', { end_date: '-100000 years' }],
      ['tags', { tags: 2147483648 }],
      ['categories', { categories: [99999999999] }],
    ])('POST events with a bad %s → 400 naming it, nothing written', async (param, extra) => {
      const before = await payload.count({ collection: 'events' })
      const answer = await send('POST', `${compat}/events`, { body: event(extra), user: author })
      expectWpError(answer, 400)
      expect(answer.json.code).toBe('rest_invalid_param')
      expect(Object.keys(answer.json.data.params)).toContain(param)
      expect(await payload.count({ collection: 'events' })).toEqual(before)
    })

    it.each([2147483648, '0x10', '1e3', -5, '99999999999'])(
      'POST categories with parent %s (also the name of a category) → 400, nothing written',
      async (parent) => {
        // A category may well be named so: a name must not pass for an id.
        await payload
          .create({ collection: 'event-categories', data: { name: String(parent) } as never })
          .catch(() => undefined)
        const before = await payload.count({ collection: 'event-categories' })
        const answer = await send('POST', `${compat}/categories`, {
          body: { name: unique('cat'), parent },
          user: admin,
        })
        expectWpError(answer, 400)
        expect(Object.keys(answer.json.data.params ?? {})).toContain('parent')
        expect(await payload.count({ collection: 'event-categories' })).toEqual(before)
      },
    )
  })

  describe('Payload REST', () => {
    it.each(['events', 'venues', 'organizers'])(
      'GET /api/%s/versions → 403 for a visitor, the revisions for an administrator',
      async (slug) => {
        expectPayloadError(await send('GET', `/api/${slug}/versions`), 403)
        const revisions = await send('GET', `/api/${slug}/versions?limit=1`, { user: admin })
        expect(revisions.status).toBe(200)
        expect(Array.isArray(revisions.json?.docs)).toBe(true)
      },
    )

    it.each([
      '/api/venues/abc',
      '/api/events/1.5',
      '/api/organizers/99999999999',
      '/api/events/-1',
      '/api/event-tags/0x10',
    ])('GET %s → 404', async (path) => {
      expectPayloadError(await send('GET', path, { user: admin }), 404)
    })

    it.each(['PATCH', 'DELETE'])('%s /api/venues/abc → 404, nothing changed', async (method) => {
      const before = await payload.count({ collection: 'venues' })
      expectPayloadError(
        await send(method, '/api/venues/abc', { body: { title: 'x' }, user: admin }),
        404,
      )
      expect(await payload.count({ collection: 'venues' })).toEqual(before)
    })

    it.each([
      'page=-1',
      'page=0',
      'page=abc',
      'page=99999999999',
      'limit=1e+21',
      'limit=0.5',
      'limit=-3',
      'limit=abc',
    ])('GET /api/events?%s → 400', async (search) => {
      expectPayloadError(await send('GET', `/api/events?${search}`), 400)
    })

    it('logs a refused query as one line at info with its message, not as an error with its stack', async () => {
      const error = vi.spyOn(payload.logger, 'error')
      const info = vi.spyOn(payload.logger, 'info')
      try {
        expectPayloadError(await send('GET', '/api/events?page=-1'), 400)
        expectPayloadError(await send('GET', '/api/events?where[title][near]=1,2,100,0'), 400)
        expect(error).not.toHaveBeenCalled()
        const lines = info.mock.calls.map(([line]) => line as { msg?: string })
        expect(lines).toContainEqual({
          msg: expect.stringContaining('The page must be a whole number'),
        })
      } finally {
        error.mockRestore()
        info.mockRestore()
      }
    })

    it.each(['near', 'within', 'intersects'])('where[title][%s] → 400', async (operator) => {
      const value =
        operator === 'near' ? '1,2,100,0' : JSON.stringify({ type: 'Point', coordinates: [1, 2] })
      expectPayloadError(
        await send('GET', `/api/events?where[title][${operator}]=${encodeURIComponent(value)}`),
        400,
      )
      expectPayloadError(
        await send(
          'GET',
          `/api/events?where[startDate][${operator}]=${encodeURIComponent(value)}`,
          { user: admin },
        ),
        400,
      )
    })

    it.each([
      'where[venue][equals]=abc',
      'where[id][in]=1,99999999999',
      'where[organizers][in]=1.5',
      'where[startDate][greater_than]=-100000-01-01T00:00:00Z',
      'where[startDate][equals]=not%20a%20date',
      'where[title][all]=x',
      // Postgres's adapter has no "all": on a field with many values it threw (a 500).
      'where[organizers][all][0]=1',
      'where[tags][all]=1,2',
      'where[venue.title][near]=1,2',
    ])('GET /api/events?%s → 400', async (search) => {
      expectPayloadError(await send('GET', `/api/events?${search}`, { user: admin }), 400)
    })

    it.each(['where=abc', 'where=1e309,0.5', 'data=%7B', 'where=@-99999999999'])(
      'GET /api/events?%s (unreadable JSON) → 400',
      async (search) => {
        expectPayloadError(await send('GET', `/api/events?${search}`), 400)
      },
    )

    it.each([
      'where[description][like]=x',
      'where[categories][not_like]=985348752640',
      'where[status][like]=pub',
    ])('a text operator on a field that is not text: GET /api/events?%s → 400', async (search) => {
      expectPayloadError(await send('GET', `/api/events?${search}`, { user: admin }), 400)
    })

    it('Payload’s own collections get the same guards: GET /api/payload-preferences?where[id][contains]=1 → 400', async () => {
      expectPayloadError(
        await send('GET', '/api/payload-preferences?where[id][contains]=1', { user: author }),
        400,
      )
      expectPayloadError(
        await send('GET', '/api/payload-locked-documents/abc', { user: author }),
        404,
      )
    })

    it('GraphQL: a body that is not JSON → 400, no stack', async () => {
      const response = await fetch(`${api.url}/api/graphql`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: '{',
      })
      const text = await response.text()
      expect(response.status, text).toBe(400)
      expect(text).not.toMatch(INTERNALS)
    })

    it('a NUL character in a where value is no 500', async () => {
      const answer = await send('GET', '/api/events?where[title][equals]=a%00b')
      expect(answer.status, answer.body).toBe(200)
    })

    it.each(['PROPFIND', 'MKCOL', 'LINK'])('%s /api/events → 405 (the handler)', async (method) => {
      const answer = await send(method, '/api/events')
      expectPayloadError(answer, 405)
      expectPayloadError(await send(method, '/api/graphql'), 405)
    })

    it.each(['TRACE'])(
      '%s /api/events → 405 (the server’s method guard, before a fetch Request is built)',
      async (method) => {
        // fetch() refuses these methods, and so does `new Request()` on the server side.
        const app = express()
        app.use(refuseUnsupportedMethods)
        app.all('/{*any}', (_req, res) => res.status(200).end())
        const server = app.listen(0, '127.0.0.1')
        await new Promise((resolve) => server.once('listening', resolve))
        try {
          const answer = await rawRequest(
            `http://127.0.0.1:${(server.address() as AddressInfo).port}/api/events`,
            method,
          )
          expectPayloadError(answer, 405)
        } finally {
          server.close()
        }
      },
    )

    it.each([
      ['endDate', false],
      ['endDate', 'NaN'],
      ['endDate', 'not a date'],
      ['endDate', 1e20],
      ['endDate', { a: 1 }],
      ['startDate', '-100000-01-01T00:00:00Z'],
      ['startDate', '0000-01-01T00:00:00Z'],
      ['endDate', '+200000-01-01T00:00:00Z'],
      ['endDate', '10000-01-01T00:00:00Z'],
    ])('POST /api/events with %s %j → 400, nothing written', async (name, value) => {
      const before = await payload.count({ collection: 'events' })
      const answer = await send('POST', '/api/events', {
        body: {
          title: unique('x'),
          startDate: '2027-03-01T10:00:00Z',
          endDate: '2027-03-01T11:00:00Z',
          [name]: value,
        },
        user: admin,
      })
      expectPayloadError(answer, 400)
      expect(await payload.count({ collection: 'events' })).toEqual(before)
    })

    it('PATCH /api/events/:id with startDate in 5001 BC → 400, nothing changed', async () => {
      const before = await payload.findByID({ collection: 'events', id: eventId, depth: 0 })
      const answer = await send('PATCH', `/api/events/${eventId}`, {
        body: { startDate: '-005000-01-01T00:00:00Z' },
        user: admin,
      })
      expectPayloadError(answer, 400)
      expect(
        (await payload.findByID({ collection: 'events', id: eventId, depth: 0 })).updatedAt,
      ).toEqual(before.updatedAt)
    })

    it('a NUL character in rich text or a title is not stored, and is no 500', async () => {
      const description = {
        root: {
          type: 'root',
          version: 1,
          direction: null,
          format: '',
          indent: 0,
          children: [
            {
              type: 'paragraph',
              version: 1,
              direction: null,
              format: '',
              indent: 0,
              textFormat: 0,
              children: [
                {
                  type: 'text',
                  version: 1,
                  text: 'before\u0000after',
                  detail: 0,
                  format: 0,
                  mode: 'normal',
                  style: '',
                },
              ],
            },
          ],
        },
      }
      const answer = await send('POST', '/api/events', {
        body: {
          title: `nul\u0000${unique('t')}`,
          startDate: '2027-03-01T10:00:00Z',
          endDate: '2027-03-01T11:00:00Z',
          description,
        },
        user: admin,
      })
      expect(answer.status, answer.body.slice(0, 400)).toBeLessThan(500)
      expect(answer.body).not.toMatch(INTERNALS)
      if (answer.status < 300) {
        const stored = await payload.findByID({
          collection: 'events',
          id: answer.json.doc.id,
          depth: 0,
        })
        expect(JSON.stringify(stored)).not.toContain('\\u0000')
      }
    })

    it.each(['null', '"x"', '[1]', '5'])(
      'POST /api/venues with the JSON body %s → 400, nothing written',
      async (raw) => {
        const before = await payload.count({ collection: 'venues' })
        expectPayloadError(await send('POST', '/api/venues', { raw, user: admin }), 400)
        expect(await payload.count({ collection: 'venues' })).toEqual(before)
      },
    )

    it('a JSON body with NaN is invalid JSON → 400', async () => {
      expectPayloadError(
        await send('POST', '/api/events', { raw: '{"title":"x","endDate":NaN}', user: admin }),
        400,
      )
    })

    const internalRequests = (slug: string) =>
      [
        ['GET', `/api/${slug}`],
        ['GET', `/api/${slug}/1`],
        ['POST', `/api/${slug}`],
        ['DELETE', `/api/${slug}/1`],
        ['GET', `/api/${slug}/abc`],
        ['PATCH', `/api/${slug}/abc`],
      ] as const

    it.each([
      'payload-migrations',
      'payload-jobs',
      'payload-locked-documents',
      'payload-preferences',
      'payload-kv',
    ])('/api/%s: 404 for visitors, no 5xx or URL for anyone', async (slug) => {
      for (const user of [undefined, author, admin]) {
        for (const [method, path] of internalRequests(slug)) {
          const answer = await send(method, path, {
            body: method === 'POST' || method === 'PATCH' ? { name: 'x' } : undefined,
            user,
          })
          const what = `${user?.role ?? 'visitor'} ${method} ${path} → ${answer.status} ${answer.body.slice(0, 300)}`
          expect(answer.status, what).toBeLessThan(500)
          if (!user) expectPayloadError(answer, 404)
          expect(answer.body, what).not.toMatch(INTERNALS)
        }
      }
    })

    it('a signed-in user deletes their own preference, and a key they do not have is 404 (src/db/payloadInternals/deleteOwnPreference.ts)', async () => {
      const key = `hostile-${Date.now()}`
      expect(
        (
          await send('POST', `/api/payload-preferences/${key}`, {
            body: { value: { a: 1 } },
            user: author,
          })
        ).status,
      ).toBe(200)
      expect(
        (await send('DELETE', `/api/payload-preferences/${key}`, { user: admin })).status,
      ).toBe(404)
      expect(
        (await send('DELETE', `/api/payload-preferences/${key}`, { user: author })).status,
      ).toBe(200)
      expect(
        (await send('GET', `/api/payload-preferences/${key}`, { user: author })).body,
      ).not.toContain('"a":1')
      expect(
        (await send('DELETE', `/api/payload-preferences/${key}`, { user: author })).status,
      ).toBe(404)
    })

    it('/api/payload-migrations is 404 for everyone, administrators included', async () => {
      for (const user of [undefined, author, admin]) {
        for (const [method, path] of internalRequests('payload-migrations'))
          expectPayloadError(await send(method, path, { user }), 404)
      }
    })

    it('an unknown route is a 404 in Payload’s error shape', async () => {
      expectPayloadError(await send('GET', '/api/no-such-collection'), 404)
    })

    it('a body over 1 MiB → 413 in Payload’s shape', async () => {
      const answer = await send('POST', '/api/events', {
        body: { title: 'x'.repeat(1024 * 1024 + 10) },
        user: admin,
      })
      expectPayloadError(answer, 413)
    })
  })

  describe("a visitor's page of the calendar holds at most 100 items", () => {
    it.each(['limit=0', 'limit=1000', 'pagination=false', 'limit=5&pagination=false'])(
      'REST ?%s: cut to 100, paged',
      async (query) => {
        for (const collection of ['events', 'venues', 'organizers', 'event-categories', 'media']) {
          const answer = await send('GET', `/api/${collection}?${query}`)
          expect(answer.status, collection).toBe(200)
          expect(answer.json, collection).toMatchObject({ limit: 100 })
        }
      },
    )

    it('GraphQL Events(limit: 0) and (pagination: false): cut to 100; an author’s page is cut at 1,000, the server’s is not', async () => {
      for (const query of [
        '{ Events(limit: 0) { limit } }',
        '{ Events(pagination: false, limit: 500) { limit } }',
      ]) {
        const answer = await send('POST', '/api/graphql', { body: { query } })
        expect(answer.json?.data?.Events, query).toEqual({ limit: 100 })
      }
      for (const query of ['limit=0', 'pagination=false', 'limit=5000'])
        for (const collection of ['events', 'venues', 'organizers'])
          expect(
            (await send('GET', `/api/${collection}?${query}`, { user: author })).json,
            `${collection}?${query}`,
          ).toMatchObject({ limit: EDITOR_MAX_PAGE_SIZE })
      expect((await send('GET', '/api/events?limit=20', { user: author })).json).toMatchObject({
        limit: 20,
      })
      // Categories and tags are not cut: the category tree reads every category (src/admin/CategoryTreeField.tsx).
      for (const collection of ['event-categories', 'event-tags']) {
        const terms = await send('GET', `/api/${collection}?limit=0`, { user: author })
        expect(terms.status, collection).toBe(200)
        expect(terms.json.limit, collection).not.toBe(EDITOR_MAX_PAGE_SIZE)
      }
      // The admin panel's list, as @payloadcms/next's list view reads the URL's `limit`.
      const adminList = await payload.find({
        collection: 'events',
        includeLockStatus: true,
        limit: 0,
        overrideAccess: false,
        user: { ...author, collection: 'users' } as never,
      })
      expect(adminList.limit).toBe(EDITOR_MAX_PAGE_SIZE)
      expect(
        (await payload.find({ collection: 'events', limit: 0, overrideAccess: false })).limit,
      ).toBe(0)
    })
  })

  describe('GraphQL', () => {
    it('a document nested 1,000 levels deep → a fast 400 that names no internals; one within the bound is answered', async () => {
      const deep = `{ Events(where: ${'{ OR: ['.repeat(1000)}{ title: { equals: "x" } }${']}'.repeat(1000)}) { docs { id } } }`
      const started = performance.now()
      const answer = await send('POST', '/api/graphql', { body: { query: deep } })
      expect(answer.status, answer.body.slice(0, 300)).toBe(400)
      expect(answer.body).toMatch(/nested more than 32 levels/)
      expect(answer.body).not.toMatch(/stack|call/i)
      expect(performance.now() - started).toBeLessThan(2_000)
      // Braces inside strings and comments are no nesting.
      const shallow = `{ Events(where: { title: { equals: "${'{'.repeat(100)}" } }) { docs { id } } } # ${'['.repeat(100)}`
      const answered = await send('POST', '/api/graphql', { body: { query: shallow } })
      expect(answered.status, answered.body.slice(0, 300)).toBe(200)
      expect(answered.json?.data?.Events).toEqual({ docs: [] })
    })

    it('ten aliased pages of 100 events with related items → an error naming the budget before anything is read; one such page is answered; fragments spread into a billion fields are a fast 400', async () => {
      const page = (n: number) =>
        `a${n}: Events(limit: 100, page: ${n + 1}) { docs { id title venue { id } organizers { id } categories { id } } }`
      const aliased = await send('POST', '/api/graphql', {
        body: { query: `{ ${Array.from({ length: 10 }, (_, n) => page(n)).join(' ')} }` },
      })
      // As any invalid GraphQL document (Payload's complexity rule too): an error and no data.
      expect(aliased.status, aliased.body.slice(0, 300)).toBeLessThan(500)
      expect(aliased.json?.errors?.[0]?.message).toMatch(
        /would read about 4,000 documents; one request may read at most 1,000/,
      )
      expect(aliased.json?.data).toBeUndefined()
      // The same through a variable and a fragment.
      const viaVariable = await send('POST', '/api/graphql', {
        body: {
          query: `query ($n: Int) { ${Array.from({ length: 10 }, (_, n) => `a${n}: Events(limit: $n) { docs { ...item } }`).join(' ')} } fragment item on Event { id venue { id } organizers { id } categories { id } }`,
          variables: { n: 100 },
        },
      })
      expect(viaVariable.json?.errors?.[0]?.message, viaVariable.body.slice(0, 300)).toMatch(
        /would read about 4,000 documents/,
      )
      const one = await send('POST', '/api/graphql', { body: { query: `{ ${page(0)} }` } })
      expect(one.status, one.body.slice(0, 300)).toBe(200)
      expect(Array.isArray(one.json?.data?.a0?.docs)).toBe(true)
      // Thirty fragments each spreading the next twice select a billion fields once spread (graphql-js's
      // merge check and Payload's complexity rule walk them all): a fast 400 before either runs.
      const fragments = Array.from(
        { length: 30 },
        (_, n) => `fragment f${n} on Event { id ${n < 29 ? `...f${n + 1} ...f${n + 1}` : ''} }`,
      ).join(' ')
      const started = performance.now()
      const spread = await send('POST', '/api/graphql', {
        body: { query: `{ Events(limit: 1) { docs { ...f0 } } } ${fragments}` },
      })
      expect(spread.status, spread.body.slice(0, 300)).toBe(400)
      expect(spread.json?.errors?.[0]?.message).toMatch(
        /more than 10,000 fields once its fragments are spread/,
      )
      expect(performance.now() - started).toBeLessThan(5_000)
    })

    it('aliased pages asked for their totals alone, or unpaged, count what Payload reads of them: refused past the budget before anything is read', async () => {
      // Payload reads each whole page (and runs its read hooks) to answer `totalDocs` alone.
      const totals = await send('POST', '/api/graphql', {
        body: {
          query: `{ ${Array.from({ length: 20 }, (_, n) => `a${n}: Events(limit: 100, page: ${n + 1}) { totalDocs }`).join(' ')} }`,
        },
      })
      expect(totals.status, totals.body.slice(0, 300)).toBeLessThan(500)
      expect(totals.json?.errors?.[0]?.message).toMatch(
        /would read about 2,000 documents; one request may read at most 1,000/,
      )
      expect(totals.json?.data).toBeUndefined()
      const unpaged = await send('POST', '/api/graphql', {
        body: {
          query: `{ ${Array.from({ length: 20 }, (_, n) => `a${n}: Events(pagination: false) { docs { id } }`).join(' ')} }`,
        },
      })
      expect(unpaged.json?.errors?.[0]?.message, unpaged.body.slice(0, 300)).toMatch(
        /would read about 2,000 documents/,
      )
      // One such total, and a count, are answered.
      const one = await send('POST', '/api/graphql', {
        body: { query: '{ Events(limit: 100) { totalDocs } countEvents { totalDocs } }' },
      })
      expect(one.status, one.body.slice(0, 300)).toBe(200)
      expect(typeof one.json?.data?.Events?.totalDocs).toBe('number')
      expect(typeof one.json?.data?.countEvents?.totalDocs).toBe('number')
    })

    it('a 20 MB body → 413', async () => {
      const query = `{ Events(limit: 1) { docs { id } } } #${'x'.repeat(20 * 1024 * 1024)}`
      const answer = await send('POST', '/api/graphql', { body: { query } })
      expect(answer.status, answer.body.slice(0, 300)).toBe(413)
      expect(Array.isArray(answer.json?.errors)).toBe(true)
    })

    it.each([
      '{ Events(page: -1) { docs { id } } }',
      '{ Events(limit: 0) { docs { id } } }',
      '{ Event(id: 99999999999) { id } }',
      '{ Venue(id: 99999999999) { id } }',
      '{ Events(where: { title: { near: "1,2" } }) { docs { id } } }',
      '{ Events(where: { startDate: { equals: "0000-00-00" } }) { docs { id } } }',
      '{ Events(where: { id: { equals: 99999999999 } }) { docs { id } } }',
    ])('%s → no 5xx, no internals', async (query) => {
      const answer = await send('POST', '/api/graphql', { body: { query }, user: admin })
      expect(answer.status, answer.body.slice(0, 400)).toBeLessThan(500)
      expect(answer.body).not.toMatch(INTERNALS)
      if (answer.json?.errors) {
        for (const error of answer.json.errors)
          expect(error.extensions?.statusCode ?? 400, JSON.stringify(error)).toBeLessThan(500)
      }
    })
  })
})
