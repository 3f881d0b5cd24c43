import { type AuthStrategy, JWTAuthentication, type Payload } from 'payload'

import { isDatabaseUnavailable, RETRY_AFTER_SECONDS } from '../db/databaseErrors'
import { poolOf } from '../db/pool'
import { recordFailedSignIn } from './signInOutcome'

export const SESSION_OUTAGE_STRATEGY = 'session-outage'

/** Payload's own name for its session (JWT) strategy, which `endpoints/dispatch/signIn.ts` looks for. */
const PAYLOAD_JWT_STRATEGY = 'local-jwt'

/** `Authorization: JWT …` / `Bearer …`, or the session cookie: a session token that may be checked. */
function carriesSessionToken(headers: Headers, cookiePrefix: string): boolean {
  if (/^(JWT|Bearer)\s+\S+\.\S+\.\S+/i.test(headers.get('authorization') ?? '')) return true
  const cookie = headers.get('cookie') ?? ''
  return cookie.split(';').some((part) => part.trim().startsWith(`${cookiePrefix}-token=`))
}

/** Whether the database answers at all: asked only after a session token found no account. */
async function databaseAnswers(payload: Payload): Promise<boolean> {
  const pool = poolOf(payload)
  if (!pool) return true
  try {
    await pool.query('SELECT 1')
    return true
  } catch (error) {
    if (isDatabaseUnavailable(error)) return false
    throw error
  }
}

/**
 * Payload's session strategy, told apart from an outage. Payload's own (`local-jwt`, tried last)
 * reads the account of a valid token from the database and swallows any error, so a signed-in
 * editor's write during an outage became an anonymous one and was refused as such (401/403). This
 * runs the same strategy first (after HTTP Basic, which has its own outage rule), and when a
 * token found no account it asks the database whether it answers at all: if not, the sign-in is
 * recorded as `unavailable`, which the compatibility API (`endpoints/dispatch.ts`) and Payload's
 * REST and GraphQL (`src/hooks/answerDatabaseErrors.ts`) answer with 503 and `Retry-After`. A
 * token that found its account costs nothing more; one that did not costs one `SELECT 1`.
 */
export const sessionOutageStrategy = (): AuthStrategy => ({
  name: SESSION_OUTAGE_STRATEGY,
  authenticate: async (args) => {
    const { headers, payload, req } = args
    if (!carriesSessionToken(headers, payload.config.cookiePrefix)) return { user: null }
    const result = await JWTAuthentication({ ...args, strategyName: PAYLOAD_JWT_STRATEGY })
    if (result.user || (await databaseAnswers(payload))) return result
    recordFailedSignIn(headers, { kind: 'unavailable' })
    const retryAfter = String(RETRY_AFTER_SECONDS)
    // Payload keeps only the last strategy's result (`payload/dist/auth/executeAuthStrategies.js`).
    if (req) {
      req.responseHeaders ??= new Headers()
      req.responseHeaders.set('Retry-After', retryAfter)
    }
    return { responseHeaders: new Headers({ 'Retry-After': retryAfter }), user: null }
  },
})
