import type { Payload } from 'payload'

import { poolOf } from '../../src/db/pool'
import { storeOf } from '../../src/auth/passwordGuard'
import { GUARD_TABLE } from '../../src/auth/passwordGuardStore'

/**
 * A small password-guard policy, so that the slowdown shows within seconds: per account 2 free
 * tries, per address 4, then 400 ms, 800 ms, 1.6 s between the starts of two tries; waits over
 * 1 s are refused with 429. Each time `scale` times longer: a file that tells a held try from a
 * refused one by when it is sent keeps that much more room for a machine whose cores other files
 * share. Read when the file's Payload boots, so set before it does, by a file that has a Payload
 * of its own (OWN_PAYLOAD in vitest.config.ts).
 */
export function useSmallGuardPolicy(scale = 1): void {
  process.env.PASSWORD_GUARD_ACCOUNT_FREE_TRIES = '2'
  process.env.PASSWORD_GUARD_ADDRESS_FREE_TRIES = '4'
  process.env.PASSWORD_GUARD_FIRST_DELAY_MS = String(400 * scale)
  process.env.PASSWORD_GUARD_MAX_DELAY_MS = String(1600 * scale)
  process.env.PASSWORD_GUARD_MAX_HOLD_MS = String(1000 * scale)
}

/** Forgets every try counted so far. */
export async function clearGuard(payload: Payload): Promise<void> {
  await storeOf(payload).ensureTable()
  await poolOf(payload)!.query(`DELETE FROM ${GUARD_TABLE}`)
}

export type TimedAnswer = { body: any; headers: Headers; ms: number; status: number }

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

/** The answer of `action`, read whole, with how long it took. */
export async function timed(action: () => Promise<Response>): Promise<TimedAnswer> {
  const started = performance.now()
  const response = await action()
  const text = await response.text()
  return {
    body: text ? JSON.parse(text) : null,
    headers: response.headers,
    ms: performance.now() - started,
    status: response.status,
  }
}

/** The ways a password is checked, on the server at `base()` (serveAllApis). */
export function signInRequests(base: () => string) {
  return {
    /** The compatibility API. */
    compat: (path: string, init: RequestInit = {}) =>
      timed(() => fetch(`${base()}/wp-json/vendor/events/v1${path}`, init)),
    /** Payload's login. */
    login: (email: string, password: string, headers: Record<string, string> = {}) =>
      timed(() =>
        fetch(`${base()}/api/users/login`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', ...headers },
          body: JSON.stringify({ email, password }),
        }),
      ),
    /** Payload's REST. */
    me: (headers: Record<string, string>) =>
      timed(() => fetch(`${base()}/api/users/me`, { headers })),
  }
}

/** Sends again after the `Retry-After` of a refused try, as a patient client would. */
export async function patiently(send: () => Promise<TimedAnswer>): Promise<TimedAnswer> {
  for (;;) {
    const answer = await send()
    const retryAfter = answer.headers.get('retry-after')
    if (!retryAfter) return answer
    await sleep(Number(retryAfter) * 1000)
  }
}
