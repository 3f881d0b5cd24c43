import type { Payload, PayloadRequest } from 'payload'

import { createLocalReq, executeAuthStrategies } from 'payload'

import type { SanitizedPluginConfig } from '../../src/types'
import type { Exchange } from './exchange'

import { restNonce } from '../../src/auth/cookieSignIn'
import { signInHeaders } from './credentials'
import { mustFailSignIn, signInFailure } from './signInFailure'

/**
 * The caller (WordPress's `check_authentication`): the user Payload's auth strategies find in the
 * request's credentials, or `null` for a visitor. A caller signed in by the session cookie gets a
 * fresh nonce in `X-WP-Nonce`, as WordPress sends one.
 */
export async function signIn(
  payload: Payload,
  options: SanitizedPluginConfig,
  exchange: Exchange,
  nonce: null | string,
): Promise<PayloadRequest['user']> {
  const site = {
    cookiePrefix: payload.config.cookiePrefix,
    secret: payload.secret,
    siteUrl: options.siteUrl,
  }
  const credentials = signInHeaders(site, exchange.request, nonce)
  const user = await authenticate(payload, credentials.headers)
  if (!user && mustFailSignIn(credentials.headers)) throw signInFailure(credentials.headers)
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
 * The signed-in user, as `payload.auth` finds it (the same strategies, in order, on a request
 * built the same way), without the permissions of every collection that `payload.auth` also
 * works out: the controllers ask the collections' access rules themselves.
 */
async function authenticate(payload: Payload, headers: Headers) {
  const req = await createLocalReq({ req: { headers } as never }, payload)
  const { user } = await executeAuthStrategies({ canSetHeaders: false, headers, payload, req })
  return user
}
