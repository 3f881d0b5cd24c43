import type { CompatRequest } from './request'

import { parseQuery } from './request'

/**
 * WordPress's JSONP (`?_jsonp=callback`): any answer, errors too, is sent as
 * `/**\/callback(json)` with `Content-Type: application/javascript`. A callback of anything but
 * letters, digits, `_` and `.` is refused before the request is even routed. An empty or `0`
 * value asks for nothing (PHP's falsy strings). The comment in front keeps a callback from being
 * read as the start of another format (WordPress's guard against Rosetta Flash).
 *
 * A cookie does not sign a script tag's request in (`src/auth/cookieSignIn.ts`: it comes from
 * another site without a nonce), so what another site reads this way is what a visitor reads.
 */
export function jsonpCallback(request: Pick<CompatRequest, 'query'>): 'invalid' | null | string {
  if (!/(^|&)_jsonp(=|\[|%5B|&|$)/i.test(request.query)) return null
  const callback = parseQuery(request.query)._jsonp
  if (callback === undefined || callback === '' || callback === '0') return null
  return typeof callback === 'string' && /^[\w.]+$/.test(callback) ? callback : 'invalid'
}

export const JSONP_CONTENT_TYPE = 'application/javascript; charset=UTF-8'

export const wrappedInCallback = (callback: string, json: string): string =>
  `/**/${callback}(${json})`

/** The refusal of a callback, in WordPress's short form (no `data`), before any route is read. */
export function invalidCallbackResponse(restBase: string): Response {
  return new Response(
    JSON.stringify({ code: 'rest_callback_invalid', message: 'Invalid JSONP callback function.' }),
    {
      headers: {
        'Content-Type': JSONP_CONTENT_TYPE,
        Link: `<${restBase}/>; rel="https://api.w.org/"`,
        'X-Content-Type-Options': 'nosniff',
        'X-Robots-Tag': 'noindex',
      },
      status: 400,
    },
  )
}
