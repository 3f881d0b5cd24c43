import type { Payload } from 'payload'

import { createLocalReq, executeAuthStrategies } from 'payload'
import qs from 'qs'

import type { SanitizedPluginConfig } from '../src/types'
import type { RestContext, RestResult } from './context'
import type { Route } from './router'

import { withClientAddress } from '../src/auth/clientAddress'
import { judgeSessionCookie, restNonce } from '../src/auth/cookieSignIn'
import { failedSignInOf } from '../src/auth/signInOutcome'
import { isDatabaseUnavailable, RETRY_AFTER_SECONDS } from '../src/db/databaseErrors'
import { TRUSTED_READ } from '../src/hooks/context'
import { ItemBusy } from '../src/lib/locks'
import { withoutNul } from '../src/lib/withoutNul'
import { readArgs } from './args'
import {
  databaseUnavailable,
  forbidden,
  incorrectPassword,
  internalError,
  invalidJson,
  invalidParams,
  itemBusy,
  noRoute,
  notInEnum,
  RestError,
  tooManySignInAttempts,
} from './errors'
import { audienceOf, type Audience, cacheControlOf, ifNoneMatchHits, PERSONAL_CACHE_HEADERS, type PreparedAnswer, prepareAnswer } from './conditional'
import { describeRoute } from './namespaceIndex'
import { matchPath, matchRoute, type Route as RouteOf, type RouteMatch } from './router'
import { buildRoutes } from './routes'
import { envelope, filterFields } from './responseFields'
import { describeIndexRoute, siteIndex } from './siteIndex'
import { type VisitorResponses, visitorResponsesFor } from './visitorResponses'

/** One HTTP request to the compatibility API, as any server hands it over. */
export type CompatRequest = {
  /** The raw body, if any. */
  body?: string
  headers: Headers
  method: string
  /** The path below the REST root, e.g. `/vendor/events/v1/events/12`. */
  path: string
  /** The raw query string, without `?`. */
  query: string
  /** Absolute URL of the REST root the request came through, e.g. `https://site/fr/wp-json`. */
  restBase: string
  /**
   * The caller's network address, for slowing down repeated wrong passwords. Without it, the
   * address our server signed into the headers (`src/auth/clientAddress.ts`) is used, if any.
   */
  clientAddress?: string
  /** The language of the root (`/fr/wp-json` → `fr`); the default language when absent. */
  rootLanguage?: string
}

const QS_OPTIONS = { allowDots: false, arrayLimit: 100, depth: 5, parameterLimit: 1000 } as const

/** A query string as PHP reads one (`a[]=1&a[]=2`, `a[b]=c`), bounded, with NUL characters dropped. */
export const parseQuery = (raw: string): Record<string, unknown> => withoutNul(qs.parse(raw, QS_OPTIONS)) as Record<string, unknown>

/**
 * Serves one request of the compatibility API: route match, body parsing, language, sign-in,
 * then the controller; every failure leaves in the WordPress error shape. Framework-agnostic:
 * the Express router, Payload's root endpoints and the exported fetch handler all call this.
 */
