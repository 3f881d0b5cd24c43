import type { RestContext, RestResult } from '../context'
import type { Located } from './locate'

import { readArgs } from '../args'
import { forbidden } from '../errors'
import { describeRoute } from '../namespaceIndex'

/**
 * The endpoint's answer, in the order of WordPress's `respond_to_request`: the arguments read and
 * validated (a 400 wins over a 401/403), then the permission, then the handler. `OPTIONS`, which
 * located no endpoint, gets the route described. `serverHeaders` go under the endpoint's own.
 */
export async function respond(
  located: Located,
  ctx: RestContext,
  serverHeaders: Record<string, string>,
): Promise<RestResult> {
  const { endpoint } = located
  if (!endpoint) return { body: describeRoute(located.route, ctx), headers: serverHeaders }
  ctx.args = await readArgs(endpoint.args, ctx)
  if (endpoint.permission && !(await endpoint.permission(ctx))) throw forbidden(Boolean(ctx.user))
  const handled = await endpoint.handler(ctx)
  return { ...handled, headers: { ...serverHeaders, ...handled.headers } }
}
