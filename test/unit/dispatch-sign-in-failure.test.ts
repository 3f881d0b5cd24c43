import { describe, expect, it } from 'vitest'

import { recordFailedSignIn } from '../../src/auth/signInOutcome'
import { mustFailSignIn, signInFailure } from '../../endpoints/dispatch/signInFailure'

const withOutcome = (
  headers: Record<string, string>,
  outcome?: Parameters<typeof recordFailedSignIn>[1],
) => {
  const made = new Headers(headers)
  if (outcome) recordFailedSignIn(made, outcome)
  return made
}

describe('mustFailSignIn: when finding no user is a failure rather than a visitor', () => {
  it('fails Basic credentials that signed no one in, whatever its case', () => {
    const wrong = Buffer.from('editor:wrong').toString('base64')
    expect(mustFailSignIn(withOutcome({ authorization: `Basic ${wrong}` }))).toBe(true)
    expect(mustFailSignIn(withOutcome({ authorization: `basic ${wrong}` }))).toBe(true)
  })

  it('lets a Basic header that names no login and password go on as a visitor', () => {
    for (const header of ['Basic abc', 'Basic !!!', 'Basic', `Basic ${btoa('editor:')}`])
      expect(mustFailSignIn(withOutcome({ authorization: header })), header).toBe(false)
  })

  it('fails a session that could not be checked (an outage), Basic or not', () => {
    expect(mustFailSignIn(withOutcome({ authorization: 'JWT abc' }, { kind: 'unavailable' }))).toBe(
      true,
    )
  })

  it('lets a request without credentials, or with another scheme that found no one, go on as a visitor', () => {
    expect(mustFailSignIn(withOutcome({}))).toBe(false)
    expect(mustFailSignIn(withOutcome({ authorization: 'Bearer abc' }))).toBe(false)
    expect(mustFailSignIn(withOutcome({ authorization: 'Basicabc' }))).toBe(false)
  })
})

describe('signInFailure: why, in WordPress terms', () => {
  it('is 401 incorrect_password for a wrong password', () => {
    expect(signInFailure(withOutcome({}, { kind: 'rejected' })).toBody()).toMatchObject({
      code: 'incorrect_password',
      data: { status: 401 },
    })
    expect(signInFailure(withOutcome({})).status).toBe(401)
  })

  it('is 429 with Retry-After in whole seconds, at least 1, when the guard refused to check', () => {
    const refused = signInFailure(withOutcome({}, { kind: 'refused', retryAfterMs: 2_100 }))
    expect([refused.code, refused.status, refused.headers['Retry-After']]).toEqual([
      'too_many_sign_in_attempts',
      429,
      '3',
    ])
    expect(
      signInFailure(withOutcome({}, { kind: 'refused', retryAfterMs: 10 })).headers['Retry-After'],
    ).toBe('1')
  })

  it('is 503 database_unavailable with Retry-After when the database could not be reached', () => {
    const failure = signInFailure(withOutcome({}, { kind: 'unavailable' }))
    expect([failure.code, failure.status]).toEqual(['database_unavailable', 503])
    expect(Number(failure.headers['Retry-After'])).toBeGreaterThan(0)
  })
})
