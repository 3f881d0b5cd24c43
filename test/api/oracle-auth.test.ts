import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import { readFixture } from '../helpers/fixtures'
import { basic, requestAs, serveCompatApi, type TestServer } from '../helpers/http'
import { createUser, getTestPayload, type TestUser } from '../helpers/payload'

type Case = {
  name: string
  request: {
    basic?: { prefix: string; suffix?: string; text: string; unpadded?: boolean }
    body?: string
    contentType?: string
    headers?: Record<string, string>
    method: string
    path: string
  }
  expected: {
    body?: unknown
    code?: string
    headers?: Record<string, string>
    status: number
    text?: string
  }
}

/**
 * The original's answers about who the caller is, as data (`test/fixtures/oracle-auth.json`,
 * which says how they were recorded): WordPress's cookie check of a nonce and PHP's reading of an
 * HTTP Basic header, both before any route is looked for.
 */
const fixture = readFixture<{ cases: Case[] }>('oracle-auth.json')

const NS = '/wp-json/vendor/events/v1'

describe('the original’s answers about nonces and HTTP Basic headers', () => {
  let server: TestServer
  let event: number
  // The wrong passwords are spread over several accounts, so that none of them is slowed down.
  const admins: TestUser[] = []

  beforeAll(async () => {
    const payload = await getTestPayload()
    server = await serveCompatApi(payload)
    for (let index = 0; index < 4; index++) admins.push(await createUser(payload, 'administrator'))
    const created = await requestAs(server, admins[0]!, 'POST', `${NS}/events`, {
      end_date: '2031-06-01 11:00:00',
      start_date: '2031-06-01 10:00:00',
      status: 'publish',
      title: 'Auth oracle evening',
    })
    event = created.body.id as number
  })
  afterAll(() => server?.close())

  fixture.cases.forEach(({ expected, name, request }, index) => {
    it(name, async () => {
      const login = admins[index % admins.length]!.username
      const headers: Record<string, string> = { ...request.headers }
      if (request.basic) {
        const { prefix, suffix = '', text, unpadded } = request.basic
        const encoded = Buffer.from(text.replaceAll('{login}', login)).toString('base64')
        headers.Authorization = prefix + (unpadded ? encoded.replace(/=+$/, '') : encoded) + suffix
      }
      if (request.contentType) headers['content-type'] = request.contentType
      const path = request.path.replace('{event}', String(event))
      const url = path.startsWith('{root}')
        ? `${server.url}/wp-json${path.slice('{root}'.length)}`
        : `${server.url}${NS}${path}`
      const response = await fetch(url, { body: request.body, headers, method: request.method })
      const text = await response.text()
      const got: Record<string, unknown> = { status: response.status }
      const want: Record<string, unknown> = { status: expected.status }
      if (expected.body !== undefined) {
        got.body = JSON.parse(text)
        want.body = expected.body
      }
      if (expected.text !== undefined) {
        got.text = text
        want.text = expected.text
      }
      if (expected.code !== undefined) {
        got.code = (JSON.parse(text) as { code?: string }).code
        want.code = expected.code
      }
      for (const [header, value] of Object.entries(expected.headers ?? {})) {
        got[header] = response.headers.get(header)
        want[header] = value
      }
      expect(got).toEqual(want)
    })
  })

  it('a right password is not asked for a nonce: a bogus one is let be', async () => {
    const response = await fetch(`${server.url}${NS}/events?status=draft`, {
      headers: { ...basic(admins[0]!.email, admins[0]!.password), 'X-WP-Nonce': 'abc' },
    })
    expect(response.status).toBe(200)
  })
})
