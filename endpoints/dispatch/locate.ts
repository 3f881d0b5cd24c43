import type { Endpoint, Route, RouteMatch } from '../router'

import { matchPath, matchRoute } from '../router'

/** A route of the namespace, with the endpoint for the method (none for `OPTIONS`). */
export type Located = Omit<RouteMatch, 'endpoint'> & { endpoint?: Endpoint }

/**
 * Where a path below the REST root leads (WordPress's `match_request_to_handler`): the site index
 * (`''` or `/`), a route of the namespace, or nowhere (`null`). `OPTIONS` finds a route whatever
 * its methods, since it asks to have the route described (`rest_handle_options_request`): a
 * browser's CORS preflight asks it first.
 */
export function locate(
  table: Route[],
  namespace: string,
  rawPath: string,
  method: string,
): 'index' | Located | null {
  const prefix = `/${namespace}`
  const path = rawPath.replace(/\/+$/, '')
  if (path === '') return 'index'
  const inNamespace = path === prefix || path.toLowerCase().startsWith(`${prefix.toLowerCase()}/`)
  if (!inNamespace) return null
  const below = path.slice(prefix.length)
  return method === 'OPTIONS' ? matchPath(table, below) : matchRoute(table, below, method)
}
