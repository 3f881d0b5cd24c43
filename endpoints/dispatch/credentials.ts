import type { CompatRequest } from './request'

import { withClientAddress } from '../../src/auth/clientAddress'
import { judgeSessionCookie } from '../../src/auth/cookieSignIn'

/** WordPress reads the nonce from `X-WP-Nonce`, else from `_wpnonce` in the query or the form. */
export function nonceOf(
  query: Record<string, unknown>,
  body: unknown,
  headers: Headers,
): null | string {
  const fromBody =
    body && typeof body === 'object' ? (body as Record<string, unknown>)._wpnonce : undefined
  const value = headers.get('x-wp-nonce') ?? query._wpnonce ?? fromBody
  return typeof value === 'string' && value !== '' ? value : null
}

/** What the headers the sign-in looks at depend on besides the request. */
export type SiteKeys = {
  /** Payload's `cookiePrefix`: the session cookie is `<prefix>-token`. */
  cookiePrefix: string
  secret: string
  siteUrl: string
}

/**
 * The headers the sign-in looks at: the client's address signed in (when the server gave one),
 * and the session cookie kept only when WordPress would honour it (`src/auth/cookieSignIn.ts`);
 * an honoured cookie is handed on as `Authorization: JWT`, so that its acceptance does not also
 * depend on Payload's own `csrf` list. `sessionToken` is that cookie's token.
 */
export function signInHeaders(
  site: SiteKeys,
  request: Pick<CompatRequest, 'clientAddress' | 'headers'>,
  nonce: null | string,
): { headers: Headers; sessionToken?: string } {
  const headers = request.clientAddress
    ? withClientAddress(request.headers, site.secret, request.clientAddress)
    : new Headers(request.headers)
  const verdict = judgeSessionCookie({
    cookieName: `${site.cookiePrefix}-token`,
    headers,
    nonce,
    secret: site.secret,
    siteOrigin: new URL(site.siteUrl).origin,
  })
  if (verdict.kind === 'none') return { headers }
  headers.delete('cookie')
  if (verdict.kind === 'ignored' || headers.has('authorization')) return { headers }
  headers.set('authorization', `JWT ${verdict.token}`)
  return { headers, sessionToken: verdict.token }
}
