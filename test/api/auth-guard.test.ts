import type { Payload } from 'payload'

import { createRequire } from 'node:module'
import path from 'node:path'
import pg from 'pg'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'

import { sanitizeOptions } from '../../src/sanitizeOptions'
import { delayAfter, guardPolicy, policyFrom } from '../../src/auth/passwordGuardPolicy'
import { GUARD_TABLE, PasswordGuardStore } from '../../src/auth/passwordGuardStore'
import { basic, serveAllApis } from '../helpers/http'
import {
  clearGuard as clearGuardOf,
  signInRequests,
  timed,
  useSmallGuardPolicy,
} from '../helpers/passwordGuard'
import { createUser, getTestPayload, type TestUser, unique } from '../helpers/payload'

/*
 * Timed: whether a try is held or refused depends on when it is sent, so the small policy
 * (test/helpers/passwordGuard.ts) is taken at twice its delays and holds: 800 ms, 1.6 s, 3.2 s
 * between tries, holds up to 2 s. A try that should be refused is then refused unless the try
 * before took over 1.2 s, which leaves room for the test files beside this one (OWN_PAYLOAD in
 * vitest.config.ts). Read by the guard on first use, after this runs; the real numbers are tested
 * once at the end. That no account is ever locked, which only waits, is
 * test/api/auth-guard-no-lockout.test.ts.
 */
useSmallGuardPolicy(2)

// Payload's postgres adapter brings its own drizzle-orm; the outage test builds one like it.
const { drizzle } = createRequire(path.resolve('node_modules/@payloadcms/drizzle/package.json'))(
  'drizzle-orm/node-postgres',
) as {
  drizzle: (config: { client: pg.Pool; schema: unknown }) => unknown
}

