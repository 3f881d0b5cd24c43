import type { SanitizedPluginConfig } from '../types'

type PathOptions = Pick<SanitizedPluginConfig, 'defaultLanguage' | 'languages'>

/** A site path read in its language root: the language, the root's prefix (`/fr`, or `` for the default), and the path's segments after it. */
export type LanguageRootPath = { language: string; rootPath: string; segments: string[] }

/**
 * A public path of the site under its language root (`/fr/…`, `/es/…`; the default language has
 * none), with a trailing slash dropped: `/fr/event/été/` is `fr`, `/fr`, `['event', 'été']`
 * (still encoded). Feeds (`src/feeds/feedPaths.ts`) and event pages (`src/public/publicPaths.ts`)
 * read their addresses this way, as `src/lib/urls.ts` builds them.
 */
export function splitLanguageRoot(pathname: string, options: PathOptions): LanguageRootPath {
  let segments = pathname.split('/').slice(1)
  let language = options.defaultLanguage
  if (
    segments.length > 1 &&
    options.languages.includes(segments[0]!) &&
    segments[0] !== options.defaultLanguage
  ) {
    language = segments[0]!
    segments = segments.slice(1)
  }
  if (segments.at(-1) === '' && segments.length > 1) segments = segments.slice(0, -1)
  return {
    language,
    rootPath: language === options.defaultLanguage ? '' : `/${language}`,
    segments,
  }
}

/** A slug as stored (`%C3%A9t%C3%A9` → `été`); a malformed escape stays as written and matches nothing. */
export function decodeSegment(segment: string): string {
  try {
    return decodeURIComponent(segment)
  } catch {
    return segment
  }
}