export async function dispatchCompatRequest(
  payload: Payload,
  options: SanitizedPluginConfig,
  request: CompatRequest,
  table: Route[] = routesFor(options),
): Promise<Response> {
  const method = effectiveMethod(request)
  let allow: string | undefined
  let signedIn = false
  let audience: Audience = 'visitor'
  let personal = false
  let language = options.defaultLanguage
  let visitorAnswers: null | VisitorResponses = null
  const headers: Record<string, string> = {}
  try {
    const prefix = `/${options.namespace}`
    const path = request.path.replace(/\/+$/, '')
    const inNamespace = path === prefix || path.toLowerCase().startsWith(`${prefix.toLowerCase()}/`)
    // `OPTIONS` describes the route whatever its methods, and is an empty answer off the routes
    // (`rest_handle_options_request`): a browser's CORS preflight asks it first.
    const preflight = method === 'OPTIONS'
    const match = !inNamespace ? null : preflight ? matchPath(table, path.slice(prefix.length)) : matchRoute(table, path.slice(prefix.length), method)
    if (path === '') {
      // The site index (`GET /wp-json/`), which every answer's `Link` header names.
      if (preflight) return send(prepare({ body: describeIndexRoute(request.restBase) }, request, 'GET', audience, language), request, method, false, false)
      if (method !== 'GET' && method !== 'HEAD') throw noRoute()
      language = resolveLanguage(options, request.rootLanguage, parseQuery(request.query), undefined)
      const index = siteIndex({ language, now: options.clock(), options, restBase: request.restBase, routes: table })
      return send(prepare(index, request, 'GET', audience, language), request, method, false, false)
    }
    if (!match && preflight) return send(prepare({ body: [] }, request, undefined, audience, language), request, method, false, false)
    if (!match) throw noRoute()

    const query = parseQuery(request.query)
    const body = withoutNul(parseBody(request))
    language = resolveLanguage(options, request.rootLanguage, query, body)

    const credentials = signInHeaders(payload, options, request, nonceOf(query, body, request.headers))
    const user = await authenticate(payload, credentials.headers)
    // A Basic header that did not sign in, or a session that could not be checked (an outage).
    if (!user && (/^Basic\s/i.test(request.headers.get('authorization') ?? '') || failedSignInOf(credentials.headers)?.kind === 'unavailable')) {
      throw signInFailure(credentials.headers)
    }
    signedIn = Boolean(user)
    if (user && credentials.sessionToken && (user as { _strategy?: string })._strategy === 'local-jwt') {
      headers['X-WP-Nonce'] = restNonce(payload.secret, credentials.sessionToken)
    }

    const req = await createLocalReq(
      // The serializers apply the password rule themselves (`docs/compatibility.md`,
      // "Password-protected items"), so they read whole items.
      { context: { [TRUSTED_READ]: true }, fallbackLocale: options.defaultLanguage as never, locale: language, user: user ?? undefined },
      payload,
    )
    const now = options.clock()
    let readClock = false
    const ctx: RestContext = {
      args: {},
      body,
      headers: request.headers,
      language,
      method,
      // Whether the answer depends on the time (`visitorResponses.ts`) is known by whether it read this.
      get now() {
        readClock = true
        return now
      },
      options,
      params: withoutNul(match.params) as Record<string, string>,
      payload,
      query,
      req,
      restBase: request.restBase,
      routes: table,
      user: user ?? null,
    }
    audience = audienceOf(user as never)
    personal = signedIn || 'password' in query
    // A visitor's GET answered before is answered again as long as the calendar has not changed.
    visitorAnswers = await visitorResponsesFor(ctx, { language, now, path: request.path, query: request.query, restBase: request.restBase })
    const kept = visitorAnswers?.get()
    if (kept) return send(kept, request, method, signedIn, personal)
    allow = await allowedMethods(match.route, ctx)
    const endpoint = (match as Partial<RouteMatch>).endpoint
    let result: RestResult
    if (!endpoint) result = { body: describeRoute(match.route, ctx), headers }
    else {
      ctx.args = await readArgs(endpoint.args, ctx)
      if (endpoint.permission && !(await endpoint.permission(ctx))) throw forbidden(Boolean(user))
      const handled = await endpoint.handler(ctx)
      result = { ...handled, headers: { ...headers, ...handled.headers } }
    }
    const answer = prepare(result, request, allow, audience, language)
    visitorAnswers?.set(answer, readClock)
    return send(answer, request, method, signedIn, personal)
  } catch (error) {
    const restError = error instanceof RestError ? error : fromPayloadError(error, signedIn)
    if (!restError) payload.logger.error({ err: error, msg: `compatibility API: ${method} ${request.path}` })
    const failure = restError ?? internalError()
    const answer = prepare({ body: failure.toBody(), headers: { ...headers, ...failure.headers }, status: failure.status }, request, allow, audience, language)
    // Errors are kept only within their second: whether they read the clock is not known here.
    if (restError) visitorAnswers?.set(answer, true)
    return send(answer, request, method, signedIn, personal)
  }
}

/**
 * The headers the sign-in looks at: the client's address signed in (when the server gave one),
 * and the session cookie kept only when WordPress would honour it (`src/auth/cookieSignIn.ts`);
 * an honoured cookie is handed on as `Authorization: JWT`, so that its acceptance does not also
 * depend on Payload's own `csrf` list.
 */
function signInHeaders(
  payload: Payload,
  options: SanitizedPluginConfig,
  request: CompatRequest,
  nonce: null | string,
): { headers: Headers; sessionToken?: string } {
  const headers = request.clientAddress ? withClientAddress(request.headers, payload.secret, request.clientAddress) : new Headers(request.headers)
  const verdict = judgeSessionCookie({
    cookieName: `${payload.config.cookiePrefix}-token`,
    headers,
    nonce,
    secret: payload.secret,
    siteOrigin: new URL(options.siteUrl).origin,
  })
  if (verdict.kind === 'none') return { headers }
  headers.delete('cookie')
  if (verdict.kind === 'ignored' || headers.has('authorization')) return { headers }
  headers.set('authorization', `JWT ${verdict.token}`)
  return { headers, sessionToken: verdict.token }
}

/** WordPress reads the nonce from `X-WP-Nonce`, else from `_wpnonce` in the query or the form. */
function nonceOf(query: Record<string, unknown>, body: unknown, headers: Headers): null | string {
  const fromBody = body && typeof body === 'object' ? (body as Record<string, unknown>)._wpnonce : undefined
  const value = headers.get('x-wp-nonce') ?? query._wpnonce ?? fromBody
  return typeof value === 'string' && value !== '' ? value : null
}

