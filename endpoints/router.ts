import type { RestContext, RestHandler } from './context'
import type { ParamSpecs } from './params'

export type HttpMethod = 'DELETE' | 'GET' | 'PATCH' | 'POST' | 'PUT'

/**
 * One endpoint of a route, as WordPress registers it: the methods it answers (POST, PUT and
 * PATCH share one endpoint on item routes), its declared arguments, who may call it, and the
 * handler. `permission` runs after the arguments validated, so a 400 wins over a 401/403.
 */
export type Endpoint = {
  args: ParamSpecs
  handler: RestHandler
  methods: HttpMethod[]
  permission?: (ctx: RestContext) => boolean | Promise<boolean>
}

/**
 * One route of the namespace. `path` is the regular expression WordPress registers, relative to
 * the namespace (`/events/(?P<id>\d+)`): it is the key clients see in the namespace index.
 */
export type Route = { endpoints: Endpoint[]; path: string }

export type RouteMatch = { endpoint: Endpoint; params: Record<string, string>; route: Route }

const compiled = new Map<Route, RegExp>()

function patternOf(route: Route): RegExp {
  let pattern = compiled.get(route)
  if (!pattern) {
    // PHP's named groups `(?P<id>…)` are JavaScript's `(?<id>…)`; WordPress matches case-insensitively.
    pattern = new RegExp(`^${route.path.replace(/\(\?P</g, '(?<')}$`, 'i')
    compiled.set(route, pattern)
  }
  return pattern
}

/** The route a path relative to the namespace belongs to, whatever the method (for `OPTIONS`). */
export function matchPath(table: Route[], path: string): null | Omit<RouteMatch, 'endpoint'> {
  for (const route of table) {
    const match = patternOf(route).exec(path)
    if (!match) continue
    const params = Object.fromEntries(
      Object.entries(match.groups ?? {}).map(([name, value]) => [name, safeDecode(value ?? '')]),
    )
    return { params, route }
  }
  return null
}

/** Finds the endpoint for a path relative to the namespace (`''`, `/events/12`) and a method. */
export function matchRoute(table: Route[], path: string, method: string): null | RouteMatch {
  const wanted = (method === 'HEAD' ? 'GET' : method) as HttpMethod
  for (const route of table) {
    const match = patternOf(route).exec(path)
    if (!match) continue
    const endpoint = route.endpoints.find((candidate) => candidate.methods.includes(wanted))
    if (!endpoint) continue
    const params = Object.fromEntries(
      Object.entries(match.groups ?? {}).map(([name, value]) => [name, safeDecode(value ?? '')]),
    )
    return { endpoint, params, route }
  }
  return null
}

export function methodsOf(route: Route): HttpMethod[] {
  return route.endpoints.flatMap((endpoint) => endpoint.methods)
}

function safeDecode(value: string): string {
  try {
    return decodeURIComponent(value)
  } catch {
    return value
  }
}
