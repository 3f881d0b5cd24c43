import type { Payload } from 'payload'

import { describe, expect, it } from 'vitest'

import { carriesNoCredentials } from '../../endpoints/dispatch/signIn'

/** A Payload as far as the rule reads it: its strategies' names and `autoLogin`. */
const site = (names: string[], autoLogin?: object) =>
  ({
    authStrategies: names.map((name) => ({ name, authenticate: async () => ({ user: null }) })),
    config: { admin: { autoLogin } },
  }) as unknown as Payload

const OURS = ['basic', 'session-outage', 'users-api-key', 'local-jwt']

describe('a visitor known without running the sign-in strategies', () => {
  it('is a request with neither Authorization nor a cookie, on a site with only Payload’s and the plugin’s strategies', () => {
    expect(carriesNoCredentials(site(OURS), new Headers({ accept: 'application/json' }))).toBe(true)
  })

  it('is not a request with Authorization or a cookie of any name', () => {
    const payload = site(OURS)
    expect(carriesNoCredentials(payload, new Headers({ authorization: 'Basic eDp5' }))).toBe(false)
    expect(carriesNoCredentials(payload, new Headers({ cookie: 'other=1' }))).toBe(false)
  })

  it('is never assumed with a site’s own strategy or with autoLogin, which may sign in anything', () => {
    expect(carriesNoCredentials(site([...OURS, 'header-key']), new Headers())).toBe(false)
    expect(carriesNoCredentials(site(OURS, { email: 'dev@example.com' }), new Headers())).toBe(
      false,
    )
  })
})