/** Why an HTTP Basic header did not sign in, in WordPress's terms (the guard already slowed it). */
function signInFailure(headers: Headers): RestError {
  const outcome = failedSignInOf(headers)
  if (outcome?.kind === 'unavailable') return databaseUnavailable(RETRY_AFTER_SECONDS)
  if (outcome?.kind === 'refused') return tooManySignInAttempts(outcome.retryAfterMs)
  return incorrectPassword()
}

/**
 * The signed-in user, as `payload.auth` finds it (the same strategies, in order, on a request
 * built the same way), without the permissions of every collection that `payload.auth` also
 * works out: the controllers ask the collections' access rules themselves.
 */
async function authenticate(payload: Payload, headers: Headers) {
  const req = await createLocalReq({ req: { headers } as never }, payload)
  const { user } = await executeAuthStrategies({ canSetHeaders: false, headers, payload, req })
  return user
}

/** WordPress's `Allow`: the route's methods that this caller may use (it runs each permission check). */
async function allowedMethods(route: RouteOf, ctx: RestContext): Promise<string> {
  const allowed: string[] = []
  for (const endpoint of route.endpoints) {
    if (!endpoint.permission || (await endpoint.permission(ctx))) allowed.push(...endpoint.methods)
  }
  return allowed.join(', ')
}

const tables = new WeakMap<SanitizedPluginConfig, Route[]>()

/** The route table for one plugin configuration, built once. */
export function routesFor(options: SanitizedPluginConfig): Route[] {
  let table = tables.get(options)
  if (!table) {
    table = buildRoutes(options)
    tables.set(options, table)
  }
  return table
}

/**
 * Payload's own refusals in the original's terms: a failed field validation is a 400
 * `rest_invalid_param` naming the fields, a refused access a `rest_forbidden`; an unreachable
 * database a 503 with `Retry-After`.
 */
function fromPayloadError(error: unknown, signedIn: boolean): null | RestError {
  if (isDatabaseUnavailable(error)) return databaseUnavailable(RETRY_AFTER_SECONDS)
  // A write that waited its longest for another write of the same item (`src/lib/locks.ts`).
  if (error instanceof ItemBusy) return itemBusy(error.message, error.status)
  const name = (error as Error | undefined)?.name
  if (name === 'Forbidden') return forbidden(signedIn)
  if (name === 'ValidationError') {
    const errors = ((error as { data?: { errors?: { message: string; path: string }[] } }).data?.errors ?? [])
    return invalidParams(Object.fromEntries(errors.map((item) => [item.path, item.message])))
  }
  return null
}

/**
 * WordPress lets a POST stand for another method through `?_method=` or the
 * `X-HTTP-Method-Override` header, for clients behind proxies that only pass GET and POST.
 */
function effectiveMethod(request: CompatRequest): string {
  const method = request.method.toUpperCase()
  if (method !== 'POST') return method
  const override = new URLSearchParams(request.query).get('_method') ?? request.headers.get('x-http-method-override')
  return override && /^(DELETE|GET|PATCH|PUT)$/i.test(override) ? override.toUpperCase() : method
}

/** PHP's `json_decode` gives up beyond 512 levels, so the original calls such a body invalid JSON. */
const MAX_JSON_DEPTH = 512

/** How deeply a parsed JSON value nests, counted without recursion (a hostile body can be deep). */
function nestingDepth(value: unknown): number {
  let deepest = 0
  const stack: [unknown, number][] = [[value, 1]]
  while (stack.length) {
    const [item, depth] = stack.pop()!
    if (!item || typeof item !== 'object') continue
    deepest = Math.max(deepest, depth)
    if (deepest > MAX_JSON_DEPTH) return deepest
    for (const child of Object.values(item)) stack.push([child, depth + 1])
  }
  return deepest
}

function parseBody(request: CompatRequest): unknown {
  const raw = request.body
  if (raw === undefined || raw === '') return undefined
  const type = request.headers.get('content-type') ?? ''
  if (/application\/json/i.test(type)) {
    let parsed: unknown
    try {
      parsed = JSON.parse(raw)
    } catch {
      throw invalidJson()
    }
    if (nestingDepth(parsed) > MAX_JSON_DEPTH) throw invalidJson()
    return parsed
  }
  if (/application\/x-www-form-urlencoded/i.test(type)) return qs.parse(raw, QS_OPTIONS)
  return undefined
}

