import type { RestError } from '../errors'

import { failedSignInOf } from '../../src/auth/signInOutcome'
import { RETRY_AFTER_SECONDS } from '../../src/db/databaseErrors'
import { databaseUnavailable, incorrectPassword, tooManySignInAttempts } from '../errors'

/**
 * Whether a request that found no user must fail rather than go on as a visitor: it sent an HTTP
 * Basic header that did not sign in, or its session could not be checked (an outage).
 */
export function mustFailSignIn(headers: Headers): boolean {
  return (
    /^Basic\s/i.test(headers.get('authorization') ?? '') ||
    failedSignInOf(headers)?.kind === 'unavailable'
  )
}

/** Why the sign-in failed, in WordPress's terms (the guard already slowed a wrong password). */
export function signInFailure(headers: Headers): RestError {
  const outcome = failedSignInOf(headers)
  if (outcome?.kind === 'unavailable') return databaseUnavailable(RETRY_AFTER_SECONDS)
  if (outcome?.kind === 'refused') return tooManySignInAttempts(outcome.retryAfterMs)
  return incorrectPassword()
}
