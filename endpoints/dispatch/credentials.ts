import type { CompatRequest } from './request'

import { withClientAddress } from '../../src/auth/clientAddress'
import { judgeSessionCookie } from '../../src/auth/cookieSignIn'

/**
 * The nonce, as WordPress reads it: `_wpnonce` among the request's parameters (a form body's over
 * the query's; a JSON body's is no parameter of PHP's), else `X-WP-Nonce`. `null` when none was
 * sent; a nonce sent empty or as a list is still one, and no valid one.
 */
export function nonceOf(
  query: Record<string, unknown>,
  body: unknown,
  headers: Headers,
): null | string {
  const form =
    body &&
    typeof body === 'object' &&
    /application\/x-www-form-urlencoded/i.test(headers.get('content-type') ?? '')
      ? (body as Record<string, unknown>)._wpnonce
      : undefined
  const value = form ?? query._wpnonce ?? headers.get('x-wp-nonce')
  if (value === undefined || value === null) return null
  return typeof value === 'string' ? value : ''
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
