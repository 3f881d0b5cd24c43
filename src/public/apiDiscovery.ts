import type { SanitizedPluginConfig } from '../types'

import { apiUrl } from '../lib/urls'

/**
 * Where a public page tells a client the REST API is, as WordPress and The Events Calendar tell it
 * on every page of a site (docs/compatibility.md, "Finding the API from a page"): WordPress's
 * `Link: <…/wp-json/>; rel="https://api.w.org/"`, which discovery clients read from any page of the
 * site, and the calendar's `X-TEC-API-*` headers, whose root is the event's own route on an event's
 * page and the namespace's root on any other.
 */
export type ApiDiscovery = {
  /** The REST root of the page's language, without its trailing slash (`…/fr/wp-json`). */
  restBase: string
  /** The calendar's route for what the page shows. */
  apiRoot: string
  /** The site's address (WordPress's `home_url()`). */
  origin: string
}

/** The calendar's API version, as the original's `X-TEC-API-VERSION` names it. */
const API_VERSION = 'v1'

/**
 * The discovery of a page in the language root `rootPath` (`''` or `/fr`): of the event `eventId`
 * (an occurrence's id on an occurrence's page), or of no event.
 */
export function apiDiscovery(
  options: SanitizedPluginConfig,
  rootPath: string,
  eventId?: number,
): ApiDiscovery {
  const restBase = `${options.siteUrl}${rootPath}/${options.restRoot}`
  return {
    apiRoot: apiUrl(restBase, options, eventId === undefined ? '/' : `/events/${eventId}`),
    origin: options.siteUrl,
    restBase,
  }
}

/** The response headers that carry it. */
export function discoveryHeaders(discovery: ApiDiscovery): Record<string, string> {
  return {
    Link: `<${discovery.restBase}/>; rel="https://api.w.org/"`,
    'X-TEC-API-ORIGIN': discovery.origin,
    'X-TEC-API-ROOT': discovery.apiRoot,
    'X-TEC-API-VERSION': API_VERSION,
  }
}

/** The page head's tags that carry it, as WordPress's `rest_output_link_wp_head` and the calendar print them. */
export function discoveryTags(
  discovery: ApiDiscovery,
  escapeHtml: (value: string) => string,
): string {
  return [
    `<link rel="https://api.w.org/" href="${escapeHtml(`${discovery.restBase}/`)}">`,
    `<meta name="tec-api-version" content="${API_VERSION}">`,
    `<meta name="tec-api-origin" content="${escapeHtml(discovery.origin)}">`,
    `<link rel="alternate" href="${escapeHtml(discovery.apiRoot)}">`,
  ].join('\n')
}
