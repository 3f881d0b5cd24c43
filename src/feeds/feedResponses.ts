import type { RestError } from '../../endpoints/errors'

/** What every feed answer (and `/events.json`'s) says about who may read and keep it: anyone, five minutes without asking. */
export const FEED_HEADERS = {
  'Access-Control-Allow-Origin': '*',
  'Cache-Control': 'public, max-age=300',
  'X-Content-Type-Options': 'nosniff',
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
