import type { RestResult } from '../context'
import type { Exchange } from './exchange'

import { type PreparedAnswer, prepareAnswer } from '../conditional'
import { envelope, filterFields } from '../responseFields'
import { parseQuery } from './request'

/** An answer as it will be sent (and kept for visitors); `allow` is the route's `Allow` header. */
export type ShapedAnswer = PreparedAnswer & { allow?: string }

/**
 * An answer as it will be sent: shaped as the query asks (`reshape`), serialized, with its ETag
 * (`conditional.ts`) for whom it is made and in its language.
 */
export function prepare(
  result: RestResult,
  exchange: Pick<Exchange, 'allow' | 'audience' | 'language' | 'request'>,
): ShapedAnswer {
  const shaped = reshape(result, exchange.request.query, exchange.allow)
  return {
    ...prepareAnswer(shaped.result, exchange.audience, exchange.language),
    allow: shaped.allow,
  }
}

/**
 * WordPress's `_links` (after `_fields` trimmed the data, never removed by it), `_fields` (on
 * answers that are not errors) and then `_envelope` (asked in the query):
 * `endpoints/responseFields.ts`. Enveloped, the endpoint's headers and `Allow` are in the body and
 * are sent no more, but for the nonce, which is the server's.
 */
export function reshape(
  result: RestResult,
  rawQuery: string,
  allow: string | undefined,
): { allow: string | undefined; result: RestResult } {
  const status = result.status ?? 200
  const withLinks = (body: unknown) =>
    result.links && body && typeof body === 'object' && !Array.isArray(body)
      ? { ...body, _links: result.links }
      : body
  const plain = { ...result, body: withLinks(result.body), links: undefined }
  if (!/(^|&)_(fields|envelope)(\[\]|%5B%5D)?(=|&|$)/i.test(rawQuery))
    return { allow, result: plain }
  const query = parseQuery(rawQuery)
  const body = withLinks(
    status < 400 && query._fields !== undefined
      ? filterFields(result.body, query._fields)
      : result.body,
  )
  if (query._envelope === undefined) return { allow, result: { ...plain, body } }
  const { 'X-WP-Nonce': nonce, ...own } = result.headers ?? {}
  return {
    allow: undefined,
    result: {
      body: envelope(body, status, allow ? { ...own, Allow: allow } : own),
      headers: nonce ? { 'X-WP-Nonce': nonce } : {},
      status: 200,
    },
  }
}
