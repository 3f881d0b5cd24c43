import type { Payload } from 'payload'

import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'

import { FORGOT_PASSWORD_POLICY } from '../../src/auth/forgotPasswordGuard'
import { serveAllApis, type TestServer } from '../helpers/http'
import { clearGuard } from '../helpers/passwordGuard'
import { createUser, getTestPayload, type TestUser, unique } from '../helpers/payload'

type Answer = { body: string; headers: Headers; ms: number; status: number }

/**
 * Forgot-password behind a guard of its own (src/auth/forgotPasswordGuard.ts): counted per
 * address named, per client address and for the site, refused with 429 past the policy, and
 * answered alike, in body, status and time, whether the address is an account's or not.
 */
describe('forgot-password guard', () => {
  let payload: Payload
  let api: TestServer
  let user: TestUser
  let sendEmail: Payload['email']['sendEmail']
  const sent: string[] = []
  /** How long the mail server takes to accept a message. */
  let mailMs = 0

  const ask = async (body: unknown, client = '203.0.113.1'): Promise<Answer> => {
    const started = performance.now()
    const response = await fetch(`${api.url}/api/users/forgot-password`, {
      body: JSON.stringify(body),
      headers: { 'content-type': 'application/json', 'x-forwarded-for': client },
      method: 'POST',
    })
    const text = await response.text()
    return {
      body: text,
      headers: response.headers,
      ms: performance.now() - started,
      status: response.status,
    }
  }
  const graphqlAsk = async (email: string, client: string) => {
    const response = await fetch(`${api.url}/api/graphql`, {
      body: JSON.stringify({
        query: `mutation { forgotPasswordUser(email: ${JSON.stringify(email)}, username: "") }`,
      }),
      headers: { 'content-type': 'application/json', 'x-forwarded-for': client },
      method: 'POST',
    })
    return { body: (await response.json()) as any, status: response.status }
  }
  const settle = async (count: number) => {
    const until = Date.now() + 10_000
    while (sent.length < count && Date.now() < until)
      await new Promise((resolve) => setTimeout(resolve, 20))
  }

  beforeAll(async () => {
    payload = await getTestPayload()
    // The client's address comes from X-Forwarded-For, sent by this loopback "proxy".
    api = await serveAllApis(payload, ['loopback'])
    user = await createUser(payload, 'author')
    sendEmail = payload.email.sendEmail
    payload.email.sendEmail = async (message) => {
      await new Promise((resolve) => setTimeout(resolve, mailMs))
      sent.push(String(message.to))
    }
  })
  beforeEach(async () => {
    await clearGuard(payload)
    sent.length = 0
    mailMs = 0
  })
  afterAll(async () => {
    payload.email.sendEmail = sendEmail
    await clearGuard(payload)
    await api?.close()
  })

  it('answers a known and an unknown address alike, without waiting for the mail server', async () => {
    mailMs = 1500
    const known = await ask({ email: user.email }, '203.0.113.10')
    const unknown = await ask({ email: `${unique('nobody')}@example.test` }, '203.0.113.11')
    expect(known.status).toBe(200)
    expect(unknown.status).toBe(200)
    expect(known.body).toBe(unknown.body)
    expect(JSON.parse(known.body)).toEqual({ message: 'Success' })
    const shown = (answer: Answer) =>
      [...answer.headers]
        .filter(([name]) => name !== 'date')
        .map(([name, value]) => `${name}: ${value}`)
    expect(shown(known)).toEqual(shown(unknown))
    // The message is sent after the answer, which did not wait for it.
    expect(known.ms).toBeLessThan(mailMs * 0.66)
    await settle(1)
    expect(sent).toEqual([user.email])
  })

  it('answers GraphQL’s forgotPassword for a known and an unknown address alike, without waiting for the mail server', async () => {
    mailMs = 1500
    const timedAsk = async (email: string, client: string) => {
      const started = performance.now()
      const answer = await graphqlAsk(email, client)
      return { ...answer, ms: performance.now() - started }
    }
    // Another account than the other tests': Payload spaces one account's messages by 15 s.
    const other = await createUser(payload, 'author')
    // The first GraphQL request builds the schema: not what is measured.
    await graphqlAsk(`${unique('warm')}@example.test`, '203.0.113.19')
    const known = await timedAsk(other.email, '203.0.113.20')
    const unknown = await timedAsk(`${unique('nobody')}@example.test`, '203.0.113.21')
    expect(known.body).toEqual({ data: { forgotPasswordUser: true } })
    expect(unknown.body).toEqual(known.body)
    expect(known.ms).toBeLessThan(mailMs * 0.66)
    await settle(1)
    expect(sent).toEqual([other.email])
  })

  it('limits the requests naming one address, known or not, whoever sends them', async () => {
    const free = FORGOT_PASSWORD_POLICY.login.freeTries
    // An account of its own: Payload spaces one account's messages by 15 s.
    const other = await createUser(payload, 'author')
    for (const email of [other.email, `${unique('nobody')}@example.test`]) {
      const answers: Answer[] = []
      for (let i = 0; i <= free; i++) answers.push(await ask({ email }, `198.51.100.${i + 1}`))
      expect(answers.map((answer) => answer.status)).toEqual([...Array(free).fill(200), 429])
      const refused = answers.at(-1)!
      expect(JSON.parse(refused.body)).toEqual({
        errors: [{ message: 'Too many password reset requests. Please wait before trying again.' }],
      })
      expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0)
    }
    // Payload's own spacing of one account's messages (15 s) still holds: one message.
    await settle(1)
    expect(sent).toEqual([other.email])
  })

  it('limits one client, and the whole site, whatever addresses they name', async () => {
    const perClient = FORGOT_PASSWORD_POLICY.address.freeTries
    const statuses: number[] = []
    for (let i = 0; i <= perClient; i++)
      statuses.push((await ask({ email: `${unique('many')}@example.test` }, '192.0.2.7')).status)
    expect(statuses).toEqual([...Array(perClient).fill(200), 429])
    // Another client is not held back by that one.
    expect((await ask({ email: `${unique('other')}@example.test` }, '192.0.2.8')).status).toBe(200)

    await clearGuard(payload)
    const site = FORGOT_PASSWORD_POLICY.site.freeTries
    const spread: number[] = []
    for (let i = 0; i <= site; i++)
      spread.push(
        (await ask({ email: `${unique('site')}@example.test` }, `10.9.${i >> 8}.${i & 255}`))
          .status,
      )
    expect(spread).toEqual([...Array(site).fill(200), 429])
  })

  it('counts GraphQL’s forgotPassword too, and still refuses a request naming no address as Payload does', async () => {
    const email = `${unique('graphql')}@example.test`
    const free = FORGOT_PASSWORD_POLICY.login.freeTries
    for (let i = 0; i < free; i++)
      expect((await graphqlAsk(email, `198.51.100.${50 + i}`)).body.errors).toBeUndefined()
    const refused = await graphqlAsk(email, '198.51.100.99')
    expect(refused.body.errors?.[0]?.message).toContain('Too many password reset requests')

    const missing = await ask({})
    expect(missing.status).toBe(400)
    expect(JSON.parse(missing.body)).toEqual({ errors: [{ message: 'Missing username.' }] })
  })
})
