import type { SanitizedPluginConfig } from '../types'

/** Permalink patterns of the original's front end (`docs/compatibility.md`, "Permalinks"). */
const PERMALINK_BASES = {
  eventCategories: '/events/category/',
  eventTags: '/tag/',
  events: '/event/',
  organizers: '/organizer/',
  venues: '/venue/',
} as const

/** WordPress's post type names, which unpublished items' plain permalinks carry. */
const POST_TYPES = {
  events: 'tribe_events',
  organizers: 'tribe_organizer',
  venues: 'tribe_venue',
} as const

export type PermalinkKind = keyof typeof PERMALINK_BASES

/**
 * A published (or private) item's pretty permalink; drafts, pending and scheduled (`future`) posts
 * get WordPress's plain `?post_type=…&p=ID`, as `get_permalink` gives them (`docs/compatibility.md`,
 * "Permalinks").
 */
export function permalink(
  options: SanitizedPluginConfig,
  kind: PermalinkKind,
  item: { id: number | string; slug?: null | string; status?: null | string },
): string {
  const isPost = kind === 'events' || kind === 'venues' || kind === 'organizers'
  if (isPost && item.status !== 'publish' && item.status !== 'private') {
    return `${options.siteUrl}/?post_type=${POST_TYPES[kind as keyof typeof POST_TYPES]}&p=${item.id}`
  }
  return `${options.siteUrl}${PERMALINK_BASES[kind]}${item.slug ?? ''}/`
}

/**
 * The permalink of one occurrence of a recurring event: `/event/{slug}/{YYYY-MM-DD}/`, with `{n}/`
 * added for the second and later occurrence on one date (`docs/recurrence.md`, "The API's answers").
 * An unpublished series' occurrences get the plain permalink of the occurrence's id. A single
 * event's one occurrence is the event itself: its permalink is `permalink(options, 'events', …)`.
 */
export function occurrencePermalink(
  options: SanitizedPluginConfig,
  event: { slug?: null | string; status?: null | string },
  occurrence: { date: string; id: number | string; numberOnDate?: number },
): string {
  if (event.status !== 'publish' && event.status !== 'private')
    return permalink(options, 'events', { id: occurrence.id, status: event.status })
  const nth =
    occurrence.numberOnDate && occurrence.numberOnDate > 1 ? `${occurrence.numberOnDate}/` : ''
  return `${options.siteUrl}${PERMALINK_BASES.events}${event.slug ?? ''}/${occurrence.date}/${nth}`
}

/** `{site host}{site path}?id={id}`: the original leaves the port out. */
export function globalId(options: SanitizedPluginConfig, id: number | string): string {
  const url = new URL(options.siteUrl)
  return `${url.hostname}${url.pathname.replace(/\/$/, '')}?id=${id}`
}

/** An absolute URL of the API under the root the request came through. */
export function apiUrl(restBase: string, options: SanitizedPluginConfig, path: string): string {
  return `${restBase}/${options.namespace}${path}`
}

/** PHP's `urlencode`: spaces become `+`, and everything but letters, digits and `-_.` is escaped. */
export function phpUrlencode(value: string): string {
  return encodeURIComponent(value)
    .replace(/%20/g, '+')
    .replace(/[!'()*~]/g, (char) => `%${char.charCodeAt(0).toString(16).toUpperCase()}`)
}

/** A query string in PHP's encoding, from ordered pairs. */
export function encodedQuery(pairs: [string, string][]): string {
  return pairs.map(([key, value]) => `${phpUrlencode(key)}=${phpUrlencode(value)}`).join('&')
}
