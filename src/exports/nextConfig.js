/**
 * Plain JavaScript, not TypeScript: `next.config.mjs` imports it before anything is compiled
 * (`@payloadcms/next/withPayload` is plain JavaScript for the same reason).
 *
 * Next.js redirects every URL ending in `/` (308, or the reverse with `trailingSlash: true`)
 * before any route handler or Payload endpoint runs (`next/dist/lib/load-custom-routes.js`), and
 * WordPress answers `/wp-json/vendor/events/v1/events/` like `/wp-json/vendor/events/v1/events`.
 * This turns Next's redirect off (`skipTrailingSlashRedirect`) and puts the same redirect back as
 * an ordinary one, for every path except the compatibility API's roots.
 */

/**
 * @typedef {object} CompatPaths The plugin's options that shape its URLs, when not the defaults.
 * @property {string} [apiRoute] Payload's `routes.api`. Default `/api`.
 * @property {string[]} [languages] The plugin's `languages` (the default one may be included).
 * @property {string} [namespace] Default `vendor/events/v1`.
 * @property {string} [restRoot] Default `wp-json`.
 */

/**
 * @template {import('next').NextConfig} T
 * @param {T} nextConfig
 * @param {CompatPaths} [paths]
 * @returns {T}
 */
export function withEventsCalendar(nextConfig, paths = {}) {
  // A site that turned the redirect off handles trailing slashes its own way already.
  if (nextConfig.skipTrailingSlashRedirect) return nextConfig
  const ownRedirects = nextConfig.redirects
  return {
    ...nextConfig,
    skipTrailingSlashRedirect: true,
    redirects: async () => [
      ...trailingSlashRedirects(Boolean(nextConfig.trailingSlash), compatRoots(paths)),
      ...((await ownRedirects?.()) ?? []),
    ],
  }
}

/**
 * Next's own trailing-slash redirects (`next/dist/lib/load-custom-routes.js`), for every path
 * but those under the given roots.
 * @param {boolean} trailingSlash
 * @param {string[]} roots paths without their leading slash, e.g. `fr/wp-json`
 */
export function trailingSlashRedirects(trailingSlash, roots) {
  const notOurs = `(?!(?:${roots.map(escapeRegExp).join('|')})(?:/|$))(?!\\.well-known(?:/.*)?)`
  if (!trailingSlash) {
    return [
      { source: `/:path(${notOurs}(?:[^/]+/)*[^/]+)/`, destination: '/:path', permanent: true },
    ]
  }
  return [
    {
      source: `/:file(${notOurs}(?:[^/]+/)*[^/]+\\.\\w+)/`,
      destination: '/:file',
      permanent: true,
    },
    {
      source: `/:notfile(${notOurs}(?:[^/]+/)*[^/\\.]+)`,
      destination: '/:notfile/',
      permanent: true,
    },
  ]
}

/**
 * @param {CompatPaths} paths
 * @returns {string[]}
 */
export function compatRoots(paths) {
  const trim = (/** @type {string} */ path) => path.replace(/^\/+|\/+$/g, '')
  const restRoot = trim(paths.restRoot ?? 'wp-json')
  const apiRoute = trim(paths.apiRoute ?? '/api')
  const namespace = trim(paths.namespace ?? 'vendor/events/v1')
  return [
    restRoot,
    ...(paths.languages ?? []).map((language) => `${language}/${restRoot}`),
    apiRoute ? `${apiRoute}/${namespace}` : namespace,
  ]
}

/** @param {string} text */
function escapeRegExp(text) {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')
}
