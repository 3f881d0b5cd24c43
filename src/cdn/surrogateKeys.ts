import { createHmac } from 'node:crypto'

import { SHOWN_WITH_EVENTS, TERM_COUNTS } from '../db/calendarSchema/changeLog'
import { LIST_MEMBERS, LIST_TEXTS } from '../db/calendarSchema/listRows'
import { CALENDAR_SLUGS, RESOURCE_COLLECTIONS } from '../slugs'

/**
 * The names a shared cache (a CDN, Varnish) files the calendar's answers under, so that a change
 * purges only what it can have changed (docs/caching.md, "Behind a CDN"):
 * `tec-{collection}-{id}` for an item, which every answer showing that item carries, and
 * `tec-{collection}` for the answers whose membership or counts any change of that collection can
 * alter (its lists other than the events list, slug look-ups and not-founds). The events list is
 * filed as the server keeps it (`endpoints/visitorResponses.ts`, `answerDependencies`): under the
 * facts that may move it (`tec-list-members`, with a search `tec-list-texts`), the items it shows,
 * and any venue, organizer, term or term count (`tec-{collection}-any`). An item's key leaves the
 * server sealed (`sealKeys`): an answer depends on related items a visitor may not see (a draft
 * venue of a published event), and its headers must not name them.
 */
export const itemKey = (collection: string, id: number | string) => `tec-${collection}-${id}`
export const collectionKey = (collection: string) => `tec-${collection}`
/** Purged by every change of an item of `collection` (or, for term counts, of a count), and by nothing else. */
export const anyItemKey = (collection: string) => `tec-${collection}-any`

/** The facts of the change log's list rows (`src/db/calendarSchema/listRows.ts`) as keys. */
export const LIST_FACT_KEYS: Readonly<Record<string, string>> = {
  [LIST_MEMBERS]: `tec-${LIST_MEMBERS}`,
  [LIST_TEXTS]: `tec-${LIST_TEXTS}`,
}

/**
 * What an events list shows with its events and its filters resolve, any item of which may change
 * it, as the server's kept lists depend on them (`endpoints/freshness.ts`, `listDependencies`).
 */
const SHOWN_WITH_EVENTS_KEYS = SHOWN_WITH_EVENTS.map(anyItemKey)

/**
 * The keys that purge every events list whichever events it shows: for a change whose effect on
 * the lists is not known (a delete, a transaction the change log does not tell of).
 */
export const ALL_LISTS_KEYS = [
  LIST_FACT_KEYS[LIST_MEMBERS]!,
  LIST_FACT_KEYS[LIST_TEXTS]!,
  anyItemKey(TERM_COUNTS),
]

/**
 * The keys a transaction's facts purge (`src/cdn/transactionFacts.ts`): those of the list rows'
 * facts it made true, and any term count's when it moved one.
 */
export function factKeys(facts: readonly string[], countsMoved: boolean): string[] {
  return [
    ...facts.flatMap((fact) => LIST_FACT_KEYS[fact] ?? ALL_LISTS_KEYS),
    ...(countsMoved ? [anyItemKey(TERM_COUNTS)] : []),
  ]
}

/** Keys that name no item, which travel as they are. */
const READABLE = new Set([
  ...Object.values(CALENDAR_SLUGS).map(collectionKey),
  ...Object.values(LIST_FACT_KEYS),
  ...SHOWN_WITH_EVENTS_KEYS,
])

/**
 * The keys as they travel in headers and purges: collections' keys and the lists' as they are,
 * items' keys as a keyed digest (HMAC-SHA256 with the site's secret, 128 bits), which the purge of
 * a change computes the same way and nobody without the secret can map back to an id.
 */
export function sealKeys(secret: string, keys: Iterable<string>): string[] {
  return [...keys].map((key) =>
    READABLE.has(key)
      ? key
      : `tec-${createHmac('sha256', secret).update(key).digest('base64url').slice(0, 22)}`,
  )
}

/** Terms show how many published events use them: any event change may alter every term answer. */
const COUNTED = new Set<string>([CALENDAR_SLUGS.eventCategories, CALENDAR_SLUGS.eventTags])

/** The events list's path, as the server's kept answers name it (`endpoints/visitorResponses.ts`). */
const EVENTS_LIST = '/events'

/**
 * The keys of one answer of the compatibility API: the items its reads found (`read`, recorded by
 * the read layer, `src/calendar/dependencies.ts`), and
 * - for a page of the events list, what may move it: which events match (`tec-list-members`),
 *   with a search (`searches`) the texts it compares (`tec-list-texts`), and any venue, organizer,
 *   term or term count;
 * - for an error of the events list, any change of the calendar: its collection's key, which
 *   every event's change purges, and any venue, organizer, term or term count;
 * - for anything else but one item found by id, its collection's key: a list, a slug look-up or
 *   an error can change with any item of the collection.
 */
export function answerKeys(args: {
  body: unknown
  path: string
  read: readonly string[]
  /** Whether the query may search (`maySearch`, `endpoints/visitorResponses.ts`). */
  searches?: boolean
  secret: string
  status: number
}): string[] {
  const { body, path, read, searches = true, secret, status } = args
  const keys = new Set(read)
  const segments = path.split('/').filter(Boolean)
  const collection = RESOURCE_COLLECTIONS[segments[0] ?? '']
  if (!collection) return sealKeys(secret, keys)
  if (path === EVENTS_LIST) {
    if (status === 200) {
      keys.add(LIST_FACT_KEYS[LIST_MEMBERS]!)
      if (searches) keys.add(LIST_FACT_KEYS[LIST_TEXTS]!)
    } else keys.add(collectionKey(collection))
    for (const key of SHOWN_WITH_EVENTS_KEYS) keys.add(key)
    return sealKeys(secret, keys)
  }
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
 * What one change of an item can alter: its own answers, its collection's answers, and
 * - for an event, the answers that count or filter by events (terms' counts, venues' and
 *   organizers' `has_events` lists) and the other events' answers that show the counts of the
 *   terms it had or has (`countedTerms`: their `count` may have moved). Which events lists it
 *   can alter its transaction tells once committed (`src/cdn/transactionFacts.ts`);
 * - for a venue, an organizer or a term, the events lists (`tec-{collection}-any`: they resolve
 *   and show them), and for a term also the event answers that filter by it (its slug, its tree).
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
  else if (SHOWN_WITH_EVENTS_KEYS.includes(anyItemKey(collection)))
    keys.push(anyItemKey(collection))
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
