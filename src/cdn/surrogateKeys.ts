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
 * server sealed (`sealKeys`), and the related items an answer does not show (a published event's
 * draft venue) are not named at all, not even by their number (`hiddenItemsKey`).
 */
export const itemKey = (collection: string, id: number | string) => `tec-${collection}-${id}`
export const collectionKey = (collection: string) => `tec-${collection}`
/** Purged by every change of an item of `collection` (or, for term counts, of a count), and by nothing else. */
export const anyItemKey = (collection: string) => `tec-${collection}-any`
/**
 * The look-ups by slug that found no item a visitor may read: purged by every change of an item
 * of `collection`, and by a change of the slug alone of one visitors cannot read (`endpoints/freshness.ts`).
 */
export const slugLookUpsKey = (collection: string) => `tec-${collection}-slugs`

/**
 * Venues and organizers have statuses: an event may link to some a visitor may not see (a draft,
 * a trashed one), whose publication must still purge the event's answer. Sealed keys of those
 * would tell by their number how many such items the event links to, so an answer names only the
 * related items it shows, and for the others carries one key per collection, `tec-{collection}-hidden`,
 * whatever it links to. A change that shows or hides an item (its status to or from `publish`)
 * purges that key (`changeKeys`). Terms are always shown (`src/access/terms.ts`).
 */
const MAY_BE_HIDDEN = [CALENDAR_SLUGS.venues, CALENDAR_SLUGS.organizers] as const
export const hiddenItemsKey = (collection: string) => `tec-${collection}-hidden`
const HIDDEN_ITEMS_KEYS = MAY_BE_HIDDEN.map(hiddenItemsKey)

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
  ...Object.values(CALENDAR_SLUGS).map(slugLookUpsKey),
  ...Object.values(LIST_FACT_KEYS),
  ...SHOWN_WITH_EVENTS_KEYS,
  ...HIDDEN_ITEMS_KEYS,
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

/** A venue's or organizer's key as the read layer records it (`src/calendar/dependencies.ts`): its collection, or null. */
function mayBeHiddenCollectionOf(key: string): null | string {
  const match = /^tec-(.+)-\d+$/.exec(key)
  return match && (MAY_BE_HIDDEN as readonly string[]).includes(match[1]!) ? match[1]! : null
}

/** The keys of the venue and organizers one event's answer shows (`endpoints/events/serializeEvent.ts`). */
function shownWithEvent(body: unknown): Set<string> {
  const shown = new Set<string>()
  if (!body || typeof body !== 'object') return shown
  const { organizer, venue } = body as { organizer?: unknown; venue?: unknown }
  const add = (collection: string, items: unknown) => {
    for (const item of Array.isArray(items) ? items : [items]) {
      const id = item && typeof item === 'object' ? (item as { id?: unknown }).id : undefined
      if (typeof id === 'number' || typeof id === 'string') shown.add(itemKey(collection, id))
    }
  }
  add(CALENDAR_SLUGS.venues, venue)
  add(CALENDAR_SLUGS.organizers, organizer)
  return shown
}

/**
 * `read` without the venues and organizers an answer does not show (`MAY_BE_HIDDEN`): for one
 * event those its body names are kept; a list keeps none, filed under any venue's and organizer's
 * change already (`tec-{collection}-any`).
 */
function withoutUnshown(read: Iterable<string>, shown: ReadonlySet<string>): Set<string> {
  return new Set([...read].filter((key) => !mayBeHiddenCollectionOf(key) || shown.has(key)))
}

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
  const segments = path.split('/').filter(Boolean)
  const collection = RESOURCE_COLLECTIONS[segments[0] ?? '']
  const ofEvents = collection === CALENDAR_SLUGS.events
  const keys = ofEvents
    ? withoutUnshown(read, path === EVENTS_LIST ? new Set() : shownWithEvent(body))
    : new Set(read)
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
  if (status !== 200 && segments[1] === 'by-slug') keys.add(slugLookUpsKey(collection))
  // One event shown (by id or slug): its hidden links' keys, the same whatever it links to.
  if (ofEvents && status === 200) for (const key of HIDDEN_ITEMS_KEYS) keys.add(key)
  return sealKeys(secret, keys)
}

/**
 * What one change of an item can alter: its own answers, its collection's answers, and
 * - for an event, the answers that count or filter by events (terms' counts, venues' and
 *   organizers' `has_events` lists) and the other events' answers that show the counts of the
 *   terms it had or has (`countedTerms`: their `count` may have moved). Which events lists it
 *   can alter its transaction tells once committed (`src/cdn/transactionFacts.ts`);
 * - for a venue, an organizer or a term, the events lists (`tec-{collection}-any`: they resolve
 *   and show them), and for a term also the event answers that filter by it (its slug, its tree);
 * - for a venue or an organizer shown or hidden by the change, the events' answers that link to
 *   items they do not show (`tec-{collection}-hidden`).
 */
export function changeKeys(
  secret: string,
  collection: string,
  id: number | string,
  countedTerms: Iterable<number | string> = [],
  /** Whether the change shows or hides the item (`MAY_BE_HIDDEN`): its status to or from `publish`. */
  shownOrHidden = false,
): string[] {
  const keys = [itemKey(collection, id), collectionKey(collection)]
  if (shownOrHidden && (MAY_BE_HIDDEN as readonly string[]).includes(collection))
    keys.push(hiddenItemsKey(collection))
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
