import type { RestError } from '../../endpoints/errors'
import type { SanitizedPluginConfig } from '../types'

import { sharedCacheControl } from '../../endpoints/conditional'
import { FEED_AND_PAGE_KEYS, keyHeaders } from '../cdn/surrogateKeys'

/**
 * What every feed answer (and `/events.json`'s) says about who may read and keep it: anyone, five
 * minutes without asking; a CDN in front (`cdn` option) for its own lifetime, the answer filed
 * under the collections a feed shows (events with their venues, organizers and categories).
 */
export function feedHeaders(options: Pick<SanitizedPluginConfig, 'cdn'>): Record<string, string> {
  return {
    'Access-Control-Allow-Origin': '*',
    'Cache-Control': options.cdn
      ? sharedCacheControl('public, max-age=300', options.cdn)
      : 'public, max-age=300',
    ...(options.cdn ? keyHeaders(FEED_AND_PAGE_KEYS) : {}),
    'X-Content-Type-Options': 'nosniff',
  }
}

/** An error of the API's shape (`{code, message, data}`) as a feed answers it. */
export function jsonError(error: RestError, headers: Record<string, string> = {}): Response {
  return new Response(JSON.stringify(error.toBody()), {
    headers: {
      'Content-Type': 'application/json; charset=UTF-8',
      'X-Content-Type-Options': 'nosniff',
      ...headers,
      ...error.headers,
    },
    status: error.status,
  })
}

/** A short plain-text answer: a feed's 404 or 503. */
export function plainText(
  status: number,
  message: string,
  headers: Record<string, string> = {},
): Response {
  return new Response(`${message}\n`, {
    headers: {
      'Content-Type': 'text/plain; charset=utf-8',
      'X-Content-Type-Options': 'nosniff',
      ...headers,
    },
    status,
  })
}
