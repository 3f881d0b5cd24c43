import type { RestHandler } from './context'

import { describeArgs } from './params'
import { methodsOf } from './router'

/**
 * `GET /vendor/events/v1`: WordPress's namespace index, generated from the route table and its
 * parameter declarations, with descriptions in the request's language.
 */
export const namespaceIndex: RestHandler = ({ language, now, options, restBase, routes }) => {
  const namespace = options.namespace
  const defaults = { namespace, now, siteTimezone: options.siteTimezone }
  const entries = routes.map((route) => {
    const key = `/${namespace}${route.path}`
    const entry: Record<string, unknown> = {
      namespace,
      methods: methodsOf(route),
      endpoints: route.endpoints.map((endpoint) => ({
        methods: endpoint.methods,
        args: describeArgs(endpoint.args, language, defaults),
      })),
    }
    // WordPress links only routes without path variables.
    if (!route.path.includes('(?P<')) entry._links = { self: [{ href: `${restBase}${key}` }] }
    return [key, entry] as const
  })
  return {
    body: {
      namespace,
      routes: Object.fromEntries(entries),
      _links: { up: [{ href: `${restBase}/` }] },
    },
  }
}
