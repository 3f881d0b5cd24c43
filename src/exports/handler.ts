import type { Payload } from 'payload'

import type { SanitizedPluginConfig } from '../types'

import { dispatchCompatRequest } from '../../endpoints/dispatch'
import { locateCompatPath } from '../../endpoints/paths'

/**
 * The compatibility API as a fetch handler, `(Request) => Promise<Response>`, for hosts other
 * than our Express server: a Next.js route handler at `app/[...path]/route.ts`, Hono, Bun.serve.
 * Paths outside the REST roots (`/wp-json`, `/fr/wp-json`, …) answer `null` so the host can
 * carry on with its own routing.
 */
export function createEventsCalendarHandler(getPayload: () => Promise<Payload>) {
  return async (request: Request): Promise<null | Response> => {
    const payload = await getPayload()
    const options = payload.config.custom?.eventsCalendar as SanitizedPluginConfig | undefined
    if (!options) throw new Error('createEventsCalendarHandler: the Payload config does not use eventsCalendarPlugin')
    const url = new URL(request.url)
    const located = locateCompatPath(url.pathname, options)
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
    })
  }
}
