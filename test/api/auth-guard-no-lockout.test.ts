import type { Payload } from 'payload'

import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import { basic, serveAllApis } from '../helpers/http'
import {
  clearGuard,
  patiently,
  signInRequests,
  useSmallGuardPolicy,
} from '../helpers/passwordGuard'
import { createUser, getTestPayload } from '../helpers/payload'

/*
 * The password guard's slowdown never becomes a lockout (issue 12). Apart from the guard's timed
 * tests (test/api/auth-guard.test.ts, with more room between its tries): this one only waits as each answer asks,
 * whatever the machine's load, so it runs beside other files, in a process of its own for the
 * small policy its Payload reads when it boots (OWN_PAYLOAD in vitest.config.ts).
 */
useSmallGuardPolicy()

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

describe('the password guard locks no account (issue 12)', () => {
  let payload: Payload
  let api: Awaited<ReturnType<typeof serveAllApis>>
  const { compat, login, me } = signInRequests(() => api.url)

  beforeAll(async () => {
    payload = await getTestPayload()
    api = await serveAllApis(payload)
    await clearGuard(payload)
  })
  afterAll(async () => {
    await clearGuard(payload)
    await api.close()
  })

  it('locks no account: after many wrong passwords the right one still signs in on every path, once the wait is over', async () => {
    const user = await createUser(payload, 'editor')
    let wrong = 0
    while (wrong < 8) {
      const attempt = await login(user.username, `wrong-${wrong}`)
      if (attempt.status === 429) {
        await sleep(Number(attempt.headers.get('retry-after')) * 1000)
        continue
      }
      expect(attempt.status).toBe(401)
      wrong++
    }
    // The address made those eight wrong tries too: its wait is honoured like the account's.
    expect((await patiently(() => login(user.email, user.password))).status).toBe(200)
    expect(
      (await patiently(() => compat('/events', { headers: basic(user.username, user.password) })))
        .status,
    ).toBe(200)
    expect((await patiently(() => me(basic(user.email, user.password)))).body.user?.id).toBe(
      user.id,
    )
  }, 60_000)
})
