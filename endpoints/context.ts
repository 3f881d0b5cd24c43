import type { CalendarContext } from '../src/calendar/context'
import type { Language } from './i18n'
import type { Route } from './router'

/**
 * What the API's argument declarations read of a request (`readArgs`, the validators, the
 * conditions built from the arguments): the calendar's context with the request's arguments.
 */
export type ArgsContext = CalendarContext & {
  /** The endpoint's declared arguments, validated and coerced (see `readArgs`). */
  args: Record<string, unknown>
  body: unknown
  language: Language
  /** The request's method: a read (GET, HEAD) may be answered from what an argument's check already read. */
  method: string
  params: Record<string, string>
  /** The query string, parsed as PHP parses it (`a[]=1&a[]=2` is a list). */
  query: Record<string, unknown>
}

/** Everything a controller needs about one request, whatever server received it. */
export type RestContext = ArgsContext & {
  headers: Headers
  /** Absolute URL of the REST root the request came through, e.g. `https://site/fr/wp-json`. */
  restBase: string
  /** The route table being served, for the routes that describe it. */
  routes: Route[]
  /** Aborted when the caller hangs up, where the server tells (`CompatRequest.signal`). */
  signal?: AbortSignal
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
