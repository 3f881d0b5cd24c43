import type { Payload } from 'payload'

import type { SanitizedPluginConfig } from '../src/types'
import type { RestResult } from './context'
import type { Route } from './router'

import { allowedMethods } from './dispatch/allow'
import { settleAudience } from './dispatch/audience'
import { readBodyOrRefusal } from './dispatch/body'
import { nonceOf } from './dispatch/credentials'
import { type Exchange, startExchange } from './dispatch/exchange'
import { failureResult, knownFailure } from './dispatch/failure'
import { invalidCallbackResponse, jsonpCallback } from './dispatch/jsonp'
import { keptAnswer } from './dispatch/keptAnswer'
import { resolveLanguage } from './dispatch/language'
import { locate } from './dispatch/locate'
import { effectiveMethod } from './dispatch/method'
import { offRouteAnswer } from './dispatch/offRoute'
import { type CompatRequest, parseQuery } from './dispatch/request'
import { respond } from './dispatch/respond'
import { restContext } from './dispatch/restContext'
import { routesFor } from './dispatch/routeTable'
import { send } from './dispatch/send'
import { withSurrogateKeys } from './dispatch/sharedCache'
import { prepare } from './dispatch/shape'
import { signIn } from './dispatch/signIn'
import { siteIndexAnswer } from './dispatch/siteIndexAnswer'
import { internalError } from './errors'
import { itemsReadBy } from '../src/calendar/dependencies'

export type { CompatRequest }
export { parseQuery, routesFor }

/**
 * Serves one request of the compatibility API, framework-agnostic: the Express router, Payload's
 * root endpoints and the exported fetch handler all call this. A pipeline of stages
 * (`endpoints/dispatch/`), modelled on WordPress's `WP_REST_Server::serve_request` and `dispatch`:
 * the JSONP callback (`_jsonp`); the method a request stands for (`_method`); the route (the site
 * index, a route, or none, where `OPTIONS` is still answered, each once the caller passed the
 * credentials and nonce check); the body and the language; the caller (`check_authentication`,
 * here after the route and the body, since the nonce may come in the form); the controllers'
 * context; a body that is no JSON refused (only now, with the route's `Allow`, as
 * `has_valid_params` refuses it); a visitor's answer kept from before; the route's `Allow`
 * (`rest_send_allow_header`); the endpoint (`respond_to_request`: arguments, permission, handler).
 * Each answer is then shaped as the query asks (`_fields`, `_envelope`) and sent with
 * WordPress's headers and the conditional-request rules. A failure at any stage leaves in the
 * WordPress error shape, with what the stages learned so far.
 */
export async function dispatchCompatRequest(
  payload: Payload,
  options: SanitizedPluginConfig,
  request: CompatRequest,
  table: Route[] = routesFor(options),
): Promise<Response> {
  const jsonp = jsonpCallback(request)
  if (jsonp === 'invalid') return invalidCallbackResponse(request.restBase)
  const exchange = startExchange(request, effectiveMethod(request), options.defaultLanguage)
  if (jsonp) exchange.jsonp = jsonp
  exchange.sharedCache = options.cdn
  try {
    const located = locate(table, options.namespace, request.path, exchange.method)
    const query = parseQuery(request.query)
    const { body, refusal } = readBodyOrRefusal(request)
    if (located === 'index' || !located) {
      // WordPress checks the caller before it looks for a route: wrong credentials or nonce fail here too.
      await signIn(payload, options, exchange, nonceOf(query, body, request.headers))
      if (located === 'index') return answer(siteIndexAnswer(exchange, options, table), exchange)
      return answer(offRouteAnswer(exchange.method), exchange)
    }

    exchange.language = resolveLanguage(options, request.rootLanguage, query, body)
    const user = await signIn(payload, options, exchange, nonceOf(query, body, request.headers))
    const { clockRead, ctx, now } = await restContext(payload, options, exchange, {
      body,
      located,
      query,
      table,
      user,
    })
    settleAudience(exchange, user, query)
    if (refusal) {
      exchange.allow = await allowedMethods(located.route, ctx)
      throw refusal
    }

    const kept = await keptAnswer(ctx, now, exchange)
    if (kept) return send(kept, exchange)
    exchange.allow = await allowedMethods(located.route, ctx)
    const result = await respond(located, ctx, exchange.headers)
    const prepared = withSurrogateKeys(
      prepare(result, exchange),
      result,
      { options, query: ctx.query, req: ctx.req, secret: payload.secret },
      exchange,
    )
    await exchange.kept?.set(prepared, { clockRead: clockRead(), read: itemsReadBy(ctx.req) })
    return send(prepared, exchange)
  } catch (error) {
    const failure = knownFailure(error, exchange.signedIn)
    if (!failure)
      payload.logger.error({
        err: error,
        msg: `compatibility API: ${exchange.method} ${request.path}`,
      })
    const result = failureResult(failure ?? internalError(), exchange.headers)
    // A not-found is kept by a shared cache as long as any answer: it is filed to be purged too.
    const prepared = withSurrogateKeys(
      prepare(result, exchange),
      result,
      { options, secret: payload.secret },
      exchange,
    )
    // Errors are kept only within their second: whether they read the clock is not known here.
    if (failure) await exchange.kept?.set(prepared, { clockRead: true, read: [] })
    return send(prepared, exchange)
  }
}

function answer(result: RestResult, exchange: Exchange): Response {
  return send(prepare(result, exchange), exchange)
}
