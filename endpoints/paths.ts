import type { SanitizedPluginConfig } from '../src/types'

/**
 * Splits a URL path into the REST root's language and the path below the root:
 * `/fr/wp-json/vendor/events/v1/events` → `{ rootLanguage: 'fr', path: '/vendor/events/v1/events' }`.
 * Returns null for paths outside every REST root, which belong to someone else.
 */
export function locateCompatPath(
  pathname: string,
  options: SanitizedPluginConfig,
): null | { path: string; rootLanguage?: string; rootPath: string } {
  const segments = pathname.split('/')
  let rootLanguage: string | undefined
  let index = 1
  if (segments[1] && segments[1] !== options.restRoot && options.languages.includes(segments[1])) {
    if (segments[1] === options.defaultLanguage) return null
    rootLanguage = segments[1]
    index = 2
  }
  if (segments[index] !== options.restRoot) return null
  const rootPath = `${rootLanguage ? `/${rootLanguage}` : ''}/${options.restRoot}`
  return { path: `/${segments.slice(index + 1).join('/')}`, rootLanguage, rootPath }
}
