import type { RestError } from '../errors'

import { readBasicCredentials } from '../../src/auth/basicAuthStrategy'
import { failedSignInOf } from '../../src/auth/signInOutcome'
import { RETRY_AFTER_SECONDS } from '../../src/db/databaseErrors'
import { databaseUnavailable, incorrectPassword, tooManySignInAttempts } from '../errors'

/**
 * Whether a request that found no user must fail rather than go on as a visitor: it sent HTTP
 * Basic credentials that did not sign in (a header that names none is a visitor's, as in the
 * original), or its session could not be checked (an outage).
 */
export function mustFailSignIn(headers: Headers): boolean {
  return (
    readBasicCredentials(headers.get('authorization')) !== null ||
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
