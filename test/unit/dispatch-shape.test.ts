import { describe, expect, it } from 'vitest'

import { prepare, reshape } from '../../endpoints/dispatch/shape'
import { compatRequest, exchangeFor } from './dispatch-fixtures'

const item = {
  body: { id: 5, title: 'Concert', venue: { id: 3, venue: 'Hall' } },
  headers: { 'X-TEC-Total': '1' },
  links: { self: [{ href: 'x' }] },
}

describe('reshape: _links, _fields and _envelope', () => {
  it('writes the links as the last key of an object body, and leaves a list or a scalar as it is', () => {
    const { result } = reshape(item, '', 'GET')
    expect(Object.keys(result.body as object)).toEqual(['id', 'title', 'venue', '_links'])
    expect(result.links).toBeUndefined()
    expect(reshape({ body: [1, 2], links: { self: [] } }, '', undefined).result.body).toEqual([
      1, 2,
    ])
  })

  it('trims the body to _fields, and keeps the links however it trims', () => {
    expect(reshape(item, '_fields=title,venue.venue', 'GET').result.body).toEqual({
      title: 'Concert',
      venue: { venue: 'Hall' },
      _links: { self: [{ href: 'x' }] },
    })
    expect(reshape(item, '_fields[]=id', 'GET').result.body).toEqual({
      id: 5,
      _links: { self: [{ href: 'x' }] },
    })
  })

  it('never trims an error', () => {
    const error = { body: { code: 'x', data: { status: 404 }, message: 'X' }, status: 404 }
    expect(reshape(error, '_fields=code', undefined).result.body).toEqual(error.body)
  })

  it('envelopes: status 200, the status and the endpoint headers with Allow in the body, only the nonce left as a header', () => {
    const withNonce = { ...item, headers: { ...item.headers, 'X-WP-Nonce': 'n' }, status: 201 }
    const { allow, result } = reshape(withNonce, '_envelope', 'GET, POST')
    expect(allow).toBeUndefined()
    expect(result).toEqual({
      body: {
        body: { ...item.body, _links: item.links },
        headers: { Allow: 'GET, POST', 'X-TEC-Total': 1 },
        status: 201,
      },
      headers: { 'X-WP-Nonce': 'n' },
      status: 200,
    })
  })

  it('reads _fields and _envelope only as parameters of their own name', () => {
    expect(reshape(item, 'my_fields=id&x_envelope=1', 'GET')).toEqual(reshape(item, '', 'GET'))
  })
})

describe('prepare: the answer serialized with its ETag', () => {
  const exchange = (over: Partial<ReturnType<typeof exchangeFor>> = {}) => ({
    ...exchangeFor(compatRequest()),
    ...over,
  })

  it('serializes the shaped body and keeps the Allow beside it', () => {
    const prepared = prepare({ body: { a: 1 } }, exchange({ allow: 'GET' }))
    expect(prepared).toMatchObject({ allow: 'GET', body: '{"a":1}', headers: {}, status: 200 })
    expect(prepared.etag).toMatch(/^W\/"[\w-]{27}"$/)
  })

  it('gives the same answer the same ETag, and another to another audience, language, status or header', () => {
    const etag = (
      over: Partial<ReturnType<typeof exchangeFor>>,
      result = { body: { a: 1 } } as Parameters<typeof prepare>[0],
    ) => prepare(result, exchange(over)).etag
    const base = etag({})
    expect(etag({})).toBe(base)
    expect(etag({ audience: 'user:users:1' })).not.toBe(base)
    expect(etag({ language: 'fr' })).not.toBe(base)
    expect(etag({}, { body: { a: 1 }, status: 201 })).not.toBe(base)
    expect(etag({}, { body: { a: 1 }, headers: { 'X-WP-Total': '1' } })).not.toBe(base)
    expect(etag({}, { body: { a: 2 } })).not.toBe(base)
  })
})
