/**
 * WordPress's CORS answer (`rest_send_cors_headers`): any origin may read the API, with
 * credentials, since what a cookie may do is decided by the nonce rule (`src/auth/cookieSignIn.ts`),
 * not by the origin. Without an Origin, an anonymous GET still varies by it, for caches.
 */
export function corsHeaders(
  origin: null | string,
  method: string,
  signedIn: boolean,
): Record<string, string> {
  if (origin) {
    return {
      'Access-Control-Allow-Origin': origin === 'null' ? origin : sanitizeOrigin(origin),
      'Access-Control-Allow-Methods': 'OPTIONS, GET, POST, PUT, PATCH, DELETE',
      'Access-Control-Allow-Credentials': 'true',
      Vary: 'Origin',
    }
  }
  return method === 'GET' && !signedIn ? { Vary: 'Origin' } : {}
}

/** Header-safe, as WordPress's `sanitize_url` leaves a URL: no spaces, quotes or control characters. */
export function sanitizeOrigin(origin: string): string {
  return origin.replace(/[^A-Za-z0-9\-._~:/?#[\]@!$&'()*+,;=%]/g, '')
}
