import type { Payload } from 'payload'

import type { SanitizedPluginConfig } from '../types'

import { dispatchCompatRequest } from '../../endpoints/dispatch'
import { locateCompatPath } from '../../endpoints/paths'
import { answerFeedRequest } from '../feeds/answerFeed'
import { pluginOptionsOf } from '../pluginOptions'

/**
 * The compatibility API as a fetch handler, `(Request) => Promise<Response | null>`, for hosts
 * other than our Express server: Next.js route handlers (`payload-events-calendar/next`), Hono,
 * Bun.serve. It serves the REST roots (`/wp-json`, `/fr/wp-json`, … as the plugin's `restRoot`
 * and `languages` say), the namespace under Payload's API route (`/api/vendor/events/v1`), and
 * the calendar feeds (`/events.ics`, `/event/{slug}.ics`, `?ical=1`: `src/feeds/feedPaths.ts`).
 * Other paths, and every path while the plugin is disabled, answer `null` so the host can carry
 * on with its own routing.
 */
export function createEventsCalendarHandler(getPayload: () => Promise<Payload>) {
  return async (request: Request): Promise<null | Response> => {
    const payload = await getPayload()
    const options = pluginOptionsOf(payload)
    const url = new URL(request.url)
    const feed = await answerFeedRequest(payload, options, {
      headers: request.headers,
      method: request.method,
      pathname: url.pathname,
      search: url.search.replace(/^\?/, ''),
    })
    return feed ?? answerCompatRequest(payload, options, request)
  }
}

export { pluginOptionsOf } from '../pluginOptions'

/** One request under the given options; `null` when it is not the compatibility API's. */
export async function answerCompatRequest(
  payload: Payload,
  options: SanitizedPluginConfig,
  request: Request,
): Promise<null | Response> {
  if (options.disabled) return null
  const url = new URL(request.url)
  const located = locateCompatPath(url.pathname, options, url.searchParams)
  if (!located) return null
  const hasBody = !['GET', 'HEAD'].includes(request.method.toUpperCase())
  return dispatchCompatRequest(payload, options, {
    body: hasBody ? await request.text() : undefined,
    headers: request.headers,
    method: request.method,
    path: located.path,
    query: url.search.replace(/^\?/, ''),
    restBase: `${options.siteUrl}${located.rootPath}`,
    rootLanguage: located.rootLanguage,
    signal: request.signal,
  })
}
