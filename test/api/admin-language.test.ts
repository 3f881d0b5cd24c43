import type { Payload } from 'payload'

import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import { serveAllApis } from '../helpers/http'
import { createUser, getTestPayload, type TestUser, unique } from '../helpers/payload'

/*
 * An account's admin language (issue 28, item 6): an administrator gives a new user French, and
 * that user's sign-in sets the admin's language cookie to it; the account may change its own,
 * nobody else may change another's; lists do not carry it.
 */
describe('an account’s admin language', () => {
  let payload: Payload
  let api: Awaited<ReturnType<typeof serveAllApis>>
  let admin: TestUser
  let author: TestUser

  const login = async (email: string, password: string) => {
    const response = await fetch(`${api.url}/api/users/login`, {
      body: JSON.stringify({ email, password }),
      headers: { 'Content-Type': 'application/json' },
      method: 'POST',
    })
    expect(response.status).toBe(200)
    const { token } = (await response.json()) as { token: string }
    return { cookies: response.headers.getSetCookie(), token }
  }
  const languageCookie = (cookies: string[]) =>
    cookies.find((cookie) => cookie.startsWith('payload-lng='))?.split(';')[0]

  beforeAll(async () => {
    payload = await getTestPayload()
    api = await serveAllApis(payload)
    admin = await createUser(payload, 'administrator')
    author = await createUser(payload, 'author')
  })

  afterAll(async () => {
    await api?.close()
  })

  it('is set by an administrator on a new account and becomes its admin language at sign-in', async () => {
    const { token } = await login(admin.email, admin.password)
    const headers = { Authorization: `JWT ${token}`, 'Content-Type': 'application/json' }
    const email = `${unique('francophone')}@example.test`
    const password = 'a-long-password-1'
    const created = await fetch(`${api.url}/api/users`, {
      body: JSON.stringify({
        adminLanguage: 'fr',
        email,
        password,
        role: 'editor',
        username: unique('fr'),
      }),
      headers,
      method: 'POST',
    })
    expect(created.status).toBe(201)
    const { doc } = (await created.json()) as { doc: { adminLanguage?: string; id: number } }
    expect(doc.adminLanguage).toBe('fr')
    const read = await fetch(`${api.url}/api/users/${doc.id}`, { headers })
    expect(((await read.json()) as { adminLanguage?: string }).adminLanguage).toBe('fr')
    const list = await fetch(`${api.url}/api/users?where[id][equals]=${doc.id}`, { headers })
    expect(
      ((await list.json()) as { docs: { adminLanguage?: string }[] }).docs[0]!.adminLanguage,
    ).toBeUndefined()

    const signedIn = await login(email, password)
    expect(languageCookie(signedIn.cookies)).toBe('payload-lng=fr')

    // The account changes its own; the cookie follows at the next sign-in.
    const own = await fetch(`${api.url}/api/users/${doc.id}`, {
      body: JSON.stringify({ adminLanguage: 'es' }),
      headers: { Authorization: `JWT ${signedIn.token}`, 'Content-Type': 'application/json' },
      method: 'PATCH',
    })
    expect(own.status).toBe(200)
    expect(languageCookie((await login(email, password)).cookies)).toBe('payload-lng=es')

    // Cleared, the browser's own language is left alone.
    await fetch(`${api.url}/api/users/${doc.id}`, {
      body: JSON.stringify({ adminLanguage: null }),
      headers,
      method: 'PATCH',
    })
    expect(languageCookie((await login(email, password)).cookies)).toBeUndefined()
  })

  it('is not changed by another account that does not manage users', async () => {
    const { token } = await login(admin.email, admin.password)
    await fetch(`${api.url}/api/users/${admin.id}`, {
      body: JSON.stringify({ adminLanguage: 'en' }),
      headers: { Authorization: `JWT ${token}`, 'Content-Type': 'application/json' },
      method: 'PATCH',
    })
    const theirs = await login(author.email, author.password)
    await fetch(`${api.url}/api/users/${admin.id}`, {
      body: JSON.stringify({ adminLanguage: 'es' }),
      headers: { Authorization: `JWT ${theirs.token}`, 'Content-Type': 'application/json' },
      method: 'PATCH',
    })
    expect(languageCookie((await login(admin.email, admin.password)).cookies)).toBe(
      'payload-lng=en',
    )
  })
})
