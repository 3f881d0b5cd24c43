import type { PayloadRequest } from 'payload'

import type { CsvKind } from './columns'
import type { NamedCollection } from './namedItems'

import { COST_DETAILS_GIVEN } from '../hooks/context'
import { sentDescriptionKey } from '../hooks/storeSentDescription'
import { parseCostAsTheApi } from '../lib/cost'
import { htmlAsKept } from '../lib/htmlSafety'
import { formatWallTime, parsePhpDateTime, wallTimeToInstant } from '../lib/phpDate'
import { htmlToLexical } from '../lib/richText'
import { isEventTimeZone } from '../lib/timezone'
import { CALENDAR_SLUGS } from '../slugs'
import { isYes, listOf } from './csvCells'
import { labelOf } from './columns'
import { findNamed, findOrCreateNamed } from './namedItems'

export const NAMED: Record<'categories' | 'organizers' | 'tags' | 'venues', NamedCollection> = {
  categories: { slug: CALENDAR_SLUGS.eventCategories, nameField: 'name', hasStatus: false },
  organizers: { slug: CALENDAR_SLUGS.organizers, nameField: 'name', hasStatus: true },
  tags: { slug: CALENDAR_SLUGS.eventTags, nameField: 'name', hasStatus: false },
  venues: { slug: CALENDAR_SLUGS.venues, nameField: 'name', hasStatus: true },
}

/** A row's cells by column key; `has` says whether the file maps the column at all. */
export type Row = { has: (key: string) => boolean; get: (key: string) => string }

/** A row that cannot be imported as it is: the message names the column, for the person who fixes it. */
export class RowError extends Error {
  override name = 'RowError'
}

/** The fields of one item, and what else the row created on the way (said in the report). */
export type RowData = { fields: Record<string, unknown>; alsoCreated: string[] }

type Args = { kind: CsvKind; now: Date; req: PayloadRequest; siteTimezone: string; status: string }

/**
 * Nothing a file holds is trusted as HTML: made safe as the API's writes from someone without
 * `unfiltered_html` are (src/lib/htmlSafety.ts), whoever imports; the collections' hooks then
 * apply the importing user's own rules as to any write.
 */
const safeHtml = (html: string) => (html.trim() ? htmlAsKept(html, { unfiltered: false }) : '')
const safeName = (text: string) =>
  /<[a-z!/?]/i.test(text) ? htmlAsKept(text, { allowed: 'title', unfiltered: false }) : text

/** The description as HTML, given to the write as the API gives it (the hook keeps the HTML as sent). */
async function describe(
  req: PayloadRequest,
  kind: CsvKind,
  cell: string,
  fields: Record<string, unknown>,
) {
  const html = safeHtml(cell)
  fields.description = html ? await htmlToLexical(html, req.payload.config) : null
  req.context = { ...req.context, [sentDescriptionKey(kind)]: html }
}

/** The fields the row's mapped columns set (as the original, an unmapped column changes nothing). */
export async function rowData(row: Row, args: Args): Promise<RowData> {
  if (args.kind === 'venues') return venueData(row, args)
  if (args.kind === 'organizers') return organizerData(row, args)
  return eventData(row, args)
}

async function venueData(row: Row, { req }: Args): Promise<RowData> {
  const fields: Record<string, unknown> = { name: safeName(row.get('venue_name').trim()) }
  if (row.has('venue_description'))
    await describe(req, 'venues', row.get('venue_description'), fields)
  if (row.has('venue_address'))
    fields.address = [row.get('venue_address').trim(), row.get('venue_address2').trim()]
      .filter(Boolean)
      .join(' ')
  const simple = {
    city: 'venue_city',
    country: 'venue_country',
    phone: 'venue_phone',
    stateProvince: 'venue_state',
    website: 'venue_url',
    zip: 'venue_zip',
  }
  for (const [field, key] of Object.entries(simple))
    if (row.has(key)) fields[field] = row.get(key).trim()
  return { fields, alsoCreated: [] }
}

async function organizerData(row: Row, { req }: Args): Promise<RowData> {
  const fields: Record<string, unknown> = { name: safeName(row.get('organizer_name').trim()) }
  if (row.has('organizer_description'))
    await describe(req, 'organizers', row.get('organizer_description'), fields)
  const simple = {
    email: 'organizer_email',
    phone: 'organizer_phone',
    website: 'organizer_website',
  }
  for (const [field, key] of Object.entries(simple))
    if (row.has(key)) fields[field] = row.get(key).trim()
  return { fields, alsoCreated: [] }
}

const FLAGS = {
  event_hide: 'hideFromListings',
  event_show_map: 'showMap',
  event_show_map_link: 'showMapLink',
  event_sticky: 'sticky',
  feature_event: 'featured',
} as const

