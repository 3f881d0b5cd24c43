import type { CollectionSlug, Payload, PayloadRequest, Where } from 'payload'

import { stringify } from 'csv-stringify/sync'
import { createLocalReq } from 'payload'

import { formatWallTime } from '../lib/phpDate'
import { lexicalToHtml } from '../lib/richText'
import { CALENDAR_SLUGS } from '../slugs'
import { CSV_COLUMNS } from './columns'
import { asExportedCell } from './csvCells'
import { CsvFileError, MAX_CSV_ROWS } from './readCsv'
import { NAMED } from './rowData'

type StoredEvent = {
  id: number
  title?: null | string
  description?: unknown
  descriptionHtml?: null | string
  excerpt?: null | string
  startDate: string
  endDate: string
  timezone: string
  allDay?: boolean | null
  hideFromListings?: boolean | null
  sticky?: boolean | null
  featured?: boolean | null
  showMap?: boolean | null
  showMapLink?: boolean | null
  venue?: null | number
  organizers?: null | number[]
  categories?: null | number[]
  tags?: null | number[]
  cost?: null | string
  costDetails?: {
    currencyCode?: null | string
    currencyPosition?: null | string
    currencySymbol?: null | string
  } | null
  website?: null | string
}

/** `true` for each field the export reads (typed so, as Payload's `select` takes only `true`). */
const SELECT: Record<string, true> = Object.fromEntries(
  [
    'title',
    'description',
    'descriptionHtml',
    'excerpt',
    'startDate',
    'endDate',
    'timezone',
    'allDay',
    'hideFromListings',
    'sticky',
    'featured',
    'showMap',
    'showMapLink',
    'venue',
    'organizers',
    'categories',
    'tags',
    'cost',
    'costDetails',
    'website',
  ].map((field) => [field, true as const]),
)

/** A statement of the events' filters that names no status leaves the trash out, as the list does. */
const namesStatus = (where: Where | undefined) => JSON.stringify(where ?? {}).includes('"status"')

/**
 * The events `where` selects as a CSV file in The Events Calendar's event columns
 * (docs/spreadsheets.md), in the site's default language, ordered by start: read with `user`'s
 * access (none: the operator at the command line), so it holds what they may see of them. What
 * it holds imports again as it was: an export imported into an empty calendar exports the same
 * file. More than `MAX_CSV_ROWS` events are refused: a file the import would refuse.
 */
export async function exportEventsCsv(
  payload: Payload,
  { where, user }: { where?: Where; user?: PayloadRequest['user'] },
): Promise<{ csv: string; count: number }> {
  const req = (await createLocalReq({ user: user ?? undefined }, payload)) as PayloadRequest
  const overrideAccess = !user
  const filters: Where[] = [where ?? {}]
  if (!namesStatus(where)) filters.push({ status: { not_equals: 'trash' } })
  const { docs } = await payload.find({
    collection: CALENDAR_SLUGS.events as CollectionSlug,
    depth: 0,
    limit: MAX_CSV_ROWS + 1,
    overrideAccess,
    pagination: false,
    req,
    select: SELECT,
    sort: ['startDate', 'id'],
    where: { and: filters },
  })
  if (docs.length > MAX_CSV_ROWS)
    throw new CsvFileError(
      `More than ${MAX_CSV_ROWS.toLocaleString('en')} events match: narrow the filters to export them.`,
    )
  const events = docs as unknown as StoredEvent[]
  const names = {
    categories: await namesOf(
      req,
      'categories',
      events.flatMap((event) => event.categories ?? []),
    ),
    organizers: await namesOf(
      req,
      'organizers',
      events.flatMap((event) => event.organizers ?? []),
    ),
    tags: await namesOf(
      req,
      'tags',
      events.flatMap((event) => event.tags ?? []),
    ),
    venues: await namesOf(
      req,
      'venues',
      events.flatMap((event) => (event.venue ? [event.venue] : [])),
    ),
  }
  const list = (kind: keyof typeof names, ids: null | number[] | undefined) =>
    (ids ?? []).flatMap((id) => names[kind].get(id) ?? []).join(', ')
  const flag = (value: boolean | null | undefined) => (value ? 'TRUE' : 'FALSE')
  const rows = events.map((event) => {
    const start = formatWallTime(new Date(event.startDate), event.timezone)
    const end = formatWallTime(new Date(event.endDate), event.timezone)
    const time = (wall: string) =>
      event.allDay ? '' : wall.endsWith(':00') ? wall.slice(11, 16) : wall.slice(11)
    const position = event.costDetails?.currencyPosition
    const cells: Record<string, string> = {
      event_name: event.title ?? '',
      event_description: event.descriptionHtml ?? lexicalToHtml(event.description as never),
      event_excerpt: event.excerpt ?? '',
      event_start_date: start.slice(0, 10),
      event_start_time: time(start),
      event_end_date: end.slice(0, 10),
      event_end_time: time(end),
      event_timezone: event.timezone,
      event_all_day: flag(event.allDay),
      event_hide: flag(event.hideFromListings),
      event_sticky: flag(event.sticky),
      feature_event: flag(event.featured),
      event_venue_name: event.venue ? (names.venues.get(event.venue) ?? '') : '',
      event_organizer_name: list('organizers', event.organizers),
      event_show_map_link: flag(event.showMapLink),
      event_show_map: flag(event.showMap),
      event_cost: event.cost ?? '',
      event_currency_code: event.costDetails?.currencyCode ?? '',
      event_currency_symbol: event.costDetails?.currencySymbol ?? '',
      event_currency_position:
        position === 'postfix' ? 'suffix' : position === 'prefix' ? 'prefix' : '',
      event_category: list('categories', event.categories),
      event_tags: list('tags', event.tags),
      event_website: event.website ?? '',
    }
    return CSV_COLUMNS.events.map(({ key }) => asExportedCell(cells[key] ?? ''))
  })
  const csv = stringify([CSV_COLUMNS.events.map(({ label }) => label), ...rows], {
    // A byte-order mark, so that spreadsheet apps read the file as UTF-8.
    bom: true,
    record_delimiter: 'windows',
  })
  return { csv, count: rows.length }
}

/** The names of the items of `ids` that the reader of `req` may see. */
async function namesOf(
  req: PayloadRequest,
  kind: keyof typeof NAMED,
  ids: number[],
): Promise<Map<number, string>> {
  const names = new Map<number, string>()
  const unique = [...new Set(ids)]
  for (let at = 0; at < unique.length; at += 500) {
    const { docs } = await req.payload.find({
      collection: NAMED[kind].slug as CollectionSlug,
      depth: 0,
      limit: 500,
      overrideAccess: !req.user,
      pagination: false,
      req,
      select: { name: true },
      where: { id: { in: unique.slice(at, at + 500) } },
    })
    for (const doc of docs as unknown as { id: number; name?: null | string }[])
      names.set(doc.id, doc.name ?? '')
  }
  return names
}
