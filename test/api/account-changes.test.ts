import type { Payload } from 'payload'

import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import { basic, serveAllApis } from '../helpers/http'
import { createUser, getTestPayload, type TestUser, unique } from '../helpers/payload'

// Few free tries and a wait longer than any request may hold: a try past them is refused at once (429).
process.env.PASSWORD_GUARD_ACCOUNT_FREE_TRIES = '3'
process.env.PASSWORD_GUARD_FIRST_DELAY_MS = '60000'
process.env.PASSWORD_GUARD_MAX_DELAY_MS = '60000'
process.env.PASSWORD_GUARD_MAX_HOLD_MS = '500'

/**
 * Issue 25, finding 12: a signed-in user changed their e-mail address without their current
 * password, and learnt from the refusals which addresses and usernames have accounts.
 */
describe("changes of one's own sign-in details", () => {
  let payload: Payload
  let api: Awaited<ReturnType<typeof serveAllApis>>
  let admin: TestUser

  beforeAll(async () => {
    payload = await getTestPayload()
    api = await serveAllApis(payload)
    admin = await createUser(payload, 'administrator')
  })
  afterAll(() => api.close())

  const patch = async (
    as: { email: string; password: string },
    id: number,
    body: Record<string, unknown>,
  ) => {
    const response = await fetch(`${api.url}/api/users/${id}`, {
      body: JSON.stringify(body),
      headers: { 'content-type': 'application/json', ...basic(as.email, as.password) },
      method: 'PATCH',
    })
    return { body: (await response.json()) as Record<string, unknown>, status: response.status }
  }
  const stored = async (id: number) =>
    (await payload.findByID({
      collection: 'users',
      id,
      showHiddenFields: true,
    })) as unknown as Record<string, unknown>
  const signsIn = async (email: string, password: string) =>
    (
      await fetch(`${api.url}/api/users/login`, {
        body: JSON.stringify({ email, password }),
        headers: { 'content-type': 'application/json' },
        method: 'POST',
      })
    ).status === 200

  it("takes the current password to change one's own e-mail address, and neither stores nor returns it", async () => {
    const user = await createUser(payload, 'author')
    const email = `${unique('moved')}@example.test`
    const without = await patch(user, user.id, { email })
    expect(without.status).toBe(400)
    expect(JSON.stringify(without.body)).toContain('current password')
    expect((await patch(user, user.id, { currentPassword: 'wrong', email })).status).toBe(400)
    expect((await stored(user.id)).email).toBe(user.email)

    const changed = await patch(user, user.id, { currentPassword: user.password, email })
    expect(changed.status, JSON.stringify(changed.body)).toBe(200)
    expect(JSON.stringify(changed.body)).not.toContain(user.password)
    const doc = await stored(user.id)
    expect(doc.email).toBe(email)
    expect(doc.currentPassword).toBeUndefined()
    // Other fields save as before without it.
    expect(
      (await patch({ email, password: user.password }, user.id, { displayName: 'Renamed' })).status,
    ).toBe(200)
  })

  it("takes it to change one's own password and username, through GraphQL too", async () => {
    const user = await createUser(payload, 'editor')
    expect((await patch(user, user.id, { password: 'a-new-password-1' })).status).toBe(400)
    expect((await patch(user, user.id, { username: unique('renamed') })).status).toBe(400)
    expect(await signsIn(user.email, user.password)).toBe(true)
    const graphql = await fetch(`${api.url}/api/graphql`, {
      body: JSON.stringify({
        query: `mutation { updateUser(id: ${user.id}, data: { password: "a-new-password-2" }) { id } }`,
      }),
      headers: { 'content-type': 'application/json', ...basic(user.email, user.password) },
      method: 'POST',
    })
    expect(((await graphql.json()) as { errors?: unknown[] }).errors).toBeDefined()
    expect(await signsIn(user.email, user.password)).toBe(true)

    expect(
      (await patch(user, user.id, { currentPassword: user.password, password: 'a-new-password-3' }))
        .status,
    ).toBe(200)
    expect(await signsIn(user.email, 'a-new-password-3')).toBe(true)
  })

  it('asks an administrator for their own password only on their own account', async () => {
    const other = await createUser(payload, 'contributor')
    const email = `${unique('reassigned')}@example.test`
    expect((await patch(admin, other.id, { email, password: 'set-by-the-admin' })).status).toBe(200)
    expect(await signsIn(email, 'set-by-the-admin')).toBe(true)
    expect(
      (await patch(admin, admin.id, { email: `${unique('admin')}@example.test` })).status,
    ).toBe(400)
  })

  it('slows asking for one taken address after another as it slows guessing passwords', async () => {
    const prober = await createUser(payload, 'subscriber')
    const others = await Promise.all([1, 2, 3, 4].map(() => createUser(payload, 'subscriber')))
    const probes = []
    for (const other of others)
      probes.push(
        (await patch(prober, prober.id, { currentPassword: prober.password, email: other.email }))
          .status,
      )
    // Refused as taken while free tries last, then not answered at all: the account has a wait
    // running, which its own Basic sign-in waits for too (403), or the change's check (429).
    expect(probes.slice(0, 3)).toEqual([400, 400, 400])
    expect([403, 429]).toContain(probes[3])
    expect((await stored(prober.id)).email).toBe(prober.email)
  })

  it("tells no one which accounts exist through Payload's unlock, which no account needs", async () => {
    const prober = await createUser(payload, 'subscriber')
    const other = await createUser(payload, 'editor')
    const post = async (as: TestUser, path: string, body: unknown) => {
      const response = await fetch(`${api.url}/api${path}`, {
        body: JSON.stringify(body),
        headers: { 'content-type': 'application/json', ...basic(as.email, as.password) },
        method: 'POST',
      })
      return { body: await response.text(), status: response.status }
    }
    const unknown = `${unique('nobody')}@example.test`
    for (const as of [prober, other]) {
      const known = await post(as, '/users/unlock', { email: admin.email })
      expect(known).toEqual(await post(as, '/users/unlock', { email: unknown }))
      expect(known.status).toBe(403)
      expect(await post(as, '/users/unlock', { username: admin.username })).toEqual(
        await post(as, '/users/unlock', { username: unique('nobody') }),
      )
      const gql = (email: string) =>
        post(as, '/graphql', { query: `mutation { unlockUser(email: "${email}") }` })
      expect(await gql(admin.email)).toEqual(await gql(unknown))
    }
    // Those who manage users still may (nothing is locked: the password guard slows, never locks).
    expect((await post(admin, '/users/unlock', { email: other.email })).status).toBe(200)
  })

  it("lets one change one's address several times in a row with the right password", async () => {
    const user = await createUser(payload, 'subscriber')
    let email = user.email
    for (let n = 0; n < 5; n++) {
      const next = `${unique('again')}@example.test`
      expect(
        (
          await patch({ email, password: user.password }, user.id, {
            currentPassword: user.password,
            email: next,
          })
        ).status,
      ).toBe(200)
      email = next
    }
  })
})
