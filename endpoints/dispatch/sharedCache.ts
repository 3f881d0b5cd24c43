import type { PayloadRequest } from 'payload'

import type { SanitizedPluginConfig } from '../../src/types'
import type { RestResult } from '../context'
import type { Exchange } from './exchange'
import type { ShapedAnswer } from './shape'

import { dependenciesOf } from '../../src/calendar/dependencies'
import { answerKeys, keyHeaders } from '../../src/cdn/surrogateKeys'
import { maySearch } from '../visitorResponses'

/** What filing an answer needs of the request: the site's, and its reads and arguments once known. */
type Filing = {
  options: Pick<SanitizedPluginConfig, 'cdn' | 'namespace'>
  secret: string
  /** The request's reads; none for a failure before the endpoint was reached. */
  req?: PayloadRequest
  /** The query's arguments as parsed; a failure before they were is filed as a search. */
  query?: Record<string, unknown>
}

/**
 * A visitor's answer filed under the surrogate keys of what it shows, when a shared cache is in
 * front (`cdn` option; docs/caching.md, "Behind a CDN"), so that a change purges just the answers
 * it can have changed; errors too, which the shared cache keeps as long (a not-found). The keys
 * travel in the answer's own headers (after `_envelope`, which would put them in the body), so a
 * kept answer (`visitorResponses.ts`) is sent with them again.
 */
export function withSurrogateKeys(
  answer: ShapedAnswer,
  result: RestResult,
  filing: Filing,
  exchange: Pick<Exchange, 'method' | 'personal' | 'request' | 'signedIn'>,
): ShapedAnswer {
  const { options, query, req, secret } = filing
  if (!options.cdn || exchange.signedIn || exchange.personal) return answer
  if (exchange.method !== 'GET' && exchange.method !== 'HEAD') return answer
  // Not kept by any cache (`cacheControlOf`, `endpoints/conditional.ts`).
  const status = result.status ?? 200
  if (status >= 500 || status === 429) return answer
  const namespaceRoot = `/${options.namespace}`
  const { path } = exchange.request
  const keys = answerKeys({
    body: result.body,
    path: path.startsWith(namespaceRoot) ? path.slice(namespaceRoot.length) : path,
    read: dependenciesOf(req),
    searches: query === undefined || maySearch(exchange.request.query, Object.keys(query)),
    secret,
    status,
  })
  return { ...answer, headers: { ...answer.headers, ...keyHeaders(keys) } }
}
