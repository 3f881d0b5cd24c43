import type { Payload } from 'payload'

import fc from 'fast-check'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import { createUser, getTestPayload, type TestUser, unique } from '../helpers/payload'
import { basic, serveCompatApi } from '../helpers/http'

const COLLECTIONS = ['events', 'venues', 'organizers', 'event-categories', 'event-tags'] as const

/** Values that have broken parsers, queries and renderers before. */
const nasty = fc.oneof(
  fc.constantFrom(
    "' OR 1=1 --",
    '"; DROP TABLE events; --',
    '<script>alert(1)</script>',
    '../../etc/passwd',
    '%00',
    '\u0000',
    '𝕳𝖊𝖑𝖑𝖔 🎉 ñ ü 中文',
    'NaN',
    'Infinity',
    '-1',
    '0',
    '1e309',
    '9999999999999999999999',
    '2026-13-45',
    'tomorrow 25pm',
    '@99999999999999',
    '[]',
    '{}',
    'null',
    'true',
    ' ',
    '',
    'a'.repeat(5000),
  ),
  fc.string({ maxLength: 40 }),
  fc.integer().map(String),
  fc.double().map(String),
)

const PARAMS = [
  'page',
  'per_page',
  'start_date',
  'end_date',
  'starts_before',
  'starts_after',
  'ends_before',
  'ends_after',
  'strict_dates',
  'search',
  'categories',
  'tags',
  'venue',
  'organizer',
  'featured',
  'status',
  'geoloc',
  'geoloc_lat',
  'geoloc_lng',
  'include',
  'post_parent',
  'ticketed',
  'event',
  'has_events',
  'only_with_upcoming',
  'exclude',
  'order',
  'orderby',
  'hide_empty',
  'parent',
  'post',
  'slug',
  'password',
  'i18n_language',
  '_method',
  'title',
  'venue[venue]',
  'tags[]',
  'categories[0]',
  'a[b][c][d][e][f]',
]

const query = fc
  .array(fc.tuple(fc.constantFrom(...PARAMS), nasty), { maxLength: 6 })
  .map((pairs) =>
    pairs
      .map(
        ([key, value]) =>
          `${encodeURIComponent(key).replace(/%5B/g, '[').replace(/%5D/g, ']')}=${encodeURIComponent(value)}`,
      )
      .join('&'),
  )

const segment = fc.oneof(
  fc.constantFrom('1', '0', '999999', '-1', 'abc', '%2F', '..', '%00', 'by-slug', 'a'.repeat(300)),
  fc.nat(5000).map(String),
  fc.string({ maxLength: 12 }).map(encodeURIComponent),
)
const path = fc.oneof(
  fc.constantFrom('', '/doc', '/events', '/venues', '/organizers', '/categories', '/tags'),
  fc
    .tuple(fc.constantFrom('/events', '/venues', '/organizers', '/categories', '/tags'), segment)
    .map(([base, id]) => `${base}/${id}`),
  fc
    .tuple(fc.constantFrom('/events', '/venues', '/organizers'), segment)
    .map(([base, slug]) => `${base}/by-slug/${slug}`),
)

const jsonValue = fc.letrec((tie) => ({
  value: fc.oneof(
    { depthSize: 'small' },
    nasty,
    fc.integer(),
    fc.boolean(),
    fc.constant(null),
    fc.array(tie('value'), { maxLength: 4 }),
    fc.dictionary(fc.constantFrom(...PARAMS, 'id', 'venue', 'organizer', 'name'), tie('value'), {
      maxKeys: 5,
    }),
  ),
})).value

const body = fc.oneof(
  fc
    .dictionary(
      fc.constantFrom(
        ...PARAMS,
        'venue',
        'organizer',
        'name',
        'description',
        'cost',
        'website',
        'image',
        'all_day',
        'date',
      ),
      jsonValue,
      { maxKeys: 8 },
    )
    .map((object) => JSON.stringify(object)),
  fc.constantFrom(
    '{"title":',
    '{{{',
    '[1,2',
    'null',
    '"just a string"',
    '[]',
    `${'['.repeat(2000)}${']'.repeat(2000)}`,
    '{"a":'.repeat(300) + '1' + '}'.repeat(300),
  ),
  jsonValue.map((value) => JSON.stringify(value)),
)

