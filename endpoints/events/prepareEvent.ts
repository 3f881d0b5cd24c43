import type { RestContext } from '../context'

import { COST_DETAILS_GIVEN } from '../../src/hooks/context'
import { parsePhpDateTime, parseWrittenDateTime } from '../../src/lib/phpDate'
import { can } from '../../src/lib/roles'
import { htmlToLexical } from '../../src/lib/richText'
import { costKeptByCreate, parseCostAsTheApi } from '../../src/lib/cost'
import { CALENDAR_SLUGS } from '../../src/slugs'
import { wasSent } from '../args'
import { resolveLinkedPosts } from '../linkedPosts/resolveLinkedPosts'
import { resolveImage } from '../media'
import { resolveTerms } from '../terms/resolveTerms'
import { isTruthy } from '../validators'
import { sentDescriptionKey } from '../../src/hooks/storeSentDescription'

const FLAGS = {
  featured: 'featured',
  hide_from_listings: 'hideFromListings',
  show_map: 'showMap',
  show_map_link: 'showMapLink',
  sticky: 'sticky',
} as const

/** The event an update changes: what of it `prepareEventData` may need, read only when it does. */
export type StoredEvent = { timezone: () => Promise<null | string | undefined> }

/**
 * The event data to store from a create or update request. Only what the request sent is changed
 * (`docs/compatibility.md`, "Updates change only what they send"); inline venues, organizers and
 * new terms are created on the way, so call it inside the write's transaction.
 */
export async function prepareEventData(
  ctx: RestContext,
  existing?: StoredEvent,
): Promise<Record<string, unknown>> {
  const args = ctx.args
  const sent = (name: string) => wasSent(args, name)
  const data: Record<string, unknown> = {}

  // An update's stored timezone is read only when a date sent needs it.
  const needsZone =
    !(sent('timezone') && args.timezone) && ['start_date', 'end_date', 'date'].some(sent)
  const storedZone = existing && needsZone ? await existing.timezone() : undefined
  const timezone =
    sent('timezone') && args.timezone
      ? String(args.timezone)
      : (storedZone ?? ctx.options.siteTimezone)
  if (sent('timezone') || !existing) data.timezone = timezone
  // The wall time as written, read in the event's zone (a zone or offset in the text is not kept).
  const at = (value: unknown, zone: string) =>
    parseWrittenDateTime(value, { now: ctx.now, timeZone: zone })?.toISOString()

  if (sent('title')) data.title = args.title
  if (sent('description')) {
    data.description = await htmlToLexical(String(args.description), ctx.payload.config)
    ctx.req.context = {
      ...ctx.req.context,
      [sentDescriptionKey('events')]: String(args.description),
    }
  }
  if (sent('excerpt')) data.excerpt = args.excerpt
  if (sent('slug')) data.slug = args.slug
  if (sent('author')) data.author = args.author
  if (sent('start_date')) data.startDate = at(args.start_date, timezone)
  if (sent('end_date')) data.endDate = at(args.end_date, timezone)
  if (sent('all_day') || !existing) data.allDay = args.all_day === true
  if (sent('date')) data.publishedAt = at(args.date, timezone)
  // The UTC post date is the instant the text names, its offset kept (as the original reads it).
  if (sent('date_utc'))
    data.publishedAt = parsePhpDateTime(args.date_utc, {
      now: ctx.now,
      timeZone: 'UTC',
    })?.toISOString()

  if (sent('status')) data.status = args.status
  // A create without a status publishes for those who may publish, as in the original; the
  // workflow turns anyone else's into a draft.
  else if (!existing) data.status = can(ctx.user, 'publish_posts') ? 'publish' : 'draft'

  if (sent('cost')) {
    const given = Array.isArray(args.cost)
      ? args.cost.map(String).join(' - ')
      : String(args.cost ?? '')
    const cost = existing ? given : costKeptByCreate(given)
    data.cost = cost
    const parsed = parseCostAsTheApi(cost)
    data.costDetails = {
      currencyPosition: parsed.currencyPosition || null,
      currencySymbol: parsed.currencySymbol || null,
      values: parsed.values,
    }
    ctx.req.context = { ...ctx.req.context, [COST_DETAILS_GIVEN]: true }
  }
  if (sent('website')) data.website = args.website ?? ''
  for (const [wire, field] of Object.entries(FLAGS)) {
    if (sent(wire)) data[field] = isTruthy(args[wire])
  }

  if (sent('categories'))
    data.categories = await resolveTerms(ctx, CALENDAR_SLUGS.eventCategories, args.categories)
  if (sent('tags')) data.tags = await resolveTerms(ctx, CALENDAR_SLUGS.eventTags, args.tags)
  if (sent('venue')) data.venue = (await resolveLinkedPosts(ctx, 'venues', args.venue))[0] ?? null
  if (sent('organizer'))
    data.organizers = await resolveLinkedPosts(ctx, 'organizers', args.organizer)
  if (sent('image')) data.image = await resolveImage(ctx, args.image)
  return data
}
