import { describe, expect, it } from 'vitest'

import type { RestContext } from '../../endpoints/context'
import type { Endpoint, Route } from '../../endpoints/router'

import { dispatchCompatRequest } from '../../endpoints/dispatch'
import { restNonce } from '../../src/auth/cookieSignIn'
import { PERSONAL_CACHE_HEADERS } from '../../endpoints/conditional'
import { RestError } from '../../endpoints/errors'
import {
  compatRequest,
  EDITOR_BASIC,
  EDITOR_SESSION,
  fakePayload,
  options,
} from './dispatch-fixtures'

/*
 * The order of the stages, as each outcome shows it: the composition in `endpoints/dispatch.ts`
 * against a route table of its own and a Payload without a database.
 */

const NS = '/vendor/events/v1'
const WRONG_BASIC = `Basic ${Buffer.from('editor:wrong').toString('base64')}`
const signedIn = (ctx: RestContext) => Boolean(ctx.user)

function tableWithLog() {
  const log: string[] = []
  const seen: RestContext[] = []
  const step =
    (name: string): Endpoint['handler'] =>
    (ctx) => {
      log.push(name)
      seen.push(ctx)
      return {
        body: {
          args: ctx.args,
          language: ctx.language,
          locale: ctx.req.locale ?? null,
          user: ctx.user?.id ?? null,
        },
      }
    }
  const pageArg = {
    page: {
      type: 'integer' as const,
      validate: (value: unknown) => (log.push('validate'), Number(value) > 0),
    },
  }
  const table: Route[] = [
    {
      endpoints: [
        { args: pageArg, handler: step('list'), methods: ['GET'] },
        {
          args: pageArg,
          handler: step('create'),
          methods: ['POST'],
          permission: (ctx) => (log.push('permission'), signedIn(ctx)),
        },
      ],
      path: '/things',
    },
    {
      endpoints: [
        {
          args: {},
          handler: () => {
            log.push('fail')
            throw new TypeError('a bug')
          },
          methods: ['GET'],
        },
        {
          args: {},
          handler: () => {
            throw new RestError('thing-gone', 'The thing is gone', 410)
          },
          methods: ['DELETE'],
        },
      ],
      path: '/broken',
    },
  ]
  return { log, seen, table }
}

async function serve(
  over: Parameters<typeof compatRequest>[0],
  table = tableWithLog().table,
  payload = fakePayload(),
) {
  const response = await dispatchCompatRequest(payload, options, compatRequest(over), table)
  const text = await response.text()
  return {
    body: text ? JSON.parse(text) : null,
    headers: response.headers,
    status: response.status,
  }
}

const json = { 'content-type': 'application/json' }

