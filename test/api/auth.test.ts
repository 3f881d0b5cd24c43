import type { Payload } from 'payload'

import { createHash } from 'node:crypto'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import type { Route } from '../../endpoints/router'

import { dispatchCompatRequest } from '../../endpoints/dispatch'
import { GUARD_TABLE } from '../../src/auth/passwordGuardStore'
import { poolOf } from '../../src/db/pool'
import { as, createUser, failureOf, getTestPayload, type TestUser } from '../helpers/payload'
import { basic, serveCompatApi } from '../helpers/http'
import { plainDoc } from '../../src/lib/plainDoc'
import { pluginOptionsOf } from '../../src/pluginOptions'

describe('application passwords and HTTP Basic sign-in (docs/compatibility.md, "Application passwords and HTTP Basic")', () => {
  let payload: Payload
  let api: Awaited<ReturnType<typeof serveCompatApi>>
  let author: TestUser
  let other: TestUser
  const index = () => `${api.url}/wp-json/vendor/events/v1`

  beforeAll(async () => {
    payload = await getTestPayload()
    api = await serveCompatApi(payload)
    author = await createUser(payload, 'author')
    other = await createUser(payload, 'editor')
  })
  // The guard's counts live in the database every test file shares: leave none behind.
  afterAll(async () => {
    // The table is made by the first guarded sign-in, which a run of some tests (`-t`) may not reach.
    await poolOf(payload)!
      .query(`DELETE FROM ${GUARD_TABLE}`)
      .catch((error: { code?: string }) => {
        if (error.code !== '42P01') throw error
      })
    await api.close()
  })

  it('shows a new password once and stores only its hash', async () => {
    const created = await payload
      .create({
        collection: 'application-passwords',
        data: { name: 'Phone app' } as never,
        ...as(author),
      })
      .then(plainDoc)
    expect(created.password).toMatch(/^([A-Za-z0-9]{4} ){5}[A-Za-z0-9]{4}$/)
    expect(created.passwordHash).toBeUndefined()
    expect((created.user as { id: number }).id ?? created.user).toBe(author.id)

    const reread = await payload
      .findByID({ collection: 'application-passwords', id: created.id as number, ...as(author) })
      .then(plainDoc)
    expect(reread.password).toBeUndefined()
    expect(reread.passwordHash).toBeUndefined()
    const stored = await payload
      .findByID({
        collection: 'application-passwords',
        id: created.id as number,
        showHiddenFields: true,
      })
      .then(plainDoc)
    expect(stored.passwordHash).toBe(
      createHash('sha256').update(String(created.password).replace(/ /g, '')).digest('hex'),
    )
  })

  it('signs in over HTTP with an application password, by username or e-mail, whatever separates its groups', async () => {
    const { password } = (await payload.create({
      collection: 'application-passwords',
      data: { name: 'CLI' } as never,
      ...as(author),
    })) as unknown as { password: string }
    // As WordPress, which reads only its letters and digits (checked against the original).
    const forms = [password, password.replace(/ /g, ''), password.replace(/ /g, '-')]
    for (const login of [author.username, author.email]) {
      for (const form of forms) {
        const response = await fetch(index(), { headers: basic(login, form) })
        expect(response.status).toBe(200)
      }
    }
  })

  it('deletes a user with their application passwords, which stop signing in at once', async () => {
    const leaving = await createUser(payload, 'author')
    const { password } = (await payload.create({
      collection: 'application-passwords',
      data: { name: 'Leaving' } as never,
      ...as(leaving),
    })) as unknown as { password: string }
    expect(
      (
        await fetch(`${index()}/events`, {
          headers: basic(leaving.email, password),
          method: 'POST',
        })
      ).status,
    ).not.toBe(401)
    await payload.delete({ collection: 'users', id: leaving.id })
    expect(
      (
        await payload.count({
          collection: 'application-passwords',
          where: { user: { equals: leaving.id } },
        })
      ).totalDocs,
    ).toBe(0)
    expect((await fetch(index(), { headers: basic(leaving.email, password) })).status).toBe(401)
  })

  it('signs in with the account password too', async () => {
    expect((await fetch(index(), { headers: basic(author.email, author.password) })).status).toBe(
      200,
    )
  })

  it('answers 401 incorrect_password to a wrong password, in the WordPress error shape', async () => {
    const response = await fetch(index(), {
      headers: basic(author.email, 'abcd efgh ijkl mnop qrst uvwx'),
    })
    expect(response.status).toBe(401)
    expect(await response.json()).toEqual({
      code: 'incorrect_password',
      message: 'The provided password is an invalid application password.',
      data: { status: 401 },
    })
    expect((await fetch(index(), { headers: basic('nobody@example.test', 'x') })).status).toBe(401)
  })

  it('slows down repeated wrong passwords to one account, and lets the right one in after its turn (the real policy)', async () => {
    const timed = async (password: string) => {
      const started = Date.now()
      const response = await fetch(index(), { headers: basic(author.email, password) })
      return {
        ms: Date.now() - started,
        retryAfter: response.headers.get('retry-after'),
        status: response.status,
      }
    }
    const attempts = []
    for (let i = 0; i < 7; i++) attempts.push(await timed(`wrong-${i}`))
    expect(attempts.every((attempt) => attempt.status === 401)).toBe(true)
    // Five free tries per account, then the sixth starts 1 s after the fifth, the seventh 2 s after the sixth.
    expect(attempts[6]!.ms).toBeGreaterThanOrEqual(1500)
    expect(attempts[6]!.ms - attempts[0]!.ms).toBeGreaterThanOrEqual(1200)
    // The right password waits its turn (4 s after the seventh), is held rather than refused, and clears the count.
    const right = await timed(author.password)
    expect(right.status).toBe(200)
    expect(right.retryAfter).toBeNull()
    expect((await timed(author.password)).ms).toBeLessThan(1000)
  }, 30_000)

  it('stops accepting a password once it is revoked', async () => {
    const created = (await payload.create({
      collection: 'application-passwords',
      data: { name: 'Revoke me' } as never,
      ...as(author),
    })) as unknown as { id: number; password: string }
    expect(
      (await fetch(index(), { headers: basic(author.username, created.password) })).status,
    ).toBe(200)
    await payload.delete({ collection: 'application-passwords', id: created.id, ...as(author) })
    expect(
      (await fetch(index(), { headers: basic(author.username, created.password) })).status,
    ).toBe(401)
  })

  it('applies a role change from the next request, although the password signed in moments before', async () => {
    const demoted = await createUser(payload, 'author')
    const { password } = (await payload.create({
      collection: 'application-passwords',
      data: { name: 'Demoted' } as never,
      ...as(demoted),
    })) as unknown as { password: string }
    // Drafts are listed only to those who may edit posts (an author may; a subscriber may not).
    const drafts = () =>
      fetch(`${index()}/events?status=draft`, { headers: basic(demoted.username, password) })
    expect((await drafts()).status).toBe(200)
    expect((await drafts()).status).toBe(200)
    await payload.update({
      collection: 'users',
      data: { role: 'subscriber' } as never,
      id: demoted.id,
      overrideAccess: true,
    })
    expect((await drafts()).status).not.toBe(200)
  })

  it('accepts an application password only with the login of its owner', async () => {
    const { password } = (await payload.create({
      collection: 'application-passwords',
      data: { name: 'Owned' } as never,
      ...as(author),
    })) as unknown as { password: string }
    expect((await fetch(index(), { headers: basic(author.username, password) })).status).toBe(200)
    for (const login of [other.username, other.email, 'nobody-at-all']) {
      expect((await fetch(index(), { headers: basic(login, password) })).status, login).toBe(401)
    }
  })

  it('keeps each user’s passwords to themselves', async () => {
    const mine = (await payload.create({
      collection: 'application-passwords',
      data: { name: 'Private' } as never,
      ...as(author),
    })) as { id: number }
    const seen = await payload.find({ collection: 'application-passwords', ...as(other) })
    expect(seen.docs.map((doc) => doc.id)).not.toContain(mine.id)
    await failureOf(() =>
      payload.delete({ collection: 'application-passwords', id: mine.id, ...as(other) }),
    )
    expect(
      (
        await payload.count({
          collection: 'application-passwords',
          where: { id: { equals: mine.id } },
        })
      ).totalDocs,
    ).toBe(1)
  })

  it('never takes a password from the caller', async () => {
    const created = (await payload.create({
      collection: 'application-passwords',
      data: {
        name: 'Chosen',
        passwordHash: createHash('sha256').update('a'.repeat(24)).digest('hex'),
      } as never,
      ...as(author),
    })) as unknown as { password: string }
    expect(created.password).not.toBe('a'.repeat(24))
    expect((await fetch(index(), { headers: basic(author.username, 'a'.repeat(24)) })).status).toBe(
      401,
    )
  })
})

