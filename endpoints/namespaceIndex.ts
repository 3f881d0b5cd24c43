import type { RestContext, RestHandler } from './context'
import type { Route } from './router'

import { describeArgs } from './params'
import { methodsOf } from './router'

/**
 * `GET /vendor/events/v1`: WordPress's namespace index, generated from the route table and its
 * parameter declarations, with descriptions in the request's language.
 */
export const namespaceIndex: RestHandler = (ctx) => {
  const { options, restBase, routes } = ctx
  const namespace = options.namespace
  const entries = routes.map(
    (route) => [`/${namespace}${route.path}`, describeRoute(route, ctx)] as const,
  )
  return {
    body: {
      namespace,
      routes: Object.fromEntries(entries),
    },
    links: { up: [{ href: `${restBase}/` }] },
  }
}

/**
 * What WordPress tells of one route (`get_data_for_route`): its methods and each endpoint's
 * arguments; a link to itself when it has no path variables. The namespace index lists these,
 * and `OPTIONS` on a route answers with its own.
 */
export function describeRoute(
  route: Route,
  {
    language,
    now,
    options,
    restBase,
  }: Pick<RestContext, 'language' | 'now' | 'options' | 'restBase'>,
): Record<string, unknown> {
  const namespace = options.namespace
  const defaults = { namespace, now, siteTimezone: options.siteTimezone }
  const entry: Record<string, unknown> = {
    namespace,
    methods: methodsOf(route),
    endpoints: route.endpoints.map((endpoint) => ({
      methods: endpoint.methods,
      args: describeArgs(endpoint.args, language, defaults),
    })),
  }
  // WordPress links only routes without path variables.
  if (!route.path.includes('(?P<'))
    entry._links = { self: [{ href: `${restBase}/${namespace}${route.path}` }] }
  return entry
}