const SITE_ORIGIN = 'http://localhost:3000'
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))
const median = (values: number[]) =>
  [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!

describe('the password guard: slowdown, no lockout, equal timing, CSRF, sessions, outages (issue 12 §6-11)', () => {
  let payload: Payload
  let api: Awaited<ReturnType<typeof serveAllApis>>
  const clearGuard = () => clearGuardOf(payload)
  const { compat, login, me } = signInRequests(() => api.url)
  /** Four wrong tries in a row: how long all four took, and how long the quickest one took. */
  const fourWrongTries = async (send: (i: number) => ReturnType<typeof timed>) => {
    const started = performance.now()
    const tries = []
    for (let i = 0; i < 4; i++) tries.push(await send(i))
    return {
      elapsed: performance.now() - started,
      quickest: Math.min(...tries.map((item) => item.ms)),
      tries,
    }
  }

  beforeAll(async () => {
    payload = await getTestPayload()
    api = await serveAllApis(payload)
  })
  beforeEach(clearGuard)
  afterAll(async () => {
    await clearGuard()
    await api.close()
  })

  it('slows HTTP Basic on Payload’s REST per account, refuses with Retry-After past the hold, and lets the right password in after the wait', async () => {
    const user = await createUser(payload, 'author')
    const { elapsed, quickest, tries } = await fourWrongTries((i) =>
      me(basic(user.email, `wrong-${i}`)),
    )
    expect(tries.map((item) => item.body.user)).toEqual([null, null, null, null])
    // Two free tries, then the third starts 800 ms after the second, the fourth 1.6 s after the third.
    expect(elapsed).toBeGreaterThanOrEqual(2400 + quickest)

    // The fifth would start 3.2 s after the fourth: more than the 2 s a try is held.
    const refused = await me(basic(user.email, user.password))
    expect(refused.body.user).toBeNull()
    expect(refused.headers.get('retry-after')).toMatch(/^[34]$/)
    await sleep(Number(refused.headers.get('retry-after')) * 1000)
    const right = await me(basic(user.email, user.password))
    expect(right.body.user?.email).toBe(user.email)
  })

  it('slows Payload’s login the same way and refuses with 429 and Retry-After instead of locking the account', async () => {
    const user = await createUser(payload, 'author')
    const { elapsed, quickest, tries } = await fourWrongTries((i) =>
      login(user.email, `wrong-${i}`),
    )
    expect(tries.map((item) => item.status)).toEqual([401, 401, 401, 401])
    expect(elapsed).toBeGreaterThanOrEqual(2400 + quickest)
    const refused = await login(user.email, user.password)
    expect(refused.status).toBe(429)
    expect(refused.headers.get('retry-after')).toMatch(/^[34]$/)
    await sleep(Number(refused.headers.get('retry-after')) * 1000)
    const right = await login(user.email, user.password)
    expect(right.status).toBe(200)
    expect(right.body.token).toEqual(expect.any(String))
  })

  it('keeps its counts in Postgres, shared by every instance: another pool sees the same tries and queues behind them', async () => {
    const url = process.env.DATABASE_URL!
    const pools = Array.from({ length: 4 }, () => new pg.Pool({ connectionString: url, max: 2 }))
    try {
      // Several instances starting at once all create the table safely.
      await pools[0]!.query(`DROP TABLE IF EXISTS ${GUARD_TABLE}`)
      await Promise.all(pools.map((pool) => new PasswordGuardStore(pool).ensureTable()))

      const [one, two] = [new PasswordGuardStore(pools[0]!), new PasswordGuardStore(pools[1]!)]
      const policy = guardPolicy(payload)
      const key = [{ key: unique('account:test'), policy: policy.account }]
      expect(await one.admit(key, policy)).toEqual({ admitted: true, waitMs: 0 })
      expect(await one.admit(key, policy)).toEqual({ admitted: true, waitMs: 0 })
      expect(await two.currentWait(key)).toBeGreaterThan(300)
      const third = await two.admit(key, policy)
      expect(third.admitted && third.waitMs).toBeGreaterThan(300)

      // Tries sent at the same moment through four pools take turns instead of all going through.
      const racing = [{ key: unique('account:test'), policy: policy.account }]
      const turns = await Promise.all(
        pools.map((pool) => new PasswordGuardStore(pool).admit(racing, policy)),
      )
      const waits = turns.map((turn) => (turn.admitted ? turn.waitMs : -1)).sort((a, b) => a - b)
      // Two free tries, the third 800 ms later, the fourth would come 1.6 s after that: refused.
      expect(waits.slice(0, 3)).toEqual([-1, 0, 0])
      expect(waits[3]).toBeGreaterThan(300)
    } finally {
      await Promise.all(pools.map((pool) => pool.end()))
    }
  })

  it('takes the client address from the socket: X-Forwarded-For (or a forged private header) does not reset the count unless TRUST_PROXY says so', async () => {
    const tryAll = async (base: string) => {
      const statuses: number[] = []
      for (let i = 0; i < 7; i++) {
        const headers = {
          ...basic(unique('nobody'), 'wrong'),
          'X-Forwarded-For': `203.0.113.${i + 1}`,
          'x-events-calendar-client-address': `198.51.100.${i + 1} forged`,
        }
        statuses.push((await fetch(`${base}/wp-json/vendor/events/v1`, { headers })).status)
      }
      return statuses
    }
    // One address: four free tries, then 800 ms, 1.6 s, and the seventh would wait 3.2 s.
    expect(await tryAll(api.url)).toEqual([401, 401, 401, 401, 401, 401, 429])
    // Payload's login, inside the handlers behind the Express front, counts the same address.
    const login7 = await login(unique('nobody') + '@example.test', 'wrong', {
      'X-Forwarded-For': '203.0.113.99',
    })
    expect(login7.status).toBe(429)

    await clearGuard()
    const proxied = await serveAllApis(payload, ['loopback'])
    try {
      expect(await tryAll(proxied.url)).toEqual([401, 401, 401, 401, 401, 401, 401])
    } finally {
      await proxied.close()
    }
  }, 30_000)

  it('answers an unknown login as slowly as a known one with a wrong password (Basic and Payload’s login)', async () => {
    const user = await createUser(payload, 'author')
    const samples = {
      knownBasic: [] as number[],
      unknownBasic: [] as number[],
      knownLogin: [] as number[],
      unknownLogin: [] as number[],
    }
    // Five rounds, each asking known and unknown in turn, which goes first alternating, each on a
    // cleared guard: a moment of load on a shared machine then lands on either side alike, and
    // neither try follows the other's failure.
    const inTurn = async (
      round: number,
      known: () => Promise<void>,
      unknown: () => Promise<void>,
    ) => {
      for (const ask of round % 2 ? [unknown, known] : [known, unknown]) {
        await clearGuard()
        await ask()
      }
    }
    for (let round = 0; round < 5; round++) {
      await inTurn(
        round,
        async () => {
          samples.knownBasic.push((await compat('', { headers: basic(user.email, 'wrong') })).ms)
        },
        async () => {
          const nobody = basic(unique('nobody') + '@example.test', 'wrong')
          samples.unknownBasic.push((await compat('', { headers: nobody })).ms)
        },
      )
      await inTurn(
        round,
        async () => {
          samples.knownLogin.push((await login(user.email, 'wrong')).ms)
        },
        async () => {
          samples.unknownLogin.push((await login(unique('nobody') + '@example.test', 'wrong')).ms)
        },
      )
    }
    const basicRatio = median(samples.knownBasic) / median(samples.unknownBasic)
    const loginRatio = median(samples.knownLogin) / median(samples.unknownLogin)
    expect(basicRatio, JSON.stringify(samples)).toBeGreaterThan(0.5)
    expect(basicRatio, JSON.stringify(samples)).toBeLessThan(2)
    expect(loginRatio, JSON.stringify(samples)).toBeGreaterThan(0.5)
    expect(loginRatio, JSON.stringify(samples)).toBeLessThan(2)
  })

  describe('cookie sign-in and cross-site requests', () => {
    let author: TestUser
    let cookie: string
    const createEvent = (headers: Record<string, string>) =>
      compat('/events', {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded', cookie, ...headers },
        body: new URLSearchParams({
          title: unique('CSRF'),
          start_date: '2027-03-01 10:00:00',
          end_date: '2027-03-01 11:00:00',
        }).toString(),
      })

    beforeAll(async () => {
      author = await createUser(payload, 'author')
      const { body } = await login(author.email, author.password)
      cookie = `payload-token=${body.token}`
    })

    it('treats a cookie sent from another site to the compatibility API as anonymous: the write is refused', async () => {
      const forged = await createEvent({ Origin: 'http://evil.example' })
      expect(forged.status).toBe(401)
      expect(forged.body.data.status).toBe(401)
      expect((await createEvent({ 'Sec-Fetch-Site': 'cross-site' })).status).toBe(401)
      expect((await createEvent({})).status).toBe(401)
    })

    it('honours the cookie from the site’s own pages, or with a valid X-WP-Nonce / _wpnonce', async () => {
      const sameOrigin = await createEvent({ Origin: SITE_ORIGIN })
      expect(sameOrigin.status).toBe(201)
      const nonce = sameOrigin.headers.get('x-wp-nonce')
      expect(nonce).toMatch(/^[0-9a-f]{20}$/)
      expect((await createEvent({ 'Sec-Fetch-Site': 'same-origin' })).status).toBe(201)
      expect((await createEvent({ 'X-WP-Nonce': nonce! })).status).toBe(201)
      const viaParam = await timed(() =>
        fetch(`${api.url}/wp-json/vendor/events/v1/events?_wpnonce=${nonce}`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', cookie },
          body: JSON.stringify({
            title: unique('Nonce'),
            start_date: '2027-03-01 10:00:00',
            end_date: '2027-03-01 11:00:00',
          }),
        }),
      )
      expect(viaParam.status).toBe(201)
      // A nonce that is not the session's fails WordPress's cookie check, from any origin.
      for (const headers of [{}, { Origin: SITE_ORIGIN }] as Record<string, string>[]) {
        const bogus = await createEvent({ ...headers, 'X-WP-Nonce': 'a'.repeat(20) })
        expect([bogus.status, bogus.body.code]).toEqual([403, 'rest_cookie_invalid_nonce'])
      }
    })

    it('leaves Basic and Authorization: JWT alone whatever the Origin', async () => {
      expect(
        (
          await compat('/events', {
            method: 'POST',
            headers: {
              'content-type': 'application/json',
              Origin: 'http://evil.example',
              ...basic(author.email, author.password),
            },
            body: JSON.stringify({
              title: unique('Basic'),
              start_date: '2027-03-01 10:00:00',
              end_date: '2027-03-01 11:00:00',
            }),
          })
        ).status,
      ).toBe(201)
      const token = cookie.slice('payload-token='.length)
      expect(
        (
          await compat('/events', {
            method: 'POST',
            headers: {
              'content-type': 'application/json',
              Origin: 'http://evil.example',
              Authorization: `JWT ${token}`,
            },
            body: JSON.stringify({
              title: unique('JWT'),
              start_date: '2027-03-01 10:00:00',
              end_date: '2027-03-01 11:00:00',
            }),
          })
        ).status,
      ).toBe(201)
    })

    it('refuses a cookie-authenticated write to Payload’s REST from another origin and accepts it from the site', async () => {
      const patch = (headers: Record<string, string>) =>
        timed(() =>
          fetch(`${api.url}/api/users/${author.id}`, {
            method: 'PATCH',
            headers: { 'content-type': 'application/json', cookie, ...headers },
            body: JSON.stringify({ displayName: unique('Name') }),
          }),
        )
      expect((await patch({ Origin: 'http://evil.example' })).status).toBe(403)
      expect((await patch({ 'Sec-Fetch-Site': 'cross-site' })).status).toBe(403)
      expect((await patch({ Origin: SITE_ORIGIN })).status).toBe(200)
    })
  })

  it('ends the other sessions when the password or the role changes, on both APIs', async () => {
    const user = await createUser(payload, 'author')
    const draft = {
      title: unique('Draft'),
      start_date: '2027-03-01 10:00:00',
      end_date: '2027-03-01 11:00:00',
    }
    const canWrite = async (token: string) => {
      const viaCompat = await compat('/events', {
        method: 'POST',
        headers: { 'content-type': 'application/json', Authorization: `JWT ${token}` },
        body: JSON.stringify({ ...draft, title: unique('Draft') }),
      })
      const viaRest = await me({ Authorization: `JWT ${token}` })
      return [viaCompat.status, viaRest.body.user?.id ?? null]
    }
    const before = (await login(user.email, user.password)).body.token as string
    expect(await canWrite(before)).toEqual([201, user.id])

    await payload.update({
      collection: 'users',
      id: user.id,
      data: { password: 'a-new-password' } as never,
      overrideAccess: true,
    })
    expect(await canWrite(before)).toEqual([401, null])

    const afterPassword = (await login(user.email, 'a-new-password')).body.token as string
    expect(await canWrite(afterPassword)).toEqual([201, user.id])
    await payload.update({
      collection: 'users',
      id: user.id,
      data: { role: 'contributor' } as never,
      overrideAccess: true,
    })
    expect((await canWrite(afterPassword))[1]).toBeNull()
  })

  it('answers 503 with Retry-After while the database is unreachable, never a credentials error, and counts nothing', async () => {
    const user = await createUser(payload, 'author')
    const token = (await login(user.email, user.password)).body.token as string
    const jwt = { 'content-type': 'application/json', Authorization: `JWT ${token}` }
    await clearGuard()
    const db = payload.db as unknown as { drizzle: unknown; pool: pg.Pool; schema: never }
    const saved = { drizzle: db.drizzle, pool: db.pool }
    // A closed port: every query fails as when Postgres is down.
    const deadPool = new pg.Pool({
      connectionString: 'postgres://nobody:nothing@127.0.0.1:1/none',
      connectionTimeoutMillis: 500,
    })
    deadPool.on('error', () => undefined)
    db.pool = deadPool
    db.drizzle = drizzle({ client: deadPool, schema: db.schema })
    let answers: Awaited<ReturnType<typeof timed>>[]
    try {
      answers = [
        await compat('', { headers: basic(user.email, user.password) }),
        await compat('/events'),
        await login(user.email, user.password),
        // A signed-in editor's writes: not turned into a visitor's and refused as such.
        await compat('/events', {
          method: 'POST',
          headers: jwt,
          body: JSON.stringify({
            title: unique('Outage'),
            start_date: '2027-01-01 10:00:00',
            end_date: '2027-01-01 11:00:00',
          }),
        }),
        await timed(() =>
          fetch(`${api.url}/api/events`, {
            method: 'POST',
            headers: jwt,
            body: JSON.stringify({ title: unique('Outage') }),
          }),
        ),
      ]
    } finally {
      db.pool = saved.pool
      db.drizzle = saved.drizzle
      await deadPool.end()
    }
    const [basicSignIn, read, payloadLogin, sessionWrite, restSessionWrite] = answers
    expect(basicSignIn.status).toBe(503)
    expect(basicSignIn.body).toEqual({
      code: 'database_unavailable',
      message: expect.any(String),
      data: { status: 503 },
    })
    expect(basicSignIn.headers.get('retry-after')).toMatch(/^\d+$/)
    expect(read.status).toBe(503)
    expect(read.body.code).toBe('database_unavailable')
    expect(read.headers.get('retry-after')).toMatch(/^\d+$/)
    expect(payloadLogin.status).toBe(503)
    expect(payloadLogin.headers.get('retry-after')).toMatch(/^\d+$/)
    expect([sessionWrite.status, sessionWrite.body.code]).toEqual([503, 'database_unavailable'])
    expect(sessionWrite.headers.get('retry-after')).toMatch(/^\d+$/)
    expect([restSessionWrite.status, restSessionWrite.body]).toEqual([
      503,
      { errors: [{ message: expect.stringMatching(/database/) }] },
    ])
    expect(restSessionWrite.headers.get('retry-after')).toMatch(/^\d+$/)
    // Nothing was counted against the account.
    const { rows } = await saved.pool.query(`SELECT count(*)::int AS n FROM ${GUARD_TABLE}`)
    expect(rows[0].n).toBe(0)
    expect((await compat('', { headers: basic(user.email, user.password) })).status).toBe(200)
    // The same session works again once the database is back.
    expect((await me({ Authorization: `JWT ${token}` })).body.user?.id).toBe(user.id)
  })

  it('has the documented policy by default: 5 free tries per account, 20 per address, 1 s doubling to 60 s, holds up to 10 s, forgets after an hour', () => {
    const policy = policyFrom(sanitizeOptions({}, {}).passwordGuard)
    expect([0, 4, 5, 6, 7, 10, 11, 30].map((tries) => delayAfter(policy.account, tries))).toEqual([
      0, 0, 1_000, 2_000, 4_000, 32_000, 60_000, 60_000,
    ])
    expect([19, 20, 21].map((tries) => delayAfter(policy.address, tries))).toEqual([
      0, 1_000, 2_000,
    ])
    expect(policy.maxHoldMs).toBe(10_000)
    expect(policy.account.forgetAfterMs).toBe(3_600_000)
  })
})
