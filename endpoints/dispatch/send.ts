import type { Exchange } from './exchange'
import type { ShapedAnswer } from './shape'

import { cacheControlOf, ifNoneMatchHits, PERSONAL_CACHE_HEADERS } from '../conditional'
import { corsHeaders } from './cors'
import { JSONP_CONTENT_TYPE, wrappedInCallback } from './jsonp'

/**
 * Sends a prepared answer, as WordPress's `serve_request` does: its headers (CORS, content type,
 * the index's `Link`), the controller's, the no-cache headers for a personal answer; for GET and
 * HEAD the ETag, Cache-Control and a 304 when `If-None-Match` names the ETag (`conditional.ts`);
 * no body to HEAD; JSONP's wrapping (`jsonp.ts`).
 */
export function send(
  answer: ShapedAnswer,
  exchange: Pick<
    Exchange,
    'jsonp' | 'method' | 'personal' | 'request' | 'sharedCache' | 'signedIn'
  >,
): Response {
  const { jsonp, method, personal, request, sharedCache, signedIn } = exchange
  const headers = new Headers({
    // Its `Vary` follows the method sent, not the one it stands for (`method.ts`).
    ...corsHeaders(request.headers.get('origin'), request.method.toUpperCase(), signedIn),
    'Access-Control-Allow-Headers':
      'Authorization, X-WP-Nonce, Content-Disposition, Content-MD5, Content-Type',
    'Access-Control-Expose-Headers': 'X-WP-Total, X-WP-TotalPages, Link',
    'Content-Type': jsonp ? JSONP_CONTENT_TYPE : 'application/json; charset=UTF-8',
    Link: `<${request.restBase}/>; rel="https://api.w.org/"`,
    'X-Content-Type-Options': 'nosniff',
    'X-Robots-Tag': 'noindex',
  })
  if (answer.allow) headers.set('Allow', answer.allow)
  for (const [name, value] of Object.entries(answer.headers)) headers.set(name, value)
  // WordPress marks every answer to a signed-in caller uncacheable, whatever the method.
  const forVisitors = !signedIn && !personal
  if (!forVisitors)
    for (const [name, value] of Object.entries(PERSONAL_CACHE_HEADERS)) headers.set(name, value)
  const read = method === 'GET' || method === 'HEAD'
  if (read) {
    headers.set('ETag', answer.etag)
    // A request that sent credentials is answered as a visitor only when they did not sign in (a
    // wrong password's 401): that answer is the sender's, so no shared cache may keep it for others
    // (RFC 9111 3.5 lets one keep an answer to `Authorization` when it says `s-maxage`).
    const shared = request.headers.has('authorization') ? undefined : sharedCache
    if (forVisitors) headers.set('Cache-Control', cacheControlOf(answer.status, shared))
    if (
      answer.status === 200 &&
      ifNoneMatchHits(request.headers.get('if-none-match'), answer.etag)
    ) {
      headers.delete('Content-Type')
      return new Response(null, { headers, status: 304 })
    }
  }
  const body = jsonp ? wrappedInCallback(jsonp, answer.body) : answer.body
  return new Response(method === 'HEAD' ? null : body, { headers, status: answer.status })
}
