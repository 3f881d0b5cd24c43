import type { Payload, PayloadRequest } from 'payload'

import type { SanitizedPluginConfig } from '../src/types'
import type { Language } from './i18n'
import type { Route } from './router'

/** Everything a controller needs about one request, whatever server received it. */
export type RestContext = {
  /** The endpoint's declared arguments, validated and coerced (see `readArgs`). */
  args: Record<string, unknown>
  body: unknown
  headers: Headers
  language: Language
  method: string
  now: Date
  options: SanitizedPluginConfig
  params: Record<string, string>
  payload: Payload
  /** The query string, parsed as PHP parses it (`a[]=1&a[]=2` is a list). */
  query: Record<string, unknown>
  /** Absolute URL of the REST root the request came through, e.g. `https://site/fr/wp-json`. */
  restBase: string
  /** A Payload request for the Local API: carries the signed-in user, the locale and the transaction. */
  req: PayloadRequest
  /** The route table being served, for the routes that describe it. */
  routes: Route[]
  user: PayloadRequest['user']
}

export type RestResult = {
  body: unknown
  headers?: Record<string, string>
  /**
   * The links WordPress keeps beside the data (`add_link`) and writes as the body's last key
   * `_links` after `_fields` trimmed it: `_fields` never removes them.
   */
  links?: Record<string, unknown>
  status?: number
}

export type RestHandler = (ctx: RestContext) => Promise<RestResult> | RestResult
