import type { Where } from 'payload'

import type { ArgsContext } from '../context'
import type { DateWindow } from './dateWindow'

import { wallTime } from '../../src/lib/wallTimes'
import { foundFor } from '../args'
import { CALENDAR_SLUGS } from '../../src/slugs'
import { filtersOnWhatIsSeen, postSearchConditions } from '../searchConditions'
import { toList } from '../validators'
import { venuesNear } from './geofence'

/**
 * Which date bound filters which field, and how (`docs/compatibility.md`, "Events list date
 * window" and "Events list filters"). As in the original, the bounds, wall times in the site's
 * timezone, compare with each event's start and end as wall times in its own timezone
 * (`collections/Events/hooks/storeListOrder.ts`).
 */
const BOUND_FILTERS = {
  start_date: ['startLocal', 'greater_than_equal'],
  end_date: ['endLocal', 'less_than_equal'],
  starts_before: ['startLocal', 'less_than'],
  starts_after: ['startLocal', 'greater_than'],
  ends_before: ['endLocal', 'less_than'],
  ends_after: ['endLocal', 'greater_than'],
} as const

export { EVENTS_LIST_SORT } from '../../src/lib/eventOrder'

/** What an events `search` looks in, each term in any of them (the events' `searchFields`; `../searchConditions.ts`). */
export const EVENT_SEARCH_FIELDS = ['title', 'excerpt', 'descriptionText'] as const

/**
 * The conditions of the events list (`GET /events`) for arguments read from its declarations
 * (`params.ts`): listed events of these statuses (all but trashed when `null`), in this date
 * window, matching the filters sent. Shared by the list and the calendar feeds (`src/feeds/`),
 * which take a subset of the same arguments.
 */
export async function eventsListConditions(
  ctx: ArgsContext,
  args: Record<string, unknown>,
  { statuses, window }: { statuses: null | string[]; window: DateWindow | null },
): Promise<Where[]> {
  const include = args.include as number[] | undefined
  const and: Where[] = [{ hideFromListings: { not_equals: true } }]
  and.push(statuses ? { status: { in: statuses } } : { status: { not_equals: 'trash' } })
  if (include) and.push({ id: { in: include } })
  for (const [bound, instant] of Object.entries(window?.instants ?? {})) {
    const [field, operator] = BOUND_FILTERS[bound as keyof typeof BOUND_FILTERS]
    and.push({ [field]: { [operator]: wallTime(instant, ctx.options.siteTimezone) } })
  }
  if (typeof args.search === 'string') and.push(...postSearchConditions(ctx, EVENT_SEARCH_FIELDS, args.search))
  // On what a protected event shows the caller blanked, the filters hold only for events they unlock.
  const filters: Where[] = []
  // The terms the validation found (`termListOf`), so each is looked up once.
  if (args.categories !== undefined) filters.push({ categories: { in: foundFor<number[]>(args, 'categories') ?? [] } })
  if (args.tags !== undefined) filters.push({ tags: { in: foundFor<number[]>(args, 'tags') ?? [] } })
  if (args.venue !== undefined) filters.push({ venue: { in: toList(args.venue).map(Number) } })
  if (args.organizer !== undefined) filters.push({ organizers: { in: toList(args.organizer).map(Number) } })
  if (args.featured === true) filters.push({ featured: { equals: true } })
  if (args.featured === false) filters.push({ featured: { not_equals: true } })
  if (args.geoloc === true) filters.push({ 'venue.latitude': { exists: true } }, { 'venue.longitude': { exists: true } })
  if (args.geoloc === false) filters.push({ or: [{ venue: { exists: false } }, { 'venue.latitude': { exists: false } }] })
  if (args.geoloc_lat !== undefined && args.geoloc_lng !== undefined) {
    filters.push({ venue: { in: await venuesNear(ctx, Number(args.geoloc_lat), Number(args.geoloc_lng)) } })
  }
  // Events have no parents here (no recurrence), so a parent filter matches nothing.
  if (args.post_parent !== undefined) filters.push({ id: { equals: 0 } })
  return [...and, ...filtersOnWhatIsSeen(ctx, CALENDAR_SLUGS.events, filters)]
}