describe('dispatch: the stages in order', () => {
  it('reads the method override before routing', async () => {
    expect(
      (await serve({ method: 'POST', path: `${NS}/things`, query: '_method=DELETE' })).body.code,
    ).toBe('rest_no_route')
    expect(
      (
        await serve({
          headers: { authorization: EDITOR_BASIC },
          method: 'POST',
          path: `${NS}/things`,
          query: '_method=GET',
        })
      ).status,
    ).toBe(200)
  })

  it('routes before reading the body: an unknown route is a 404 whatever its body', async () => {
    const { body, status } = await serve({
      body: '{',
      headers: json,
      method: 'POST',
      path: `${NS}/nothing`,
    })
    expect([status, body.code]).toEqual([404, 'rest_no_route'])
  })

  it('refuses a body that is no JSON after the language and the sign-in (has_valid_params)', async () => {
    const language = await serve({
      body: '{',
      headers: json,
      method: 'POST',
      path: `${NS}/things`,
      query: 'i18n_language=xx',
    })
    expect([language.status, language.body.code]).toEqual([400, 'rest_invalid_param'])
    const wrongPassword = await serve({
      body: '{',
      headers: { ...json, authorization: WRONG_BASIC },
      method: 'POST',
      path: `${NS}/things`,
    })
    expect([wrongPassword.status, wrongPassword.body.code]).toEqual([401, 'incorrect_password'])
    const broken = await serve({ body: '{', headers: json, method: 'POST', path: `${NS}/things` })
    expect([broken.status, broken.body.code]).toEqual([400, 'rest_invalid_json'])
  })

  it('reads the language before the sign-in', async () => {
    const { body, status } = await serve({
      headers: { authorization: WRONG_BASIC },
      path: `${NS}/things`,
      query: 'i18n_language=xx',
    })
    expect([status, body.code]).toEqual([400, 'rest_invalid_param'])
  })

  it('signs in before reading the arguments: a wrong password is a 401 whatever the arguments', async () => {
    const { body, status } = await serve({
      headers: { authorization: WRONG_BASIC },
      path: `${NS}/things`,
      query: 'page=0',
    })
    expect([status, body.code]).toEqual([401, 'incorrect_password'])
  })

  it("works out the route's Allow (asking each permission), then reads the arguments, asks the permission, runs the handler", async () => {
    const { log, table } = tableWithLog()
    expect(
      (await serve({ method: 'POST', path: `${NS}/things`, query: 'page=0' }, table)).status,
    ).toBe(400)
    expect(log).toEqual(['permission', 'validate'])
    log.length = 0
    expect(
      (await serve({ method: 'POST', path: `${NS}/things`, query: 'page=2' }, table)).status,
    ).toBe(401)
    expect(log).toEqual(['permission', 'validate', 'permission'])
    log.length = 0
    const created = await serve(
      {
        headers: { authorization: EDITOR_BASIC },
        method: 'POST',
        path: `${NS}/things`,
        query: 'page=2',
      },
      table,
    )
    expect([created.status, created.body.args, created.body.user]).toEqual([200, { page: 2 }, 7])
    expect(log).toEqual(['permission', 'validate', 'permission', 'create'])
  })

  it('gives the controllers the language read from the request, on their Payload request too', async () => {
    const { body } = await serve({ path: `${NS}/things`, rootLanguage: 'fr' })
    expect([body.language, body.locale]).toEqual(['fr', 'fr'])
    expect(
      (await serve({ path: `${NS}/things`, query: 'i18n_language=en', rootLanguage: 'fr' })).body
        .language,
    ).toBe('en')
  })

  it("sends the route's Allow as this caller may use it, and a signed-in caller's answer uncacheable", async () => {
    const visitor = await serve({ path: `${NS}/things` })
    expect(visitor.headers.get('allow')).toBe('GET')
    expect(visitor.headers.get('cache-control')).toBe('public, no-cache')
    const editor = await serve({ headers: { authorization: EDITOR_BASIC }, path: `${NS}/things` })
    expect(editor.headers.get('allow')).toBe('GET, POST')
    expect(editor.headers.get('cache-control')).toBe(PERSONAL_CACHE_HEADERS['Cache-Control'])
  })

  it('makes an answer unlocked by a password personal', async () => {
    const { headers } = await serve({ path: `${NS}/things`, query: 'password=secret' })
    expect(headers.get('cache-control')).toBe(PERSONAL_CACHE_HEADERS['Cache-Control'])
  })

  it('hands a caller signed in by the session cookie a fresh nonce, in the envelope too', async () => {
    const cookie = { cookie: `payload-token=${EDITOR_SESSION}`, origin: 'https://calendar.example' }
    const plain = await serve({ headers: cookie, path: `${NS}/things` })
    expect(plain.body.user).toBe(7)
    expect(plain.headers.get('x-wp-nonce')).toBe(restNonce('unit-secret', EDITOR_SESSION))
    const enveloped = await serve({ headers: cookie, path: `${NS}/things`, query: '_envelope' })
    expect(enveloped.headers.get('x-wp-nonce')).toBe(plain.headers.get('x-wp-nonce'))
    expect(enveloped.body).toMatchObject({ headers: { Allow: 'GET, POST' }, status: 200 })
    expect(
      (await serve({ headers: { authorization: EDITOR_BASIC }, path: `${NS}/things` })).headers.has(
        'x-wp-nonce',
      ),
    ).toBe(false)
  })

  it('answers OPTIONS on a route with its description, and off the routes with an empty answer', async () => {
    const described = await serve({ method: 'OPTIONS', path: `${NS}/things` })
    expect([described.status, described.body.methods, described.headers.get('allow')]).toEqual([
      200,
      ['GET', 'POST'],
      'GET',
    ])
    const off = await serve({
      headers: { origin: 'https://elsewhere.example' },
      method: 'OPTIONS',
      path: '/wp/v2/posts',
    })
    expect([off.status, off.body, off.headers.get('access-control-allow-origin')]).toEqual([
      200,
      [],
      'https://elsewhere.example',
    ])
  })

  it('serves the site index at the root: GET in the language asked, OPTIONS described, other methods no route', async () => {
    const index = await serve({ path: '/', query: 'i18n_language=fr' })
    expect([index.status, index.headers.get('allow'), index.body.namespaces]).toEqual([
      200,
      'GET',
      ['vendor/events/v1'],
    ])
    expect((await serve({ method: 'OPTIONS', path: '' })).body).toMatchObject({
      methods: ['GET'],
      namespace: '',
    })
    expect((await serve({ method: 'DELETE', path: '/' })).status).toBe(404)
    expect((await serve({ path: '/', query: 'i18n_language=xx' })).status).toBe(400)
  })
})

describe('dispatch: failures', () => {
  it("sends an error from any stage in WordPress's shape, and logs only what nobody expected", async () => {
    const payload = fakePayload()
    const bug = await serve({ path: `${NS}/broken` }, undefined, payload)
    expect([bug.status, bug.body]).toEqual([
      500,
      {
        code: 'rest_internal_error',
        data: { status: 500 },
        message: 'The server could not complete the request.',
      },
    ])
    expect(payload.errors).toEqual([
      expect.objectContaining({ msg: `compatibility API: GET ${NS}/broken` }),
    ])
    const gone = await serve({ method: 'DELETE', path: `${NS}/broken` }, undefined, payload)
    expect([gone.status, gone.body.code]).toEqual([410, 'thing-gone'])
    expect(payload.errors).toHaveLength(1)
  })

  it('sends a failure with what the stages learned so far: the route’s Allow, the caller', async () => {
    const signedInFailure = await serve({
      headers: { authorization: EDITOR_BASIC },
      method: 'DELETE',
      path: `${NS}/broken`,
    })
    expect(signedInFailure.headers.get('allow')).toBe('GET, DELETE')
    expect(signedInFailure.headers.get('cache-control')).toBe(
      PERSONAL_CACHE_HEADERS['Cache-Control'],
    )
    const wrongPassword = await serve({
      headers: { authorization: WRONG_BASIC },
      path: `${NS}/things`,
    })
    expect(wrongPassword.headers.has('allow')).toBe(false)
    expect(wrongPassword.headers.get('cache-control')).toBe('public, no-cache')
  })
})
