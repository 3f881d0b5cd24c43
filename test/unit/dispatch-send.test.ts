import { describe, expect, it } from 'vitest'

import { PERSONAL_CACHE_HEADERS } from '../../endpoints/conditional'
import { send } from '../../endpoints/dispatch/send'
import { prepare } from '../../endpoints/dispatch/shape'
import { compatRequest, exchangeFor, REST_BASE } from './dispatch-fixtures'

type Over = Partial<ReturnType<typeof exchangeFor>>

function sent(
  method: string,
  result: Parameters<typeof prepare>[0],
  over: Over = {},
  headers: Record<string, string> = {},
) {
  const exchange = { ...exchangeFor(compatRequest({ headers, method })), ...over }
  return {
    prepared: prepare(result, exchange),
    response: send(prepare(result, exchange), exchange),
  }
}

describe("send: WordPress's headers and the conditional-request rules", () => {
  it("sends WordPress's headers with every answer", async () => {
    const { response } = sent('POST', { body: { id: 1 }, status: 201 })
    expect(response.status).toBe(201)
    expect(Object.fromEntries(response.headers)).toMatchObject({
      'access-control-allow-headers':
        'Authorization, X-WP-Nonce, Content-Disposition, Content-MD5, Content-Type',
      'access-control-expose-headers': 'X-WP-Total, X-WP-TotalPages, Link',
      'content-type': 'application/json; charset=UTF-8',
      link: `<${REST_BASE}/>; rel="https://api.w.org/"`,
      'x-content-type-options': 'nosniff',
      'x-robots-tag': 'noindex',
    })
    expect(await response.text()).toBe('{"id":1}')
  })

  it("sends the route's Allow and the controller's headers, which win over the server's", () => {
    const { response } = sent(
      'GET',
      { body: [], headers: { 'X-Robots-Tag': 'none', 'X-WP-Total': '0' } },
      { allow: 'GET, POST' },
    )
    expect(response.headers.get('allow')).toBe('GET, POST')
    expect(response.headers.get('x-wp-total')).toBe('0')
    expect(response.headers.get('x-robots-tag')).toBe('none')
  })

  it("gives a visitor's GET its ETag and public, no-cache; an error a retry may cure, no-store", () => {
    const { prepared, response } = sent('GET', { body: { id: 1 } })
    expect(response.headers.get('etag')).toBe(prepared.etag)
    expect(response.headers.get('cache-control')).toBe('public, no-cache')
    expect(sent('GET', { body: {}, status: 503 }).response.headers.get('cache-control')).toBe(
      'private, no-store',
    )
    expect(sent('GET', { body: {}, status: 404 }).response.headers.get('cache-control')).toBe(
      'public, no-cache',
    )
  })

  it('marks every answer to a signed-in caller, or unlocked by a password, uncacheable, whatever the method', () => {
    for (const over of [{ signedIn: true }, { personal: true }] as Over[]) {
      for (const method of ['GET', 'POST', 'DELETE']) {
        const { response } = sent(method, { body: {} }, over)
        expect(response.headers.get('cache-control')).toBe(PERSONAL_CACHE_HEADERS['Cache-Control'])
        expect(response.headers.get('expires')).toBe(PERSONAL_CACHE_HEADERS.Expires)
      }
    }
  })

  it('gives no ETag or Cache-Control to a write', () => {
    const { response } = sent('POST', { body: {} })
    expect(response.headers.has('etag')).toBe(false)
    expect(response.headers.has('cache-control')).toBe(false)
  })

  it('answers 304 without a body or Content-Type when If-None-Match names the ETag of a 200', async () => {
    const { prepared } = sent('GET', { body: { id: 1 } })
    const { response } = sent(
      'GET',
      { body: { id: 1 } },
      {},
      { 'if-none-match': `"other", ${prepared.etag.slice(2)}` },
    )
    expect(response.status).toBe(304)
    expect(response.headers.has('content-type')).toBe(false)
    expect(response.headers.get('etag')).toBe(prepared.etag)
    expect(await response.text()).toBe('')
  })

  it('answers in full when If-None-Match names another ETag, or the answer is not a 200', () => {
    expect(
      sent('GET', { body: { id: 1 } }, {}, { 'if-none-match': 'W/"other"' }).response.status,
    ).toBe(200)
    expect(
      sent('GET', { body: {}, status: 404 }, {}, { 'if-none-match': '*' }).response.status,
    ).toBe(404)
    expect(sent('POST', { body: {} }, {}, { 'if-none-match': '*' }).response.status).toBe(200)
  })

  it('sends HEAD the headers of GET without the body', async () => {
    const head = sent('HEAD', { body: { id: 1 } })
    expect(head.response.headers.get('etag')).toBe(sent('GET', { body: { id: 1 } }).prepared.etag)
    expect(head.response.headers.get('content-type')).toBe('application/json; charset=UTF-8')
    expect(await head.response.text()).toBe('')
  })

  it('adds the CORS headers for the request’s Origin', () => {
    const { response } = sent('GET', { body: {} }, {}, { origin: 'https://elsewhere.example' })
    expect(response.headers.get('access-control-allow-origin')).toBe('https://elsewhere.example')
    expect(response.headers.get('vary')).toBe('Origin')
  })
})