async function eventData(row: Row, args: Args): Promise<RowData> {
  const { req } = args
  const alsoCreated: string[] = []
  const fields: Record<string, unknown> = {
    title: safeName(row.get('event_name').trim()),
    ...eventTimes(row, args),
  }
  if (row.has('event_description'))
    await describe(req, 'events', row.get('event_description'), fields)
  if (row.has('event_excerpt')) fields.excerpt = safeHtml(row.get('event_excerpt'))
  for (const [key, field] of Object.entries(FLAGS))
    if (row.has(key)) fields[field] = isYes(row.get(key))
  if (row.has('event_website')) fields.website = row.get('event_website').trim()
  if (row.has('event_cost')) {
    const cost = row.get('event_cost').trim()
    fields.cost = cost
    const symbol = row.get('event_currency_symbol').trim()
    const code = row.get('event_currency_code').trim()
    const position = currencyPosition(row.get('event_currency_position'))
    // A currency given in its own columns is kept as given; otherwise it is read from the cost, as the API's.
    if (symbol || code || position) {
      fields.costDetails = {
        ...parseCostAsTheApi(cost),
        currencyCode: code || null,
        currencyPosition: position,
        currencySymbol: symbol || null,
      }
      req.context = { ...req.context, [COST_DETAILS_GIVEN]: true }
    }
  }

  const linked = { status: args.status }
  const note = (what: string, name: string, created: boolean) => {
    if (created) alsoCreated.push(`${what} "${name}"`)
  }
  const venueName = row.get('event_venue_name').trim()
  if (row.has('event_venue_name')) {
    if (!venueName) fields.venue = null
    else {
      const venue = await findOrCreateNamed(req, NAMED.venues, venueName, linked, { byId: true })
      note('venue', venueName, venue.created)
      fields.venue = venue.id
    }
  }
  if (row.has('event_organizer_name')) {
    const organizers: number[] = []
    for (const name of await organizerNames(req, row.get('event_organizer_name'))) {
      const organizer = await findOrCreateNamed(req, NAMED.organizers, name, linked, { byId: true })
      note('organizer', name, organizer.created)
      if (!organizers.includes(organizer.id)) organizers.push(organizer.id)
    }
    fields.organizers = organizers
  }
  for (const [key, kind, what] of [
    ['event_category', 'categories', 'category'],
    ['event_tags', 'tags', 'tag'],
  ] as const) {
    if (!row.has(key)) continue
    const ids: number[] = []
    for (const name of listOf(row.get(key))) {
      const term = await findOrCreateNamed(req, NAMED[kind], name)
      note(what, name, term.created)
      if (!ids.includes(term.id)) ids.push(term.id)
    }
    fields[kind] = ids
  }
  return { fields, alsoCreated }
}

/**
 * The organizers a cell names, as the original reads it: space-separated ids, or names and ids
 * separated by commas, where a name that itself holds a comma ("Smith, Jones and Co") is found
 * by trying each part with the next.
 */
async function organizerNames(req: PayloadRequest, cell: string): Promise<string[]> {
  const text = cell.trim()
  if (!text) return []
  if (/^\d+(\s+\d+)+$/.test(text)) return text.split(/\s+/)
  if (await findNamed(req, NAMED.organizers, text)) return [text]
  const parts = listOf(text)
  const names: string[] = []
  for (let index = 0; index < parts.length; index++) {
    const part = parts[index]!
    const next = parts[index + 1]
    if (
      next !== undefined &&
      !(await findNamed(req, NAMED.organizers, part, { byId: true })) &&
      (await findNamed(req, NAMED.organizers, `${part}, ${next}`))
    ) {
      names.push(`${part}, ${next}`)
      index++
    } else names.push(part)
  }
  return names
}

/** `after` or `suffix` anywhere in the cell puts the symbol after the amount, as in the original. */
function currencyPosition(cell: string): null | 'postfix' | 'prefix' {
  if (/suffix|after/i.test(cell)) return 'postfix'
  if (/prefix|before/i.test(cell)) return 'prefix'
  return null
}

/**
 * The start and end from the date and time columns, read as PHP's strtotime reads them (as the
 * original does) as wall times in the row's timezone, or the site's. An all-day event runs from
 * the start day's first second to the end day's last; an end before the start is the start, as
 * in the original.
 */
function eventTimes(row: Row, { now, siteTimezone }: Args): Record<string, unknown> {
  const zoneCell = row.get('event_timezone').trim()
  if (zoneCell && !isEventTimeZone(zoneCell))
    throw new RowError(`${labelOf('events', 'event_timezone')} "${zoneCell}" is not a timezone`)
  const timezone = zoneCell || siteTimezone
  const allDay = isYes(row.get('event_all_day'))
  const read = (key: string, text: string) => {
    const instant = parsePhpDateTime(text, { now, timeZone: timezone })
    if (!instant) throw new RowError(`${labelOf('events', key)} "${text}" is not a date`)
    return instant
  }
  const startDay = row.get('event_start_date').trim()
  const endDay = row.get('event_end_date').trim()
  const startTime = allDay ? '' : row.get('event_start_time').trim()
  const endTime = allDay ? '' : row.get('event_end_time').trim() || (endDay ? '' : startTime)
  let start = read('event_start_date', `${startDay} ${startTime}`.trim())
  let end = read(
    endDay ? 'event_end_date' : 'event_start_date',
    `${endDay || startDay} ${endTime}`.trim(),
  )
  if (allDay) {
    const day = (instant: Date) => formatWallTime(instant, timezone).slice(0, 10)
    start = wallTimeToInstant(`${day(start)} 00:00:00`, timezone)
    end = wallTimeToInstant(`${day(end)} 23:59:59`, timezone)
  }
  if (end < start) end = start
  return { allDay, endDate: end.toISOString(), startDate: start.toISOString(), timezone }
}
