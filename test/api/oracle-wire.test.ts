import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import { readFixture } from '../helpers/fixtures'
import { basic, serveCompatApi, type TestServer } from '../helpers/http'
import { createUser, getTestPayload, type TestUser } from '../helpers/payload'
import { OURS } from '../helpers/replay'

type Case = {
  name: string
  request: {
    as?: 'administrator' | 'wrong-password'
    body?: string
    contentType?: string
    headers?: Record<string, string>
    method: string
    path: string
  }
  expected: {
    body?: unknown
    headers: { allow: null | string; 'content-type': string }
    status: number
    text?: string
  }
}

/**
 * The original's answers about the wire itself, as data (`test/fixtures/oracle-wire.json`, which
 * says how they were recorded): why a JSON body is refused (PHP's reason, after the caller and
 * with the route's `Allow`), which media types are JSON, JSONP, and method overrides.
 */
const fixture = readFixture<{ cases: Case[] }>('oracle-wire.json')

const NS = '/wp-json/vendor/events/v1'
const api = `${OURS.origin}${NS}`

/** `{nest:N}`: N nested arrays; `{open:N}`: N arrays never closed. */
function bodyOf(text: string): string {
  const nest = /^\{nest:(\d+)\}$/.exec(text)
  if (nest) return '['.repeat(Number(nest[1])) + ']'.repeat(Number(nest[1]))
  const open = /^\{open:(\d+)\}$/.exec(text)
  return open ? '['.repeat(Number(open[1])) : text
}

/**
 * An answer's text as what it says: JSON is compared parsed (WordPress also escapes `/` and
 * non-ASCII characters, which JSON readers take alike), a JSONP answer as its callback and the
 * JSON it passes, any other text as it is.
 */
function readBack(text: string): { body?: unknown; callback?: string; text?: string } {
  const jsonp = /^\/\*\*\/([\w.]+)\(([\s\S]*)\)$/.exec(text)
  if (jsonp) return { body: JSON.parse(jsonp[2]!), callback: jsonp[1] }
  try {
    return { body: JSON.parse(text) }
  } catch {
    return { text }
  }
}

describe('the original’s answers about bodies, JSONP and method overrides', () => {
  let server: TestServer
  let admin: TestUser

  beforeAll(async () => {
    const payload = await getTestPayload()
    server = await serveCompatApi(payload)
    admin = await createUser(payload, 'administrator')
  })
  afterAll(() => server?.close())

  for (const { expected, name, request } of fixture.cases) {
    it(name, async () => {
      const response = await fetch(`${server.url}${NS}${request.path}`, {
        body: request.body === undefined ? undefined : bodyOf(request.body),
        headers: {
          ...request.headers,
          ...(request.contentType ? { 'content-type': request.contentType } : {}),
          ...(request.as === 'administrator' ? basic(admin.email, admin.password) : {}),
          ...(request.as === 'wrong-password' ? basic(admin.email, 'wrong-password-1') : {}),
        },
        method: request.method,
      })
      const text = await response.text()
      const filled = (value: string) => value.replaceAll('{api}', api.replaceAll('/', '\\/'))
      expect({
        headers: {
          allow: response.headers.get('allow'),
          'content-type': response.headers.get('content-type'),
        },
        status: response.status,
        ...readBack(text),
      }).toEqual({
        headers: expected.headers,
        status: expected.status,
        ...readBack(filled(expected.text ?? JSON.stringify(expected.body))),
      })
    })
  }
})
