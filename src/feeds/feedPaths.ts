import type { SanitizedPluginConfig } from '../types'

import { slugAsStored } from '../lib/wpSlug'
import { decodeSegment, splitLanguageRoot } from '../lib/languageRoot'
import { occurrenceAt, type OccurrenceAt } from './occurrencePath'

/** Which feed a URL asks for; an event's slug spelt as slugs are stored (`slugAsStored`). */
export type FeedLocation =
  | { kind: 'calendar'; language: string; rootPath: string }
  | { kind: 'event'; language: string; rootPath: string; slug: string }
  | { at: OccurrenceAt; kind: 'occurrence'; language: string; rootPath: string; slug: string }

type PathOptions = Pick<SanitizedPluginConfig, 'defaultLanguage' | 'languages'>

/**
 * The feed URLs, in every language root (`/fr/…`, `/es/…`; the default language has none):
 * `/events.ics` and `/event/{slug}.ics`, and The Events Calendar's own `/events/?ical=1` and
 * `/event/{slug}/?ical=1` (with or without the trailing slash; `outlook-ical=1` too, which the
 * original serves in the same format). One occurrence of a recurring event (docs/recurrence.md,
 * "Feeds"): `/event/{slug}/{YYYY-MM-DD}.ics` and `/event/{slug}/{YYYY-MM-DD}/{n}.ics` beside the
 * event's, and its page's address with `?ical=1`. Any other URL is not a feed: `null`.
 */
export function locateFeed(
  pathname: string,
  search: URLSearchParams,
  options: PathOptions,
): FeedLocation | null {
  const { language, rootPath, segments } = splitLanguageRoot(pathname, options)
  const asksIcal = ['ical', 'outlook-ical'].some((name) =>
    ['1', 'true'].includes(search.get(name) ?? ''),
  )

  if (segments.length === 1 && segments[0] === 'events.ics')
    return { kind: 'calendar', language, rootPath }
  if (
    segments.length === 2 &&
    segments[0] === 'event' &&
    /^[^/]+\.ics$/.test(segments[1]!) &&
    segments[1] !== '.ics'
  ) {
    return {
      kind: 'event',
      language,
      rootPath,
      slug: slugAsStored(decodeSegment(segments[1]!.slice(0, -'.ics'.length))),
    }
  }
  const [first, slug, date, n] = segments
  // `/event/{slug}/{date}.ics`, `/event/{slug}/{date}/{n}.ics`, or the page's address with `?ical=1`.
  const last = segments.at(-1)!
  const named = last.endsWith('.ics') || asksIcal
  if (first === 'event' && slug && named && (segments.length === 3 || segments.length === 4)) {
    const bare = (segment: string) =>
      segment === last && !asksIcal ? segment.slice(0, -'.ics'.length) : segment
    const at = occurrenceAt(bare(date!), n === undefined ? undefined : bare(n))
    if (at)
      return {
        at,
        kind: 'occurrence',
        language,
        rootPath,
        slug: slugAsStored(decodeSegment(slug)),
      }
  }
  if (!asksIcal) return null
  if (segments.length === 1 && segments[0] === 'events')
    return { kind: 'calendar', language, rootPath }
  if (segments.length === 2 && segments[0] === 'event' && segments[1])
    return { kind: 'event', language, rootPath, slug: slugAsStored(decodeSegment(segments[1])) }
  return null
}