/** `i18n_language` wins over the root's language (`docs/compatibility.md`, "Languages"). */
function resolveLanguage(
  options: SanitizedPluginConfig,
  rootLanguage: string | undefined,
  query: Record<string, unknown>,
  body: unknown,
): string {
  const fromBody = body && typeof body === 'object' ? (body as Record<string, unknown>).i18n_language : undefined
  const asked = fromBody ?? query.i18n_language
  if (asked === undefined) return rootLanguage ?? options.defaultLanguage
  if (typeof asked === 'string' && options.languages.includes(asked)) return asked
  throw notInEnum('i18n_language', options.languages)
}

type ShapedAnswer = PreparedAnswer & { allow?: string }

/**
 * An answer as it will be sent (and kept for visitors): shaped as the query asks (`reshape`),
 * serialized, with its ETag (`conditional.ts`); `allow` is the route's `Allow` header, which an
 * enveloped answer carries in its body instead.
 */
function prepare(result: RestResult, request: CompatRequest, allow: string | undefined, audience: Audience, language: string): ShapedAnswer {
  const shaped = reshape(result, request, allow)
  return { ...prepareAnswer(shaped.result, audience, language), allow: shaped.allow }
}

/**
 * WordPress's `_links` (after `_fields` trimmed the data, never removed by it), `_fields` (on
 * answers that are not errors) and then `_envelope` (asked in the query):
 * `endpoints/responseFields.ts`. Enveloped, the endpoint's headers are in the body and are sent no
 * more, but for the nonce, which is the server's.
 */
function reshape(result: RestResult, request: CompatRequest, allow: string | undefined): { allow: string | undefined; result: RestResult } {
  const status = result.status ?? 200
  const withLinks = (body: unknown) => (result.links && body && typeof body === 'object' && !Array.isArray(body) ? { ...body, _links: result.links } : body)
  const plain = { ...result, body: withLinks(result.body), links: undefined }
  if (!/(^|&)_(fields|envelope)(\[\]|%5B%5D)?(=|&|$)/i.test(request.query)) return { allow, result: plain }
  const query = parseQuery(request.query)
  const body = withLinks(status < 400 && query._fields !== undefined ? filterFields(result.body, query._fields) : result.body)
  if (query._envelope === undefined) return { allow, result: { ...plain, body } }
  const { 'X-WP-Nonce': nonce, ...own } = result.headers ?? {}
  return {
    allow: undefined,
    result: { body: envelope(body, status, allow ? { ...own, Allow: allow } : own), headers: nonce ? { 'X-WP-Nonce': nonce } : {}, status: 200 },
  }
}

/**
 * Sends a prepared answer: WordPress's headers, the controller's, and for GET and HEAD the ETag,
 * Cache-Control and a 304 when `If-None-Match` names the ETag (`conditional.ts`).
 */
function send(answer: ShapedAnswer, request: CompatRequest, method: string, signedIn: boolean, personal: boolean): Response {
  const { allow } = answer
  const headers = new Headers({
    ...corsHeaders(request.headers.get('origin'), method, signedIn),
    'Access-Control-Allow-Headers': 'Authorization, X-WP-Nonce, Content-Disposition, Content-MD5, Content-Type',
    'Access-Control-Expose-Headers': 'X-WP-Total, X-WP-TotalPages, Link',
    'Content-Type': 'application/json; charset=UTF-8',
    Link: `<${request.restBase}/>; rel="https://api.w.org/"`,
    'X-Content-Type-Options': 'nosniff',
    'X-Robots-Tag': 'noindex',
  })
  if (allow) headers.set('Allow', allow)
  for (const [name, value] of Object.entries(answer.headers)) headers.set(name, value)
  // WordPress marks every answer to a signed-in caller uncacheable, whatever the method.
  const forVisitors = !signedIn && !personal
  if (!forVisitors) for (const [name, value] of Object.entries(PERSONAL_CACHE_HEADERS)) headers.set(name, value)
  const read = method === 'GET' || method === 'HEAD'
  if (read) {
    headers.set('ETag', answer.etag)
    if (forVisitors) headers.set('Cache-Control', cacheControlOf(answer.status))
    if (answer.status === 200 && ifNoneMatchHits(request.headers.get('if-none-match'), answer.etag)) {
      headers.delete('Content-Type')
      return new Response(null, { headers, status: 304 })
    }
  }
  return new Response(method === 'HEAD' ? null : answer.body, { headers, status: answer.status })
}

/**
 * WordPress's CORS answer (`rest_send_cors_headers`): any origin may read the API, with
 * credentials, since what a cookie may do is decided by the nonce rule (`src/auth/cookieSignIn.ts`),
 * not by the origin. Without an Origin, an anonymous GET still varies by it, for caches.
 */
function corsHeaders(origin: null | string, method: string, signedIn: boolean): Record<string, string> {
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
function sanitizeOrigin(origin: string): string {
  return origin.replace(/[^A-Za-z0-9\-._~:/?#[\]@!$&'()*+,;=%]/g, '')
}
