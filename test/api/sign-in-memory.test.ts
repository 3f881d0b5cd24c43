import type { Payload } from 'payload'

import pg from 'pg'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import { GUARD_TABLE } from '../../src/auth/passwordGuardStore'
import { REMEMBER_MS } from '../../src/auth/recentApplicationPasswords'
import { poolOf } from '../../src/db/pool'
import { as, createUser, getTestPayload, type TestUser } from '../helpers/payload'
import { basic, serveCompatApi, type TestServer } from '../helpers/http'

/*
 * The memory of application-password sign-ins (`src/auth/recentApplicationPasswords.ts`), over
 * real HTTP: the statements the `pg` driver sends are counted, so a sign-in taken from memory is
 * one that looked up neither the account nor the password. Any change to a user or an application
 * password forgets every remembered sign-in and remembers nothing for REMEMBER_MS (a sign-in read
 * meanwhile may have read the rows before the change), so each test first lets that time pass.
 */
describe('remembered application-password sign-ins (src/auth/recentApplicationPasswords.ts)', () => {
  let payload: Payload
  let api: TestServer
  let owner: TestUser
  const statements: string[] = []
  const query = pg.Client.prototype.query

  beforeAll(async () => {
    payload = await getTestPayload()
    api = await serveCompatApi(payload)
    owner = await createUser(payload, 'author')
    pg.Client.prototype.query = function (this: pg.Client, ...args: unknown[]) {
      const first = args[0] as { text?: string } | string
      statements.push(typeof first === 'string' ? first : String(first?.text ?? ''))
      return (query as (...args: unknown[]) => unknown).apply(this, args)
    } as never
  })
  afterAll(async () => {
    pg.Client.prototype.query = query
    // The old account password refused below is counted by the guard, in the database every test file shares.
    await poolOf(payload)!.query(`DELETE FROM ${GUARD_TABLE}`)
    await api.close()
  })

  /** The sign-in's own look-ups (`basicAuthStrategy.ts`): the account by login, the password by its hash. */
  const isSignInLookup = (text: string) =>
    /from "users"/.test(text)
      ? /"users"\."(email|username)" =/.test(text)
      : /from "application_passwords"/.test(text) && /"password_hash" =/.test(text)

  /** A request that answers 200 only to someone who may edit posts (an author may; nobody signed in may not). */
  async function listDrafts(login: string, password: string) {
    const before = statements.length
    const response = await fetch(`${api.url}/wp-json/vendor/events/v1/events?status=draft`, {
      headers: basic(login, password),
    })
    await response.arrayBuffer()
    return {
      lookups: statements.slice(before).filter(isSignInLookup).length,
      status: response.status,
    }
  }

  async function newApplicationPassword(name: string) {
    return (await payload.create({
      collection: 'application-passwords',
      data: { name } as never,
      ...as(owner),
    })) as unknown as { id: number; password: string }
  }

  /** Waits for the background update that records a password's use (its first in a minute). */
  async function useRecorded(id: number) {
    for (let attempt = 0; attempt < 500; attempt++) {
      const stored = (await payload.findByID({
        collection: 'application-passwords',
        id,
        overrideAccess: true,
      })) as { lastUsedAt?: null | string }
      if (stored.lastUsedAt) return
      await new Promise((resolve) => setTimeout(resolve, 10))
    }
    throw new Error('the use of the application password was never recorded')
  }

  /** Signs in once with a right password after the last change's quiet time, then once more from memory. */
  async function signInRemembered(password: { id: number; password: string }) {
    await new Promise((resolve) => setTimeout(resolve, REMEMBER_MS + 200))
    expect(await listDrafts(owner.username, password.password)).toEqual({ lookups: 2, status: 200 })
    // Recording the use is a change of the password's row: it must not forget the sign-in.
    await useRecorded(password.id)
    expect(await listDrafts(owner.username, password.password)).toEqual({ lookups: 0, status: 200 })
  }

  it('signs in from memory after a right password, also once its use was recorded', async () => {
    const password = await newApplicationPassword('Burst')
    await signInRemembered(password)
    // By e-mail it is another login: looked up, then remembered too.
    expect(await listDrafts(owner.email, password.password)).toEqual({ lookups: 2, status: 200 })
    expect(await listDrafts(owner.email, password.password)).toEqual({ lookups: 0, status: 200 })
  }, 30_000)

  it('forgets it at once when the account changes (a new account password)', async () => {
    const password = await newApplicationPassword('Account change')
    await signInRemembered(password)
    await payload.update({
      collection: 'users',
      data: { password: `${owner.password}-new` } as never,
      id: owner.id,
      overrideAccess: true,
    })
    // Looked up again on the very next request, and the account password changed at once.
    expect(await listDrafts(owner.username, password.password)).toEqual({ lookups: 2, status: 200 })
    expect((await listDrafts(owner.username, owner.password)).status).toBe(401)
    expect((await listDrafts(owner.username, `${owner.password}-new`)).status).toBe(200)
    owner = { ...owner, password: `${owner.password}-new` }
  }, 30_000)

  it('refuses a revoked password on the next request, though it was remembered', async () => {
    const password = await newApplicationPassword('Revoked')
    const other = await newApplicationPassword('Kept')
    await signInRemembered(password)
    expect(await listDrafts(owner.username, other.password)).toMatchObject({ status: 200 })
    await payload.delete({ collection: 'application-passwords', id: password.id, ...as(owner) })
    expect((await listDrafts(owner.username, password.password)).status).toBe(401)
    expect(await listDrafts(owner.username, other.password)).toEqual({ lookups: 2, status: 200 })
  }, 30_000)
})
