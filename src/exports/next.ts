import type { SanitizedConfig } from 'payload'

import { getPayload } from 'payload'

import { createEventsCalendarHandler } from './handler'

/** A Next.js app router route handler; Next passes a second argument (the route's params) it does not need. */
export type EventsCalendarRouteHandler = (request: Request) => Promise<Response>

/**
 * The compatibility API as Next.js app router route handlers, for a site that runs Payload in its
 * own Next app. Two files serve every root, whatever the plugin's `restRoot` and `languages`:
 *
 * ```ts
 * // app/(events-calendar)/wp-json/[[...rest]]/route.ts
 * // app/(events-calendar)/[language]/wp-json/[[...rest]]/route.ts
 * import config from '@payload-config'
 * import { eventsCalendarRoutes } from 'payload-events-calendar/next'
 *
 * export const { DELETE, GET, OPTIONS, PATCH, POST, PUT } = eventsCalendarRoutes(config)
 * ```
 *
 * The same handlers serve the calendar feeds, from route files at their paths (GET is enough):
 * `app/(events-calendar)/events.ics/route.ts`, `app/(events-calendar)/event/[...file]/route.ts`
 * (for `/event/{slug}.ics` and one occurrence's `/event/{slug}/{YYYY-MM-DD}.ics`), and the same
 * under `[language]/`.
 *
 * A path the API does not serve (`/de/wp-json` when `de` is not a language, any path while the
 * plugin is disabled) answers a plain 404. HEAD is Next's, from GET.
 */
export function eventsCalendarRoutes(config: Promise<SanitizedConfig> | SanitizedConfig) {
  const handle = createEventsCalendarHandler(() => getPayload({ config }))
  const route: EventsCalendarRouteHandler = async (request) =>
    (await handle(request)) ??
    new Response('Not Found', {
      status: 404,
      headers: { 'content-type': 'text/plain; charset=utf-8' },
    })
  return { DELETE: route, GET: route, OPTIONS: route, PATCH: route, POST: route, PUT: route }
}