describe('hostile input: never a 5xx, always the error shape, nothing written by a refused request', () => {
  let payload: Payload
  let api: Awaited<ReturnType<typeof serveCompatApi>>
  let admin: TestUser
  beforeAll(async () => {
    payload = await getTestPayload()
    api = await serveCompatApi(payload)
    admin = await createUser(payload, 'administrator')
    await payload.create({
      collection: 'events',
      data: {
        title: unique('fuzz target'),
        startDate: '2027-01-01T10:00:00Z',
        endDate: '2027-01-01T11:00:00Z',
        status: 'publish',
      } as never,
    })
  })
  afterAll(() => api.close())

  const snapshot = async () =>
    Promise.all(
      COLLECTIONS.map(async (collection) => {
        const { docs, totalDocs } = await payload.find({
          collection,
          depth: 0,
          limit: 1,
          sort: '-updatedAt',
          select: { updatedAt: true } as never,
        })
        return `${collection}:${totalDocs}:${(docs[0] as { updatedAt?: string } | undefined)?.updatedAt ?? ''}`
      }),
    )

  const expectContractShape = async (response: Response, what: string) => {
    const text = await response.text()
    expect(response.status, `${what} → ${response.status} ${text.slice(0, 300)}`).toBeLessThan(500)
    if (response.status === 413) return
    const json = JSON.parse(text)
    if (response.status >= 400) {
      expect(typeof json.code, what).toBe('string')
      expect(typeof json.message, what).toBe('string')
      expect(json.data?.status, what).toBe(response.status)
      expect(text, what).not.toMatch(/at .*\.(ts|js):\d+/)
    }
  }

  it('reads a page far beyond the last, whose offset an integer column cannot hold, as any other', async () => {
    // The venues' and organizers' page and total are read at once when they search.
    for (const route of ['events', 'venues', 'organizers'])
      for (const search of [
        'page=214748366',
        'page=214748366&per_page=50',
        'page=214748366&search=A',
      ])
        await expectContractShape(
          await fetch(`${api.url}/wp-json/vendor/events/v1/${route}/?${search}`),
          `GET ${route}?${search}`,
        )
  })

  it('reads: any route, any query', async () => {
    await fc.assert(
      fc.asyncProperty(
        path,
        query,
        fc.constantFrom('/wp-json', '/fr/wp-json', '/es/wp-json'),
        fc.boolean(),
        async (route, search, root, signedIn) => {
          const url = `${api.url}${root}/vendor/events/v1${route}?${search}`
          const response = await fetch(url, {
            headers: signedIn ? basic(admin.email, admin.password) : {},
          })
          await expectContractShape(response, `GET ${url}`)
        },
      ),
      { numRuns: 700 },
    )
  }, 240_000)

  it('writes: any route, any body; a refused write changes nothing', async () => {
    await fc.assert(
      fc.asyncProperty(
        path,
        fc.constantFrom('POST', 'PUT', 'PATCH', 'DELETE'),
        body,
        fc.constantFrom('application/json', 'application/x-www-form-urlencoded', 'text/plain'),
        fc.boolean(),
        async (route, method, payloadText, type, signedIn) => {
          const before = await snapshot()
          const url = `${api.url}/wp-json/vendor/events/v1${route}`
          const response = await fetch(url, {
            method,
            body: payloadText,
            headers: {
              'content-type': type,
              ...(signedIn ? basic(admin.email, admin.password) : {}),
            },
          })
          const status = response.status
          await expectContractShape(response, `${method} ${url} ${payloadText.slice(0, 200)}`)
          if (status >= 400)
            expect(
              await snapshot(),
              `${method} ${url} ${payloadText.slice(0, 200)} → ${status}`,
            ).toEqual(before)
        },
      ),
      { numRuns: 500 },
    )
  }, 300_000)

  it('refuses repeated parameters, huge values and deep nesting without trouble', async () => {
    const repeated = `${api.url}/wp-json/vendor/events/v1/events?${Array.from({ length: 600 }, (_, i) => `categories[]=${i}`).join('&')}`
    await expectContractShape(await fetch(repeated), 'repeated categories')
    const huge = `${api.url}/wp-json/vendor/events/v1/events?search=${'x'.repeat(6000)}`
    await expectContractShape(await fetch(huge), 'huge search')
    const deep = await fetch(`${api.url}/wp-json/vendor/events/v1/events`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...basic(admin.email, admin.password) },
      body: `${'['.repeat(5000)}${']'.repeat(5000)}`,
    })
    await expectContractShape(deep, 'deep JSON')
    expect(deep.status).toBe(400)
  })
})

describe('numbers beyond what the database stores', () => {
  it('answers ids and pages beyond 32 bits with the contract’s errors, not a 500', async () => {
    const payload = await getTestPayload()
    const api = await serveCompatApi(payload)
    try {
      const status = async (path: string) =>
        (await fetch(`${api.url}/wp-json/vendor/events/v1${path}`)).status
      expect(await status('/events?page=9999999999999999999999')).toBe(400)
      expect(await status('/events/99999999999')).toBe(404)
      expect(await status('/venues/99999999999')).toBe(400)
      expect(await status('/events?venue=99999999999')).toBe(400)
      expect(await status('/categories?include=99999999999')).toBe(400)
    } finally {
      await api.close()
    }
  })
})
