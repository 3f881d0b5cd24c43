import type { RestResult } from '../context'

import { noRoute } from '../errors'

/**
 * A path that leads to no route: `OPTIONS` gets an empty answer there, as from WordPress's
 * `rest_handle_options_request`, so that a browser's preflight never fails; any other method a 404.
 */
export function offRouteAnswer(method: string): RestResult {
  if (method === 'OPTIONS') return { body: [] }
  throw noRoute()
}
