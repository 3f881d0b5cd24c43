import { createHmac } from 'node:crypto'

import { TERM_COUNTS } from '../db/calendarSchema/changeLog'
import { CALENDAR_SLUGS, RESOURCE_COLLECTIONS } from '../slugs'

/**
 * The names a shared cache (a CDN, Varnish) files the calendar's answers under, so that a change
 * purges only what it can have changed (docs/caching.md, "Behind a CDN"):
 * `tec-{collection}-{id}` for an item, which every answer showing that item carries, and
 * `tec-{collection}` for the answers whose membership or counts any change of that collection can
 * alter (its lists, searches, slug look-ups and not-founds). An item's key leaves the server
 * sealed (`sealKeys`): an answer depends on related items a visitor may not see (a draft venue of
 * a published event), and its headers must not name them.
 */
export const itemKey = (collection: string, id: number | string) => `tec-${collection}-${id}`
export const collectionKey = (collection: string) => `tec-${collection}`

const COLLECTION_KEYS = new Set(Object.values(CALENDAR_SLUGS).map(collectionKey))

/**
 * The keys as they travel in headers and purges: collections' keys as they are, items' keys as a
 * keyed digest (HMAC-SHA256 with the site's secret, 128 bits), which the purge of a change computes
 * the same way and nobody without the secret can map back to an id.
 */
export function sealKeys(secret: string, keys: Iterable<string>): string[] {
  return [...keys].map((key) =>
    COLLECTION_KEYS.has(key)
      ? key
      : `tec-${createHmac('sha256', secret).update(key).digest('base64url').slice(0, 22)}`,
  )
}

/** Terms show how many published events use them: any event change may alter every term answer. */
const COUNTED = new Set<string>([CALENDAR_SLUGS.eventCategories, CALENDAR_SLUGS.eventTags])

/**
 * The keys of one answer of the compatibility API: the items its reads found (`read`, recorded by
 * the read layer, `src/calendar/dependencies.ts`), and, unless it is one item found by id, its
 * collection's key: a list, a slug look-up or an error can change with any item of the collection.
 */
export function answerKeys(args: {
  body: unknown
  path: string
  read: readonly string[]
  secret: string
  status: number
}): string[] {
  const { body, path, read, secret, status } = args
  const keys = new Set(read)
  const segments = path.split('/').filter(Boolean)
  const collection = RESOURCE_COLLECTIONS[segments[0] ?? '']
  if (!collection) return sealKeys(secret, keys)
  const oneById =
    status === 200 &&
    segments.length === 2 &&
    /^\d+$/.test(segments[1]!) &&
    Boolean(body) &&
    typeof body === 'object' &&
    !Array.isArray(body)
  if (oneById) keys.add(itemKey(collection, segments[1]!))
  if (!oneById || COUNTED.has(collection)) keys.add(collectionKey(collection))
  return sealKeys(secret, keys)
}

/**
 * What one change of an item can alter: its own answers, its collection's lists, and for an
 * event the answers that count or filter by events (terms' counts, venues' and organizers'
 * `has_events` lists) and the other events' answers that show the counts of the terms it had or
 * has (`countedTerms`: their `count` may have moved); for a term, the events lists that filter by
 * it (its slug, its tree).
 */
export function changeKeys(
  secret: string,
  collection: string,
  id: number | string,
  countedTerms: Iterable<number | string> = [],
): string[] {
  const keys = [itemKey(collection, id), collectionKey(collection)]
  if (collection === CALENDAR_SLUGS.events)
    keys.push(
      collectionKey(CALENDAR_SLUGS.eventCategories),
      collectionKey(CALENDAR_SLUGS.eventTags),
      collectionKey(CALENDAR_SLUGS.organizers),
      collectionKey(CALENDAR_SLUGS.venues),
      ...[...new Set(countedTerms)].map((term) => itemKey(TERM_COUNTS, term)),
    )
  if (COUNTED.has(collection)) keys.push(collectionKey(CALENDAR_SLUGS.events))
  return sealKeys(secret, keys)
}

/**
 * Feeds and public pages are filed under the collections whose items they show, as a whole: a
 * feed lists events with their venues, organizers and categories.
 */
export const FEED_AND_PAGE_KEYS = [
  CALENDAR_SLUGS.events,
  CALENDAR_SLUGS.venues,
  CALENDAR_SLUGS.organizers,
  CALENDAR_SLUGS.eventCategories,
].map(collectionKey)

/** The headers that carry the keys: Fastly's and Varnish's `Surrogate-Key` (spaces), Cloudflare's `Cache-Tag` (commas). */
export function keyHeaders(keys: readonly string[]): Record<string, string> {
  if (!keys.length) return {}
  return { 'Cache-Tag': keys.join(','), 'Surrogate-Key': keys.join(' ') }
}