describe('the compatibility API’s transport', () => {
  let payload: Payload
  let api: Awaited<ReturnType<typeof serveCompatApi>>
  beforeAll(async () => {
    payload = await getTestPayload()
    api = await serveCompatApi(payload)
  })
  afterAll(() => api.close())

  it.each([
    '/wp-json/vendor/events/v1',
    '/fr/wp-json/vendor/events/v1/',
    '/es/wp-json/vendor/events/v1',
  ])(
    'serves the namespace index at %s with the original’s headers and its own root in links',
    async (path) => {
      const response = await fetch(`${api.url}${path}`)
      expect(response.status).toBe(200)
      expect(response.headers.get('content-type')).toBe('application/json; charset=UTF-8')
      expect(response.headers.get('allow')).toBe('GET')
      const root = path.startsWith('/fr')
        ? '/fr/wp-json'
        : path.startsWith('/es')
          ? '/es/wp-json'
          : '/wp-json'
      expect(response.headers.get('link')).toBe(
        `<http://localhost:3000${root}/>; rel="https://api.w.org/"`,
      )
      const body = await response.json()
      expect(body.namespace).toBe('vendor/events/v1')
      expect(body.routes['/vendor/events/v1']).toEqual({
        namespace: 'vendor/events/v1',
        methods: ['GET'],
        endpoints: [
          {
            methods: ['GET'],
            args: {
              namespace: { default: 'vendor/events/v1', required: false },
              context: { default: 'view', required: false },
            },
          },
        ],
        _links: { self: [{ href: `http://localhost:3000${root}/vendor/events/v1` }] },
      })
      expect(body._links).toEqual({ up: [{ href: `http://localhost:3000${root}/` }] })
    },
  )

  it.each([
    ['GET', '/wp-json/vendor/events/v1/nope'],
    ['DELETE', '/wp-json/vendor/events/v1'],
    ['GET', '/wp-json/other/v2'],
  ])('answers %s %s with 404 rest_no_route', async (method, path) => {
    const response = await fetch(`${api.url}${path}`, { method })
    expect(response.status).toBe(404)
    expect(await response.json()).toEqual({
      code: 'rest_no_route',
      message: 'No route was found matching the URL and request method.',
      data: { status: 404 },
    })
  })

  it('refuses an unknown i18n_language with 400 rest_invalid_param', async () => {
    const response = await fetch(`${api.url}/wp-json/vendor/events/v1?i18n_language=de`)
    expect(response.status).toBe(400)
    const body = await response.json()
    expect(body.code).toBe('rest_invalid_param')
    expect(body.data.params).toHaveProperty('i18n_language')
  })

  it('answers an oversized body with 413 in the error shape', async () => {
    const huge = await fetch(`${api.url}/wp-json/vendor/events/v1`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: `"${'x'.repeat(2 * 1024 * 1024)}"`,
    })
    expect(huge.status).toBe(413)
    expect((await huge.json()).code).toBe('rest_request_too_large')
  })

  it('parses JSON and form bodies, and answers malformed JSON with 400 rest_invalid_json', async () => {
    const options = pluginOptionsOf(payload)
    const table: Route[] = [
      {
        path: '/echo',
        endpoints: [
          { methods: ['POST'], args: {}, handler: ({ body }) => ({ body, status: 201 }) },
        ],
      },
    ]
    const send = (body: string, type: string) =>
      dispatchCompatRequest(
        payload,
        options,
        {
          body,
          headers: new Headers({ 'content-type': type }),
          method: 'POST',
          path: '/vendor/events/v1/echo',
          query: '',
          restBase: 'http://x/wp-json',
        },
        table,
      )
    const json = await send('{"tags":["a","b"]}', 'application/json')
    expect(json.status).toBe(201)
    expect(await json.json()).toEqual({ tags: ['a', 'b'] })
    const form = await send('tags[]=a&tags[]=b&title=x', 'application/x-www-form-urlencoded')
    expect(await form.json()).toEqual({ tags: ['a', 'b'], title: 'x' })
    const broken = await send('{"title":', 'application/json')
    expect(broken.status).toBe(400)
    expect(await broken.json()).toEqual({
      code: 'rest_invalid_json',
      message: 'Invalid JSON body passed.',
      data: { status: 400, json_error_code: 4, json_error_message: 'Syntax error' },
    })
  })

  it('answers an unexpected failure in the error shape without internals', async () => {
    const options = pluginOptionsOf(payload)
    const table: Route[] = [
      {
        path: '/boom',
        endpoints: [
          {
            methods: ['GET'],
            args: {},
            handler: () => {
              throw new Error('secret internals')
            },
          },
        ],
      },
    ]
    const response = await dispatchCompatRequest(
      payload,
      options,
      {
        headers: new Headers(),
        method: 'GET',
        path: '/vendor/events/v1/boom',
        query: '',
        restBase: 'http://x/wp-json',
      },
      table,
    )
    const text = await response.text()
    expect(response.status).toBe(500)
    expect(JSON.parse(text).code).toBe('rest_internal_error')
    expect(text).not.toContain('secret internals')
  })
})
