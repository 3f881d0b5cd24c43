import fc from 'fast-check'
import { describe, expect, it } from 'vitest'

import {
  audienceOf,
  cacheControlOf,
  ifNoneMatchHits,
  prepareAnswer,
} from '../../endpoints/conditional'

/* Conditional requests on the compatibility API (issue 17, `endpoints/conditional.ts`). */

describe('audienceOf', () => {
  it('tells visitors from each signed-in user', () => {
    expect(audienceOf(null)).toBe('visitor')
    expect(audienceOf(undefined)).toBe('visitor')
    expect(audienceOf({ collection: 'users', id: 3 })).toBe('user:users:3')
    expect(audienceOf({ collection: 'api-keys', id: 3 })).not.toBe(
      audienceOf({ collection: 'users', id: 3 }),
    )
  })
})

describe('prepareAnswer', () => {
  it('serializes the body once, 200 by default, with a weak ETag', () => {
    const answer = prepareAnswer({ body: { id: 1 } }, 'visitor', 'en')
    expect(answer).toMatchObject({ body: '{"id":1}', headers: {}, status: 200 })
    expect(answer.etag).toMatch(/^W\/"[A-Za-z0-9_-]{27}"$/)
  })

  it('gives equal answers equal ETags, and changes the ETag with anything the answer says or whom it is for', () => {
    const json = fc.jsonValue()
    fc.assert(
      fc.property(json, json, (a, b) => {
        const etag = (body: unknown) => prepareAnswer({ body }, 'visitor', 'en').etag
        expect(etag(a) === etag(b)).toBe(JSON.stringify(a) === JSON.stringify(b))
      }),
    )
    const base = prepareAnswer({ body: 1 }, 'visitor', 'en').etag
    expect(prepareAnswer({ body: 1 }, 'user:users:1', 'en').etag).not.toBe(base)
    expect(prepareAnswer({ body: 1 }, 'visitor', 'fr').etag).not.toBe(base)
    expect(prepareAnswer({ body: 1, status: 404 }, 'visitor', 'en').etag).not.toBe(base)
    expect(
      prepareAnswer({ body: 1, headers: { 'X-WP-Total': '2' } }, 'visitor', 'en').etag,
    ).not.toBe(base)
  })
})

describe('ifNoneMatchHits: the weak comparison RFC 9110 asks of If-None-Match', () => {
  const etag = 'W/"abc"'

  it('matches the ETag, weak or strong, in a list, or *', () => {
    for (const header of ['W/"abc"', '"abc"', ' "x" , W/"abc" ', '*', '"x", *'])
      expect(ifNoneMatchHits(header, etag), header).toBe(true)
  })

  it('matches nothing else, and nothing without the header', () => {
    for (const header of ['W/"abd"', 'abc', '"ABC"', ''])
      expect(ifNoneMatchHits(header, etag), header).toBe(false)
    expect(ifNoneMatchHits(null, etag)).toBe(false)
  })
})

describe('cacheControlOf', () => {
  it('lets caches keep a visitor’s answer if they ask each time, but never an error a retry may cure', () => {
    expect([200, 201, 304, 400, 401, 404, 410].map((status) => cacheControlOf(status))).toEqual(
      Array(7).fill('public, no-cache'),
    )
    expect([429, 500, 503].map((status) => cacheControlOf(status))).toEqual(
      Array(3).fill('private, no-store'),
    )
  })

  it('lets a shared cache in front serve it for its lifetime, browsers still asking, and still never such an error', () => {
    const cdn = { maxAge: 600, staleWhileRevalidate: 30 }
    expect(cacheControlOf(200, cdn)).toBe(
      'public, max-age=0, s-maxage=600, stale-while-revalidate=30',
    )
    expect(cacheControlOf(404, { maxAge: 60, staleWhileRevalidate: 0 })).toBe(
      'public, max-age=0, s-maxage=60',
    )
    expect(cacheControlOf(503, cdn)).toBe('private, no-store')
  })
})
