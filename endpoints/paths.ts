import type { SanitizedPluginConfig } from '../src/types'

/** Where a request of the compatibility API came in, as the dispatcher needs it. */
export type CompatLocation = {
  /** The path below the root, e.g. `/vendor/events/v1/events`. */
  path: string
  /** The language of a language root (`/fr/wp-json` → `fr`); absent for the default one. */
  rootLanguage?: string
  /** The root as the URL names it: `/wp-json`, `/fr/wp-json`, or Payload's API route `/api`. */
  rootPath: string
}

type PathOptions = Pick<
  SanitizedPluginConfig,
  'apiRoute' | 'defaultLanguage' | 'languages' | 'namespace' | 'restRoot'
>

/**
 * Splits a URL path into its root and the path below it:
 * `/fr/wp-json/vendor/events/v1/events` → `{ rootLanguage: 'fr', path: '/vendor/events/v1/events' }`,
 * `/api/vendor/events/v1/` → `{ rootPath: '/api', path: '/vendor/events/v1/' }` (the namespace
 * under Payload's API route, where `endpoints/payloadEndpoints.ts` also serves it).
 * Returns null for every other path, which belongs to someone else.
 */
export function locateCompatPath(
  pathname: string,
  options: PathOptions,
  search?: URLSearchParams,
): CompatLocation | null {
  return (
    underRestRoot(pathname, options) ??
    underApiRoute(pathname, options) ??
    byRestRoute(pathname, options, search)
  )
}

/**
 * WordPress's form for sites without pretty permalinks, which every site also answers:
 * `/?rest_route=/vendor/events/v1/events` (or `/index.php?rest_route=…`) is the route under the
 * default root. Answers still link the pretty root (`docs/compatibility.md`, "Site index").
 */
function byRestRoute(
  pathname: string,
  options: PathOptions,
  search?: URLSearchParams,
): CompatLocation | null {
  const route = search?.get('rest_route')
  if (!route || (pathname !== '/' && pathname !== '/index.php')) return null
  return { path: route.startsWith('/') ? route : `/${route}`, rootPath: `/${options.restRoot}` }
}

function underRestRoot(pathname: string, options: PathOptions): CompatLocation | null {
  let segments = pathname.split('/').slice(1)
  let rootLanguage: string | undefined
  if (segments[0] && options.languages.includes(segments[0])) {
    // The default language has no root of its own: `/en/wp-json` is not ours.
    if (segments[0] === options.defaultLanguage) return null
    rootLanguage = segments[0]
    segments = segments.slice(1)
  }
  const root = options.restRoot.split('/')
  if (!startsWith(segments, root)) return null
  const rootPath = `${rootLanguage ? `/${rootLanguage}` : ''}/${options.restRoot}`
  return { path: `/${segments.slice(root.length).join('/')}`, rootLanguage, rootPath }
}

/** Only the namespace itself: the rest of Payload's API route is Payload's. */
function underApiRoute(pathname: string, options: PathOptions): CompatLocation | null {
  const segments = pathname.split('/').slice(1)
  const apiRoute = options.apiRoute.split('/').slice(1)
  if (!startsWith(segments, apiRoute)) return null
  const below = segments.slice(apiRoute.length)
  // Payload matches endpoint paths without regard to case; so does this.
  const namespace = options.namespace.toLowerCase().split('/')
  if (
    !startsWith(
      below.map((segment) => segment.toLowerCase()),
      namespace,
    )
  )
    return null
  return { path: `/${below.join('/')}`, rootPath: options.apiRoute }
}

function startsWith(segments: string[], prefix: string[]): boolean {
  return prefix.every((segment, index) => segments[index] === segment)
}
