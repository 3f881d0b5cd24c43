import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest'

import { basic } from '../helpers/http'
import { type ServerProcess, startServerProcess } from '../helpers/serverProcess'

const ADMIN = { email: 'smoke-admin@example.test', password: 'smoke-password-1' }

/** The product as `npm start` runs it: the real server process, on a free port, against its own database. */
describe('the server (npm start)', () => {
  let server: ServerProcess
  let base: string

  beforeAll(async () => {
    server = await startServerProcess({
      databaseUrl: inject('smokeDatabaseUrl'),
      env: { ADMIN_EMAIL: ADMIN.email, ADMIN_PASSWORD: ADMIN.password },
    })
    base = server.base
  }, 300_000)

  afterAll(async () => {
    await server?.stop()
  })

  it('serves the admin panel at /admin', async () => {
    const response = await fetch(`${base}/admin`)
    expect(response.status).toBe(200)
    expect(await response.text()).toContain('<html')
  })

  it('leads the site’s root to the admin, telling clients where the API is as a WordPress home page does', async () => {
    for (const method of ['GET', 'HEAD']) {
      const response = await fetch(`${base}/`, { method, redirect: 'manual' })
      expect(response.status, method).toBe(302)
      expect(new URL(response.headers.get('location')!, base).pathname, method).toBe('/admin')
      const link = /^<([^>]+)>; rel="https:\/\/api\.w\.org\/"$/.exec(
        response.headers.get('link') ?? '',
      )
      expect(new URL(link![1]!).pathname, method).toBe('/wp-json/')
      expect(response.headers.get('x-tec-api-version'), method).toBe('v1')
      expect(new URL(response.headers.get('x-tec-api-root')!).pathname, method).toBe(
        '/wp-json/vendor/events/v1/',
      )
    }
  })

  it('sends the admin and Payload’s API with headers that keep other sites from framing them, and names no software', async () => {
    for (const path of ['/admin', '/admin/login', '/api/events']) {
      const response = await fetch(`${base}${path}`)
      expect(response.headers.get('x-frame-options'), path).toBe('SAMEORIGIN')
      expect(response.headers.get('content-security-policy'), path).toContain(
        "frame-ancestors 'self'",
      )
      expect(response.headers.get('x-content-type-options'), path).toBe('nosniff')
      expect(response.headers.get('referrer-policy'), path).toBe('strict-origin-when-cross-origin')
      expect(response.headers.get('x-powered-by'), path).toBeNull()
    }
  })

  it('serves Payload’s REST API at /api', async () => {
    const response = await fetch(`${base}/api/events`)
    expect(response.status).toBe(200)
    expect(await response.json()).toMatchObject({ docs: [], totalDocs: 0 })
  })

  it.each([
    '/wp-json/vendor/events/v1',
    '/fr/wp-json/vendor/events/v1',
    '/es/wp-json/vendor/events/v1',
    '/api/vendor/events/v1',
  ])('serves the namespace index at %s', async (route) => {
    const response = await fetch(`${base}${route}`)
    expect(response.status).toBe(200)
    expect(response.headers.get('content-type')).toBe('application/json; charset=UTF-8')
    expect((await response.json()).namespace).toBe('vendor/events/v1')
  })

  it('created the administrator from ADMIN_EMAIL and ADMIN_PASSWORD, who can issue an application password', async () => {
    const login = await fetch(`${base}/api/users/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(ADMIN),
    })
    expect(login.status).toBe(200)
    const { token, user } = await login.json()
    expect(user.role).toBe('administrator')

    const issued = await fetch(`${base}/api/application-passwords`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', Authorization: `JWT ${token}` },
      body: JSON.stringify({ name: 'smoke test' }),
    })
    expect(issued.status).toBe(201)
    const { doc } = await issued.json()
    expect(doc.password).toMatch(/^[A-Za-z0-9 ]{29}$/)

    expect(
      (
        await fetch(`${base}/wp-json/vendor/events/v1`, {
          headers: basic(ADMIN.email, doc.password),
        })
      ).status,
    ).toBe(200)
    expect(
      (await fetch(`${base}/api/users/me`, { headers: basic(user.username, doc.password) })).status,
    ).toBe(200)
    const me = await (
      await fetch(`${base}/api/users/me`, { headers: basic(user.username, doc.password) })
    ).json()
    expect(me.user?.email).toBe(ADMIN.email)
  })

  it('logs each request on one line without colour codes when its output is no terminal, and says nothing of e-mail until one cannot be sent', async () => {
    const marker = `/wp-json/vendor/events/v1/events?log-marker=${Date.now()}`
    expect((await fetch(`${base}${marker}`)).status).toBe(200)
    await expect
      .poll(() => server.output().includes('/wp-json/vendor/events/v1/events 200'), {
        timeout: 5_000,
      })
      .toBe(true)
    const lines = server.output().split('\n')
    const requestLines = lines.filter((line) =>
      line.includes('GET /wp-json/vendor/events/v1/events 200'),
    )
    expect(requestLines).toHaveLength(1)
    // The values follow the message on the same line, the query string (which may hold credentials) left out.
    expect(requestLines[0]).toMatch(/"status":200/)
    expect(requestLines[0]).not.toContain('log-marker')
    expect(server.output()).not.toContain('\u001b[')
    expect(server.output()).not.toMatch(/No email adapter/)

    const reset = await fetch(`${base}/api/users/forgot-password`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: ADMIN.email }),
    })
    expect(reset.status).toBe(200)
    await expect
      .poll(() => server.output().includes('E-mail not sent'), { timeout: 5_000 })
      .toBe(true)
    const emailLine = server
      .output()
      .split('\n')
      .find((line) => line.includes('E-mail not sent'))!
    expect(emailLine).toContain(ADMIN.email)
    // The reset link is the message's body: never in the log.
    expect(emailLine).not.toContain('/reset/')
  })
})
