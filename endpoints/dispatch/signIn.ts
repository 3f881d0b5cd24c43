import type { Payload, PayloadRequest } from 'payload'

import { createLocalReq, executeAuthStrategies } from 'payload'

import type { SanitizedPluginConfig } from '../../src/types'
import type { Exchange } from './exchange'

import { BASIC_STRATEGY } from '../../src/auth/basicAuthStrategy'
import { isValidNonce, restNonce } from '../../src/auth/cookieSignIn'
import { SESSION_OUTAGE_STRATEGY } from '../../src/auth/sessionOutageStrategy'
import { invalidNonce } from '../errors'
import { signInHeaders } from './credentials'
import { mustFailSignIn, signInFailure } from './signInFailure'

/**
 * The caller (WordPress's `check_authentication`): the user Payload's auth strategies find in the
 * request's credentials, or `null` for a visitor. A caller signed in by the session cookie gets a
 * fresh nonce in `X-WP-Nonce`, as WordPress sends one. Credentials that do not sign in are
 * refused first; then a nonce sent by a caller whom nothing but the session cookie signed in must
 * be that session's, or a visitor's, else the request is refused (`checkNonce`).
 */
export async function signIn(
  payload: Payload,
  options: SanitizedPluginConfig,
  exchange: Exchange,
  nonce: null | string,
): Promise<PayloadRequest['user']> {
  if (carriesNoCredentials(payload, exchange.request.headers)) {
    checkNonce(payload.secret, '', nonce, exchange)
    return null
  }
  const site = {
    cookiePrefix: payload.config.cookiePrefix,
    secret: payload.secret,
    siteUrl: options.siteUrl,
  }
  const credentials = signInHeaders(site, exchange.request, nonce)
  const user = await authenticate(payload, credentials.headers)
  if (!user && mustFailSignIn(credentials.headers)) throw signInFailure(credentials.headers)
  if (!user || credentials.sessionToken)
    checkNonce(payload.secret, user ? credentials.sessionToken! : '', nonce, exchange)
  exchange.signedIn = Boolean(user)
  if (
    user &&
    credentials.sessionToken &&
    (user as { _strategy?: string })._strategy === 'local-jwt'
  ) {
    exchange.headers['X-WP-Nonce'] = restNonce(payload.secret, credentials.sessionToken)
  }
  return user ?? null
}

/**
 * WordPress's cookie check (`rest_cookie_check_errors`): a nonce, when one was sent, must be the
 * session's (`token`) or, for a visitor, a visitor's; any other is a 403 that no cache may keep,
 * sent with WordPress's no-cache headers. The session cookie of a request from another site that
 * carries no valid nonce was already set aside (`signInHeaders`).
 */
function checkNonce(secret: string, token: string, nonce: null | string, exchange: Exchange) {
  if (nonce === null || isValidNonce(secret, token, nonce)) return
  exchange.personal = true
  throw invalidNonce()
}

/**
 * The signed-in user, as `payload.auth` finds it (the same strategies, in order, on a request
 * built the same way), without the permissions of every collection that `payload.auth` also
 * works out: the controllers ask the collections' access rules themselves.
 */
async function authenticate(payload: Payload, headers: Headers) {
  const req = await createLocalReq({ req: { headers } as never }, payload)
  const { user } = await executeAuthStrategies({ canSetHeaders: false, headers, payload, req })
  return user
}

/** Payload's own strategies (the session and API keys) and the plugin's: they read `Authorization` and the session cookie alone. */
const readsCredentialsOnly = (name: string) =>
  name === 'local-jwt' ||
  name.endsWith('-api-key') ||
  name === BASIC_STRATEGY ||
  name === SESSION_OUTAGE_STRATEGY

const credentialsOnly = new WeakMap<Payload, boolean>()

/**
 * A visitor's request, known without running the strategies: it has neither `Authorization` nor
 * a cookie, and every strategy signs in from those alone. A site's own strategy may read anything,
 * and Payload's `autoLogin` signs in a request without credentials: with either, the strategies
 * always run.
 */
export function carriesNoCredentials(payload: Payload, headers: Headers): boolean {
  if (headers.has('authorization') || headers.has('cookie')) return false
  let known = credentialsOnly.get(payload)
  if (known === undefined) {
    known =
      !payload.config.admin?.autoLogin &&
      (payload.authStrategies ?? []).every((strategy) => readsCredentialsOnly(strategy.name))
    credentialsOnly.set(payload, known)
  }
  return known
}
