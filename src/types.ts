import type { CollectionConfig, CollectionSlug, Field } from 'payload'

import type { KeptRegionName } from './calendar/cache/limits'
import type { RegionLimits } from './calendar/cache/region'

/** The post statuses of the original, which every item of events, venues and organizers carries. */
export type PostStatus = 'draft' | 'future' | 'pending' | 'private' | 'publish' | 'trash'

/** The original's user roles, from most to least powerful. */
export type Role = 'administrator' | 'author' | 'contributor' | 'editor' | 'subscriber'

/** Lets a site change a generated collection without forking it (the form-builder plugin's pattern). */
export type CollectionOverride = Partial<Omit<CollectionConfig, 'fields' | 'slug'>> & {
  fields?: (args: { defaultFields: Field[] }) => Field[]
}

/** A turn for a heavy read (`reads.heavyTurn`): the function that gives it back, or why none was given. */
export type HeavyReadTurn = (signal?: AbortSignal) => Promise<(() => void) | string>

export type EventsCalendarPluginConfig = {
  /**
   * Keeps the schema (collections, fields, the job's slug) so that the database and its migrations
   * do not depend on the switch, and keeps what decides who sees what: the access rules and the
   * blanking of password-protected content on read. Drops the behaviour: every other hook of the
   * plugin (on its collections, on the users collection, and the input guards and error answers
   * it adds to the whole config), HTTP Basic sign-in, the endpoints, the compatibility API of the
   * Express middleware, the fetch handler and the Next routes (they answer nothing), and the
   * scheduled publication (the task stays registered but does nothing and is not run).
   * A site's own hooks, in `overrides` or on its users collection, stay.
   * @default false
   */
  disabled?: boolean
  /**
   * The public URL of the site, used to build permalinks (`/event/{slug}/`), `rest_url` and
   * `global_id` in the compatibility API.
   * @default 'http://localhost:3000'
   */
  siteUrl?: string
  /**
   * The site's IANA timezone: events without their own timezone, publication dates and the
   * default date window of the events list are read in it.
   * @default 'UTC'
   */
  siteTimezone?: string
  /**
   * The REST root under which the compatibility API is served (`/{restRoot}/{namespace}`), one or
   * more path segments; each language but the default also gets `/{language}/{restRoot}`.
   * @default 'wp-json'
   */
  restRoot?: string
  /**
   * The compatibility API's namespace, below every REST root and below Payload's API route
   * (`/api/{namespace}`). Its first segment must not be a collection slug, which Payload's
   * routing would take for the collection.
   * @default 'vendor/events/v1'
   */
  namespace?: string
  /**
   * Languages served by the compatibility API; the first is the default (no path segment).
   * Defaults to the Payload config's localization locales, or `['en']` without localization.
   */
  languages?: string[]
  /**
   * The largest `per_page` the list routes accept; larger values are clamped to it.
   * @default 50
   */
  maxPerPage?: number
  /**
   * The `per_page` of list routes when the client sends none.
   * @default 10
   */
  defaultPerPage?: number
  /** Slug of the auth collection that gets roles, usernames and application passwords. @default 'users' */
  usersCollection?: CollectionSlug
  /** Slug of the upload collection used for event, venue and organizer images. @default 'media' */
  mediaCollection?: CollectionSlug
  /**
   * Hosts the compatibility API may download an image from (an `image` given by URL) although
   * they resolve to a private or loopback address or use another port, e.g. an image server on
   * the site's own network. Any other host must resolve to public addresses and use port 80, 443
   * or 8080, as WordPress's safe requests; the site's own host (`siteUrl`) is always allowed.
   * Host names or IP addresses (IPv6 in brackets), without scheme or port.
   * @default []
   */
  imageHosts?: string[]
  /**
   * Hosts calendar sources (docs/calendar-sources.md) may fetch feeds from although they resolve
   * to a private or loopback address or use another port; every other host is held to the rule
   * of `imageHosts`. Host names or IP addresses (IPv6 in brackets), without scheme or port.
   * @default []
   */
  calendarSourceHosts?: string[]
  /**
   * Scheduled publication: `future` items turn `publish` when their date comes. The job runs
   * inside the server process on this cron (seconds field optional).
   */
  scheduledPublication?: {
    /** @default '* * * * *' (every minute) */
    cron?: string
    /**
     * Whether this process runs the job queue. The app's server turns it on; one-off scripts,
     * migrations and tests leave it off so that they never publish behind a test's back.
     * @default false
     */
    autoRun?: boolean
  }
  /**
   * The clock the compatibility API reads "now" from (the default date window, relative dates).
   * Tests and replays of recorded traffic set it; sites leave it alone.
   * @default () => new Date()
   */
  clock?: () => Date
  /**
   * The password guard in front of every password check (`src/auth/passwordGuardPolicy.ts`): no
   * account is ever locked; past its free tries, each try of an account or client address must wait
   * after the previous one, the first delay doubling up to the longest.
   */
  passwordGuard?: {
    /** Wrong passwords per account before tries must wait. @default 5 */
    accountFreeTries?: number
    /** Wrong passwords per client address before tries must wait. @default 20 */
    addressFreeTries?: number
    /** The first wait, doubled after each further try. @default 1000 */
    firstDelayMs?: number
    /** The longest wait. @default 60000 */
    maxDelayMs?: number
    /** Waits up to this long hold the answer; a longer one is refused at once (429, `Retry-After`). @default 10000 */
    maxHoldMs?: number
    /** A key without tries for this long is forgotten. @default 3600000 */
    forgetAfterMs?: number
  }
  /**
   * What the compatibility API, the feeds and Payload's image rule keep of visitors' reads between
   * requests, until the calendar changes (docs/caching.md). Signed-in callers never use it.
   */
  cache?: {
    /**
     * Keep what visitors' reads find (items, totals, term counts, answers, feeds). `false` keeps
     * nothing: every request reads the database, as the first one after a change does.
     * @default true
     */
    keepReads?: boolean
    /**
     * Keep visitors' whole answers too (with `keepReads`). `false`: every answer is made anew from
     * what else is kept.
     * @default true
     */
    keepAnswers?: boolean
    /**
     * Bounds of the regions kept, the least recently used entries dropped first: `answers`
     * (20,000 entries, 64 MB of bodies by default), `feeds` (1,000 feeds, 32 MB), and `reads`
     * (entries only: 5,000 for each kind of thing, such as events in one language or list totals).
     */
    limits?: {
      answers?: { maxBytes?: number; maxEntries?: number }
      feeds?: { maxBytes?: number; maxEntries?: number }
      reads?: { maxEntries?: number }
    }
  }
  /**
   * How the compatibility API and the feeds read events. With `sql` (the default), event lists,
   * their totals and single events are read in SQL of the plugin's own, one statement each, where
   * the calendar's collections are the plugin's own (no `overrides`, their own read access) on
   * Postgres; otherwise, or with `sql: false`, through Payload's Local API. Both give the same
   * answers (docs/architecture.md, "Where each rule lives").
   */
  reads?: {
    /** @default true */
    sql?: boolean
    /**
     * Asked before an events list read that may cost the database seconds whatever the page size
     * (`endpoints/events/heavyLists.ts`: a search's page past its first 100 items, any page past
     * the 1,000th): resolves to a function that gives the turn back once the
     * page is read, or to why no turn was given, which answers 503 with `Retry-After`. So that a
     * few such requests cannot take every database connection from other clients' requests. The
     * app gives its heavy reads' turns, one at a time (`src/server/heavyReads.ts`); without it
     * such reads run at once.
     */
    heavyTurn?: HeavyReadTurn
  }
  /**
   * Recurring events (docs/recurrence.md): how many months ahead each series' occurrences are
   * stored, from its save and then daily by the job queue (`extendRecurrences`). A whole number
   * from 1 to 120; a series may have at most 2,000 occurrences within it.
   * @default { horizonMonths: 24 }
   */
  recurrence?: { horizonMonths?: number }
  /**
   * Revisions of events, venues and organizers (docs/revisions.md): each save keeps the item as it
   * was saved, shown in the admin's Versions tab and restorable there by those who may edit the
   * item. The oldest beyond `maxPerDoc` are deleted; a whole number from 1 to 1,000.
   * @default { maxPerDoc: 25 }
   */
  revisions?: { maxPerDoc?: number }
  /**
   * A shared cache (a CDN, Varnish) in front of the site (docs/caching.md, "Behind a CDN"). Off
   * unless given: visitors' answers then carry `s-maxage`, `stale-while-revalidate` and the
   * surrogate keys of what they show (`Surrogate-Key`, `Cache-Tag`), and each acknowledged change
   * calls `purge` with the keys it can have changed.
   */
  cdn?: {
    /** Seconds the shared cache may serve an answer without asking (`s-maxage`), 1 to 31,536,000. */
    maxAge: number
    /** Seconds it may serve a stale answer while it fetches a new one (`stale-while-revalidate`), 0 to 31,536,000. @default 0 */
    staleWhileRevalidate?: number
    /**
     * Called once per committed change with its keys, by the instance that made it; a failure is
     * logged and tried again twice. Without it, a change shows after at most `maxAge` seconds.
     * `purgeByHttp(url)` (exported) sends `PURGE url` with the keys in `Surrogate-Key`.
     */
    purge?: (keys: string[]) => Promise<void> | void
  }
  /**
   * Outbound webhooks (docs/webhooks.md): administrators add them in the `webhooks` collection;
   * the job queue sends each change to them, signed (Standard Webhooks).
   */
  webhooks?: {
    /** `false`: no change is recorded for them and nothing is sent (the collections stay). @default true */
    enabled?: boolean
    /**
     * Hosts a webhook may target although they resolve to a private or loopback address or use
     * another port than 80, 443 or 8080 (the rule of `imageHosts`). Host names or IP addresses
     * (IPv6 in brackets), without scheme or port.
     * @default []
     */
    allowedHosts?: string[]
    /** How long one try waits for the target's answer, in milliseconds (1 to 60,000). @default 10000 */
    timeoutMs?: number
    /** The most of the target's answer read, in bytes (1 to 1,048,576); the log keeps its start. @default 65536 */
    maxResponseBytes?: number
  }
  /**
   * Venues' coordinates from their address (docs/venues.md): a Nominatim-compatible search
   * endpoint the host runs or may use. Off unless given; nothing is sent anywhere without it. Asked
   * when an editor presses "Find on map", and once on an HTTP save of a venue whose latitude and
   * longitude are both empty; a provider that fails leaves the save as it was, with a notice.
   */
  geocoding?: {
    /** The search endpoint, e.g. `https://nominatim.openstreetmap.org/search` (http or https). */
    url: string
    /** Sent as `User-Agent`, as Nominatim's usage policy asks. @default `payload-events-calendar (<siteUrl>)` */
    userAgent?: string
    /** How long one request waits for the answer, in milliseconds (100 to 30,000). @default 5000 */
    timeoutMs?: number
    /** The least time between two requests of this process, in milliseconds (0 to 60,000). @default 1000 */
    minIntervalMs?: number
  }
  /**
   * The map on a venue's form (docs/venues.md): the tiles' URL template (`{z}`, `{x}`, `{y}`, and
   * optionally `{s}`) and the attribution their provider requires. Without it the form shows no
   * map and asks no tile server for anything.
   */
  mapTiles?: {
    /** e.g. `https://tile.openstreetmap.org/{z}/{x}/{y}.png` */
    url: string
    /** Shown in the map's corner, as plain text. @default '' */
    attribution?: string
    /** The closest zoom the tiles have (1 to 22). @default 19 */
    maxZoom?: number
  }
  /**
   * Per-collection overrides, merged into the generated collection configs: `access` per
   * operation, `admin` per key (and `admin.components` per key), `hooks` per kind with the
   * plugin's hooks first, then the override's; `fields` is a function of the plugin's fields;
   * any other key replaces the plugin's.
   */
  overrides?: {
    events?: CollectionOverride
    venues?: CollectionOverride
    organizers?: CollectionOverride
    eventCategories?: CollectionOverride
    eventTags?: CollectionOverride
  }
}

