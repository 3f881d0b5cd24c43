import type { SanitizedPluginConfig } from '../../src/types'
import type { RestContext, RestResult } from '../context'
import type { Exchange } from './exchange'
import type { ShapedAnswer } from './shape'

import { dependenciesOf } from '../../src/calendar/dependencies'
import { answerKeys, keyHeaders } from '../../src/cdn/surrogateKeys'

/**
 * A visitor's answer filed under the surrogate keys of what it shows, when a shared cache is in
 * front (`cdn` option; docs/caching.md, "Behind a CDN"), so that a change purges just the answers
 * it can have changed. The keys travel in the answer's own headers (after `_envelope`, which
 * would put them in the body), so a kept answer (`visitorResponses.ts`) is sent with them again.
 */
export function withSurrogateKeys(
  answer: ShapedAnswer,
  result: RestResult,
  ctx: RestContext,
  exchange: Pick<Exchange, 'method' | 'personal' | 'request' | 'signedIn'>,
): ShapedAnswer {
  if (!ctx.options.cdn || exchange.signedIn || exchange.personal) return answer
  if (exchange.method !== 'GET' && exchange.method !== 'HEAD') return answer
  const namespaceRoot = `/${ctx.options.namespace}`
  const { path } = exchange.request
  const keys = answerKeys({
    body: result.body,
    path: path.startsWith(namespaceRoot) ? path.slice(namespaceRoot.length) : path,
    read: dependenciesOf(ctx.req),
    secret: ctx.payload.secret,
    status: result.status ?? 200,
  })
  return { ...answer, headers: { ...answer.headers, ...keyHeaders(keys) } }
}

/**
 * A refusal a shared cache may keep for visitors (a draft's 403, an unknown id's 404, a
 * protected event's 403) filed under its collection's key, as a found answer's not-found is: the
 * change that publishes the item, removes its password or creates it purges it. Without a key it
 * would be served for the cache's whole lifetime after the item became visible.
 */
export function withRefusalKeys(
  answer: ShapedAnswer,
  exchange: Pick<Exchange, 'method' | 'personal' | 'request' | 'signedIn'>,
  { options, secret }: { options: SanitizedPluginConfig; secret: string },
): ShapedAnswer {
  if (!options.cdn || exchange.signedIn || exchange.personal) return answer
  if (exchange.method !== 'GET' && exchange.method !== 'HEAD') return answer
  const namespaceRoot = `/${options.namespace}`
  const { path } = exchange.request
  const keys = answerKeys({
    body: null,
    path: path.startsWith(namespaceRoot) ? path.slice(namespaceRoot.length) : path,
    read: [],
    secret,
    status: answer.status,
  })
  return { ...answer, headers: { ...answer.headers, ...keyHeaders(keys) } }
}
