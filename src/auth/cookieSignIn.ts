import { createHash, createHmac, timingSafeEqual } from 'node:crypto'

/**
 * Cookie sign-in on the compatibility API, as WordPress allows it: a browser sends the session
 * cookie with every request, including the ones another site makes it send, so WordPress
 * ignores the cookie of a REST request that carries no valid nonce (`X-WP-Nonce` or `_wpnonce`)
 * and serves it as anonymous; a write then fails as any anonymous write does. Here a request
 * that comes from the site's own pages (its `Origin` is the site's, or, with no `Origin`, the
 * browser says `Sec-Fetch-Site: same-origin`) needs no nonce. HTTP Basic, application
 * passwords, API keys and `Authorization: JWT`/`Bearer` are not cookies and are unaffected.
 *
 * The nonce is an HMAC of the session token and a 12-hour tick, accepted for the current and the
 * previous tick (WordPress's nonce lifetime): it needs no storage and ends with the session. The
 * API sends a fresh one in `X-WP-Nonce` with every answer to a cookie sign-in, as WordPress does.
 */
const TICK_MS = 12 * 60 * 60_000

export type CookieVerdict =
  { kind: 'allowed'; token: string } | { kind: 'ignored' } | { kind: 'none' }

export function restNonce(secret: string, token: string, now = Date.now(), ticksAgo = 0): string {
  const tick = Math.floor(now / TICK_MS) - ticksAgo
  const session = createHash('sha256').update(token).digest('hex')
  return createHmac('sha256', secret)
    .update(`wp_rest\u0000${tick}\u0000${session}`)
    .digest('hex')
    .slice(0, 20)
}

/** Whether `nonce` is the REST nonce of the session `token` (`''`: of no session, a visitor's). */
export function isValidNonce(secret: string, token: string, nonce: null | string): boolean {
  if (!nonce) return false
  const given = Buffer.from(nonce)
  return [0, 1].some((ticksAgo) => {
    const expected = Buffer.from(restNonce(secret, token, Date.now(), ticksAgo))
    return expected.length === given.length && timingSafeEqual(expected, given)
  })
}

export function isSameOrigin(headers: Headers, siteOrigin: string): boolean {
  const origin = headers.get('origin')
  if (origin) return origin === siteOrigin
  return headers.get('sec-fetch-site') === 'same-origin'
}

/** Whether the Payload session cookie of this request may sign it in. */
export function judgeSessionCookie(args: {
  cookieName: string
  headers: Headers
  nonce: null | string
  secret: string
  siteOrigin: string
}): CookieVerdict {
  const token = readCookie(args.headers.get('cookie'), args.cookieName)
  if (!token) return { kind: 'none' }
  if (isSameOrigin(args.headers, args.siteOrigin) || isValidNonce(args.secret, token, args.nonce))
    return { kind: 'allowed', token }
  return { kind: 'ignored' }
}

function readCookie(header: null | string, name: string): null | string {
  for (const part of header?.split(';') ?? []) {
    const eq = part.indexOf('=')
    if (eq > 0 && part.slice(0, eq).trim() === name) {
      const value = part.slice(eq + 1).trim()
      try {
        return decodeURIComponent(value) || null
      } catch {
        return value || null
      }
    }
  }
  return null
}
