import type { RestContext, RestResult } from './context'

import { formatWallTime } from '../src/lib/phpDate'
import { describeRoute } from './namespaceIndex'

/*
 * `GET /wp-json/`: WordPress's site index, the document every answer's
 * `Link: <…/wp-json/>; rel="https://api.w.org/"` points at (docs/compatibility.md, "Site
 * index"). Same keys as WordPress's; only our namespace is listed (the site serves no other),
 * and `authentication` is empty: applications get their password in the admin panel, not through
 * WordPress's authorization screen.
 */

/** What WordPress says of the index route itself (`/`), in the index and to `OPTIONS`. */
export function describeIndexRoute(restBase: string): Record<string, unknown> {
  return {
    namespace: '',
    methods: ['GET'],
    endpoints: [{ methods: ['GET'], args: { context: { default: 'view', required: false } } }],
    _links: { self: [{ href: `${restBase}/` }] },
  }
}

/** The site's UTC offset now, in hours, as WordPress's `gmt_offset` (`-5`, `5.5`). */
function offsetHours(now: Date, timeZone: string): number {
  const wall = formatWallTime(now, timeZone)
  const asUtc = Date.parse(`${wall.replace(' ', 'T')}Z`)
  const seconds = Math.round((asUtc - Math.floor(now.getTime() / 1000) * 1000) / 1000)
  return Math.round(seconds / 36) / 100
}

export function siteIndex(
  ctx: Pick<RestContext, 'language' | 'now' | 'options' | 'restBase' | 'routes'>,
): RestResult {
  const { options, restBase, routes } = ctx
  const site = options.siteUrl.replace(/\/+$/, '')
  const namespace = options.namespace
  return {
    body: {
      name: new URL(site).hostname,
      description: '',
      url: site,
      home: site,
      gmt_offset: offsetHours(ctx.now, options.siteTimezone),
      timezone_string: options.siteTimezone,
      page_for_posts: 0,
      page_on_front: 0,
      show_on_front: 'posts',
      namespaces: [namespace],
      authentication: [],
      routes: {
        '/': describeIndexRoute(restBase),
        ...Object.fromEntries(
          routes.map((route) => [`/${namespace}${route.path}`, describeRoute(route, ctx)]),
        ),
      },
      site_logo: 0,
      site_icon: 0,
      site_icon_url: '',
      // Part of the data here, unlike the namespace index's: `_fields` trims it (as the original does).
      _links: { help: [{ href: 'https://developer.wordpress.org/rest-api/' }] },
    },
  }
}