/** The plugin options after defaults were applied, the only form passed down from the entry. */
export type SanitizedPluginConfig = {
  /** Payload's API route (`routes.api`, `/api` by default), where the root endpoints sit. */
  apiRoute: string
  cache: { keepAnswers: boolean; keepReads: boolean; limits: Record<KeptRegionName, RegionLimits> }
  cdn: null | {
    maxAge: number
    purge: ((keys: string[]) => Promise<void> | void) | null
    staleWhileRevalidate: number
  }
  clock: () => Date
  defaultLanguage: string
  defaultPerPage: number
  disabled: boolean
  geocoding: null | { minIntervalMs: number; timeoutMs: number; url: string; userAgent: string }
  imageHosts: string[]
  calendarSourceHosts: string[]
  languages: string[]
  mapTiles: null | { attribution: string; maxZoom: number; url: string }
  maxPerPage: number
  mediaCollection: CollectionSlug
  namespace: string
  overrides: NonNullable<EventsCalendarPluginConfig['overrides']>
  reads: { heavyTurn: HeavyReadTurn | null; sql: boolean }
  passwordGuard: Required<NonNullable<EventsCalendarPluginConfig['passwordGuard']>>
  recurrence: { horizonMonths: number }
  restRoot: string
  revisions: { maxPerDoc: number }
  scheduledPublication: { autoRun: boolean; cron: string }
  siteTimezone: string
  siteUrl: string
  usersCollection: CollectionSlug
  webhooks: {
    allowedHosts: string[]
    enabled: boolean
    maxResponseBytes: number
    timeoutMs: number
  }
}
