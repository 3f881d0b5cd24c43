import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import { basic, serveAllApis, type TestServer } from '../helpers/http'
import { createUser, getTestPayload, type TestUser } from '../helpers/payload'

/**
 * A page on another origin reads the API as it reads WordPress's (`rest_send_cors_headers`,
 * `rest_handle_options_request`): the origin echoed with credentials allowed, and `OPTIONS` on a
 * route answering its description, as a browser's preflight asks.
 */
describe('the compatibility API across origins', () => {
  let api: TestServer
  let editor: TestUser
  const base = () => `${api.url}/wp-json/vendor/events/v1`

  beforeAll(async () => {
    const payload = await getTestPayload()
    api = await serveAllApis(payload)
    editor = await createUser(payload, 'editor')
  })
  afterAll(() => api.close())

  it('echoes the Origin with WordPress’s CORS headers, and exposes the totals', async () => {
    const response = await fetch(`${base()}/events`, { headers: { Origin: 'https://app.example' } })
    expect(response.status).toBe(200)
    expect(
      Object.fromEntries(
        [
          'access-control-allow-origin',
          'access-control-allow-methods',
          'access-control-allow-credentials',
          'vary',
        ].map((name) => [name, response.headers.get(name)]),
      ),
    ).toEqual({
      'access-control-allow-origin': 'https://app.example',
      'access-control-allow-methods': 'OPTIONS, GET, POST, PUT, PATCH, DELETE',
      'access-control-allow-credentials': 'true',
      vary: 'Origin',
    })
    expect(response.headers.get('access-control-expose-headers')).toBe(
      'X-WP-Total, X-WP-TotalPages, Link',
    )
    expect(response.headers.get('access-control-allow-headers')).toBe(
      'Authorization, X-WP-Nonce, Content-Disposition, Content-MD5, Content-Type',
    )
  })

  it('sends no Allow-Origin without an Origin, and varies an anonymous GET by it', async () => {
    const anonymous = await fetch(`${base()}/events`)
    expect(anonymous.headers.get('access-control-allow-origin')).toBeNull()
    expect(anonymous.headers.get('vary')).toBe('Origin')
    const signedIn = await fetch(`${base()}/events`, {
      headers: basic(editor.email, editor.password),
    })
    expect(signedIn.headers.get('vary')).toBeNull()
  })

  it('answers a preflight OPTIONS with the route’s description and what this caller may do', async () => {
    const preflight = await fetch(`${base()}/events`, {
      headers: {
        'Access-Control-Request-Headers': 'authorization, content-type',
        'Access-Control-Request-Method': 'POST',
        Origin: 'https://app.example',
      },
      method: 'OPTIONS',
    })
    expect(preflight.status).toBe(200)
    expect(preflight.headers.get('access-control-allow-origin')).toBe('https://app.example')
    expect(preflight.headers.get('allow')).toBe('GET')
    const body = await preflight.json()
    expect(body).toMatchObject({ namespace: 'vendor/events/v1', methods: ['GET', 'POST'] })
    expect(body.endpoints.map((endpoint: { methods: string[] }) => endpoint.methods)).toEqual([
      ['GET'],
      ['POST'],
    ])
    expect(body._links.self[0].href).toMatch(/\/wp-json\/vendor\/events\/v1\/events$/)

    const asEditor = await fetch(`${base()}/events/1`, {
      headers: basic(editor.email, editor.password),
      method: 'OPTIONS',
    })
    expect(asEditor.status).toBe(200)
    expect(asEditor.headers.get('allow')).toBe('GET, DELETE, POST, PUT, PATCH')
    expect((await asEditor.json())._links).toBeUndefined()
  })

  it('answers OPTIONS off the routes with an empty list, as WordPress does', async () => {
    const response = await fetch(`${base()}/no-such-route`, { method: 'OPTIONS' })
    expect(response.status).toBe(200)
    expect(await response.json()).toEqual([])
    expect(response.headers.get('allow')).toBeNull()
  })
})
