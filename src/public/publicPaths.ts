import type { SanitizedPluginConfig } from '../types'

import { decodeSegment, splitLanguageRoot } from '../lib/languageRoot'
import { occurrenceAt, type OccurrenceAt } from '../feeds/occurrencePath'

/**
 * Which event a public URL names: by its slug (the permalink) or by its id (WordPress's plain
 * link); with `at`, one occurrence of it. `at: null` names no occurrence there can be (a date
 * that does not exist): a 404 without reading anything.
 */
export type PublicEventLocation = { language: string; rootPath: string } & (
  { at?: null | OccurrenceAt; slug: string } | { id: string }
)

type PathOptions = Pick<SanitizedPluginConfig, 'defaultLanguage' | 'languages'>

/**
 * The public addresses of an event, as `src/lib/urls.ts` `permalink` builds them, in every
 * language root (`/fr/…`, `/es/…`; the default language has none): the permalink
 * `/event/{slug}/` (with or without its trailing slash), and WordPress's plain form
 * `/?post_type=tribe_events&p={id}` that unpublished events link to, and an occurrence's
 * `/event/{slug}/{YYYY-MM-DD}/` and `/event/{slug}/{YYYY-MM-DD}/{n}/` (`occurrencePermalink`).
 * Anything else: `null`.
 * The feeds' forms (`/event/{slug}.ics`, `?ical=1`) are answered before this (`src/feeds`).
 */
export function locatePublicEvent(
  pathname: string,
  search: URLSearchParams,
  options: PathOptions,
): null | PublicEventLocation {
  const { language, rootPath, segments } = splitLanguageRoot(pathname, options)

  if (segments.length === 2 && segments[0] === 'event' && segments[1])
    return { language, rootPath, slug: decodeSegment(segments[1]) }
  const [first, slug, date, n] = segments
  if (
    first === 'event' &&
    slug &&
    (segments.length === 3 || segments.length === 4) &&
    /^\d{4}-\d{2}-\d{2}$/.test(date!)
  )
    return { at: occurrenceAt(date!, n), language, rootPath, slug: decodeSegment(slug) }
  const isRoot = segments.length === 1 && (segments[0] === '' || segments[0] === 'index.php')
  const id = search.get('p')
  if (isRoot && search.get('post_type') === 'tribe_events' && id !== null)
    return { id: /^\d+$/.test(id) ? id : '0', language, rootPath }
  return null
}
