import type { CollectionSlug, Payload } from 'payload'

import type {
  EventsQuery,
  Lock,
  QueryPath,
  UnlockRule,
  WindowBound,
} from '../../src/calendar/events/eventsQuery'
import type { PostStatus } from '../../src/types'
import type { CalendarContext } from '../../src/calendar/context'
import type { ArgsContext } from '../context'
import type { DateWindow } from './dateWindow'

import { readingOf } from '../../src/access/hiddenFieldConditions'
import { EVENT_SEARCH_FIELDS } from '../../src/calendar/events/eventsQuery'
import { containsPattern, holdsNul, postSearchTerms } from '../../src/lib/searchTerms'
import { wallTime } from '../../src/lib/wallTimes'
import { CALENDAR_SLUGS } from '../../src/slugs'
import { foundFor } from '../args'
import { unlockedBy } from '../unlockProtected'
import { toList } from '../validators'
import { venuesNear } from './geofence'
import { categoriesWithDescendants } from '../../src/calendar/categoryTree'
import { leanListApplies } from '../../src/calendar/events/leanList'
import { eventsOfOccurrences, seriesRootOf } from '../../src/calendar/events/occurrences'
import { eventsApartFromDates } from '../../src/calendar/events/eventsApartFromDates'

/**
 * Which date bound filters which field, and how (`docs/compatibility.md`, "Events list date
 * window" and "Events list filters"). As in the original, the bounds, wall times in the site's
 * timezone, compare with each event's start and end as wall times in its own timezone
 * (`collections/Events/hooks/storeListOrder.ts`).
 */
const BOUND_FILTERS: Record<string, Omit<WindowBound, 'wallTime'>> = {
  start_date: { field: 'startLocal', operator: 'greater_than_equal' },
  end_date: { field: 'endLocal', operator: 'less_than_equal' },
  starts_before: { field: 'startLocal', operator: 'less_than' },
  starts_after: { field: 'startLocal', operator: 'greater_than' },
  ends_before: { field: 'endLocal', operator: 'less_than' },
  ends_after: { field: 'endLocal', operator: 'greater_than' },
}

const QUERY_PATHS: readonly QueryPath[] = [
  ...EVENT_SEARCH_FIELDS,
  'categories',
  'featured',
  'organizers',
  'tags',
  'venue',
  'venue.latitude',
  'venue.longitude',
]

export { EVENTS_LIST_SORT } from '../../src/lib/eventOrder'
export { EVENT_SEARCH_FIELDS }

/**
 * The "filters only on what the caller unlocks" rule for a caller who unlocks `unlocked`
 * (`unlockedBy`): which of the paths the list reads a protected event (or its venue) blanks, from
 * the collections' own blanking (`readingOf`, `src/access/hiddenFieldConditions.ts`).
 */
export function unlockRuleFor(
  payload: Payload,
  unlocked: ReturnType<typeof unlockedBy>,
): UnlockRule {
  const config = payload.collections[CALENDAR_SLUGS.events as CollectionSlug]?.config
  if (unlocked === true || !config) return null
  const locksOf = (path: QueryPath): Lock[] => {
    const locks: Lock[] = []
    readingOf(payload, config, path, (collection) => {
      locks.push(collection.slug === config.slug ? 'event' : 'venue')
      return {}
    })
    return locks
  }
  return {
    locks: Object.fromEntries(QUERY_PATHS.map((path) => [path, locksOf(path)])) as Record<
      QueryPath,
      Lock[]
    >,
    password: unlocked.password,
  }
}

/**
 * The events list (`GET /events`) as a query, from arguments read from its declarations
 * (`params.ts`): listed events of these statuses (all but trashed when `null`), in this date
 * window, matching the filters sent. Shared by the list and the calendar feeds (`src/feeds/`),
 * which take a subset of the same arguments.
 */
export async function eventsListQuery(
  ctx: ArgsContext,
  args: Record<string, unknown>,
  {
    seriesOnce,
    statuses,
    window,
  }: { seriesOnce?: boolean; statuses: null | string[]; window: DateWindow | null },
): Promise<EventsQuery> {
  const locale =
    typeof ctx.req.locale === 'string' && ctx.req.locale !== 'all'
      ? ctx.req.locale
      : ctx.options.defaultLanguage
  const query: EventsQuery = {
    locale,
    statuses: statuses as null | PostStatus[],
    unlock: unlockRuleFor(ctx.payload, unlockedBy(ctx)),
    window: Object.entries(window?.instants ?? {}).map(([bound, instant]) => ({
      ...BOUND_FILTERS[bound]!,
      wallTime: wallTime(instant, ctx.options.siteTimezone),
    })),
  }
  if (seriesOnce) query.seriesOnce = true
  if (args.include) query.include = args.include as number[]
  if (typeof args.search === 'string') {
    const parsed = postSearchTerms(args.search)
    // A term with a NUL is found nowhere (`holdsNul`): the list then holds nothing.
    if (parsed.some(({ exclude, text }) => !exclude && holdsNul(text))) query.include = []
    const terms = parsed
      .filter(({ text }) => !holdsNul(text))
      .map(({ exclude, text }) => ({ exclude, pattern: containsPattern(text) }))
    // Someone not signed in finds no password-protected event at all, as in WordPress (`post_password = ''`).
    query.search = { fields: EVENT_SEARCH_FIELDS, terms, unprotectedOnly: !ctx.user }
  }
  // The terms the validation found (`termListOf`), so each is looked up once.
  // A parent category includes its children (`categoriesWithDescendants`).
  if (args.categories !== undefined)
    query.categories = await categoriesWithDescendants(
      ctx,
      foundFor<number[]>(args, 'categories') ?? [],
    )
  if (args.tags !== undefined) query.tags = foundFor<number[]>(args, 'tags') ?? []
  if (args.venue !== undefined) query.venues = toList(args.venue).map(Number)
  if (args.organizer !== undefined) query.organizers = toList(args.organizer).map(Number)
  if (typeof args.featured === 'boolean') query.featured = args.featured
  if (typeof args.geoloc === 'boolean') query.geoloc = args.geoloc
  if (args.geoloc_lat !== undefined && args.geoloc_lng !== undefined)
    query.nearVenues = await venuesNear(ctx, Number(args.geoloc_lat), Number(args.geoloc_lng))
  if (args.post_parent !== undefined)
    query.postParent = await seriesRootOf(ctx, Number(args.post_parent))
  return withOccurrencesForPayload(ctx, query)
}

/**
 * What Payload's `where` needs of the occurrences when it, not the SQL, finds the events
 * (`eventsWhere.ts`): the events of the included occurrences and the events that are not simply
 * their own dates (`eventsApartFromDates`). Ids only; bounded by `include`'s own bound and by the
 * number of series and exceptions.
 */
export async function withOccurrencesForPayload(
  ctx: CalendarContext,
  query: EventsQuery,
): Promise<EventsQuery> {
  if (leanListApplies(ctx, query)) return query
  const [includeEvents, apartFromDates] = await Promise.all([
    query.include ? eventsOfOccurrences(ctx, query.include) : undefined,
    eventsApartFromDates(ctx, query),
  ])
  return { ...query, ...(includeEvents && { includeEvents }), apartFromDates }
}
