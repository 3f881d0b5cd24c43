import type { RestContext } from '../context'
import type { EventDoc } from '../../src/calendar/events/eventDoc'

import { DEFAULT_CURRENCY, formatCost } from '../../src/lib/cost'
import { dateDetails } from '../../src/lib/phpDate'
import { isManualOffset, manualOffsetJsonLdDate } from '../../src/lib/utcOffsets'
import {
  wallTime as formatWallTime,
  zoneAbbreviation as timezoneAbbreviation,
} from '../../src/lib/wallTimes'
import {
  organizerJsonLd,
  serializeOrganizer,
  type OrganizerDoc,
} from '../organizers/serializeOrganizer'
import {
  descriptionHtml,
  escapeHtml,
  excerptHtml,
  globalIds,
  postMeta,
  jsonLdTitle,
  publicSlug,
  shownTitle,
  serializeImage,
} from '../serializeCommon'
import { serializeEmbeddedTerm } from '../terms/serializeEmbeddedTerm'
import { unlockedEmbedded } from '../unlockProtected'
import { jsonLdDescription } from './jsonLdDescription'
import { apiUrl, occurrencePermalink, permalink } from '../../src/lib/urls'
import { OCCURRENCE, type OccurrenceDoc } from '../../src/calendar/events/occurrences'
import { serializeVenue, venueJsonLd, type VenueDoc } from '../venues/serializeVenue'

export type SerializeEventOptions = {
  /** Single reads add `json_ld` (to the event and its venue). */
  single: boolean
  /** How many events use each term, for the embedded term objects. */
  termCounts: Map<number, number>
  /** Password-protected events are blanked unless this is their password or the caller may edit them. */
  unlocked: boolean
}

/**
 * The event object (`docs/compatibility.md`, "Response shapes"): every key, in the original's order
 * and types, from an event read at depth 1. The one serializer of events, shared by lists, single
 * reads and writes.
 */
export function serializeEvent(doc: EventDoc, ctx: RestContext, options: SerializeEventOptions) {
  const timezone = doc.timezone || ctx.options.siteTimezone
  const start = new Date(doc.startDate)
  const end = new Date(doc.endDate)
  const wall = {
    start: formatWallTime(start, timezone),
    end: formatWallTime(end, timezone),
    utcStart: formatWallTime(start, 'UTC'),
    utcEnd: formatWallTime(end, 'UTC'),
  }
  // An occurrence of a series (`asOccurrence`) has its own permalink.
  const occurrence = (doc as OccurrenceDoc)[OCCURRENCE]
  const url = occurrence
    ? occurrencePermalink(ctx.options, doc as never, occurrence)
    : permalink(ctx.options, 'events', doc as never)
  const cost = formatCost(doc)
  // A trashed venue or organizer is never shown inside an event, whoever asks: the original
  // unlinks it when it is trashed, and one trashed in the admin panel must not reappear here.
  const venueDoc =
    doc.venue && typeof doc.venue === 'object' && (doc.venue as VenueDoc).status !== 'trash'
      ? (doc.venue as VenueDoc)
      : null
  const organizers = ((doc.organizers as unknown[]) ?? []).filter(
    (item): item is OrganizerDoc =>
      Boolean(item) && typeof item === 'object' && (item as OrganizerDoc).status !== 'trash',
  )
  const terms = (kind: 'categories' | 'tags') =>
    ((doc[kind] as unknown[]) ?? [])
      .filter(
        (item): item is Record<string, unknown> & { id: number } =>
          Boolean(item) && typeof item === 'object',
      )
      .sort((a, b) => String(a.name ?? '').localeCompare(String(b.name ?? '')))
      .map((term) => serializeEmbeddedTerm(term, kind, ctx, options.termCounts.get(term.id) ?? 0))

  const event: Record<string, unknown> = {
    id: doc.id,
    ...globalIds(doc as never, ctx),
    ...postMeta(doc as never, ctx),
    url,
    rest_url: apiUrl(ctx.restBase, ctx.options, `/events/${doc.id}`),
    title: shownTitle(doc.title),
    description: descriptionHtml(doc.description, doc.descriptionHtml),
    excerpt: excerptHtml(doc.excerpt as string),
    slug: publicSlug(doc as never),
    image: serializeImage(doc.image, ctx),
    all_day: doc.allDay === true,
    start_date: wall.start,
    start_date_details: dateDetails(wall.start),
    end_date: wall.end,
    end_date_details: dateDetails(wall.end),
    utc_start_date: wall.utcStart,
    utc_start_date_details: dateDetails(wall.utcStart),
    utc_end_date: wall.utcEnd,
    utc_end_date_details: dateDetails(wall.utcEnd),
    timezone,
    timezone_abbr: timezoneAbbreviation(start, timezone),
    cost: cost.text,
    cost_details: cost.details,
    website: typeof doc.website === 'string' ? escapeHtml(doc.website) : url,
    show_map: doc.showMap === true,
    show_map_link: doc.showMapLink === true,
    hide_from_listings: doc.hideFromListings === true,
    sticky: doc.sticky === true,
    featured: doc.featured === true,
    categories: terms('categories'),
    tags: terms('tags'),
    // Embedded, a protected venue or organizer is blanked as on its own route, even for those who unlock it there.
    venue: venueDoc
      ? serializeVenue(venueDoc, ctx, {
          jsonLd: options.single,
          unlocked: unlockedEmbedded(venueDoc),
        })
      : [],
    organizer: organizers.map((organizer) =>
      serializeOrganizer(organizer, ctx, {
        jsonLd: options.single,
        unlocked: unlockedEmbedded(organizer),
      }),
    ),
    custom_fields: [],
  }
  if (doc.password && !options.unlocked) blankProtected(event)
  // The original writes no JSON-LD for a protected event, even for those who unlock it.
  if (options.single && !doc.password)
    event.json_ld = eventJsonLd(event, doc, venueDoc, organizers, timezone)
  return event
}

/**
 * What the original leaves of a password-protected event in a list (`docs/compatibility.md`,
 * "Password-protected items").
 */
function blankProtected(event: Record<string, unknown>) {
  Object.assign(event, {
    description: '',
    excerpt: '',
    image: false,
    all_day: null,
    cost: '',
    cost_details: { currency_symbol: '', currency_position: '', currency_code: '', values: [] },
    website: '',
    show_map: null,
    show_map_link: null,
    hide_from_listings: null,
    sticky: null,
    featured: null,
    categories: [],
    tags: [],
    venue: [],
    organizer: [],
    custom_fields: [],
  })
}

/**
 * The original's offer price: the cost as shown without its currency symbol (`10 – 20`,
 * `Free – 10`, `Donation`), `0` for a free event; no offer without a cost.
 */
function offerPrice(
  cost: string,
  details: { currency_symbol: string; values: string[] },
): string | undefined {
  if (!details.values.length || !cost) return undefined
  if (/^free$/i.test(cost)) return '0'
  const symbol = details.currency_symbol || DEFAULT_CURRENCY.symbol
  return cost.split(symbol).join('').trim()
}

function isoWithOffset(wall: string, timezone: string, instant: Date): string {
  // A manual UTC offset's JSON-LD dates follow rules of their own (src/lib/utcOffsets.ts).
  if (isManualOffset(timezone)) return manualOffsetJsonLdDate(wall, timezone)
  const offsetMinutes = Math.round(
    (Date.parse(`${formatWallTime(instant, timezone).replace(' ', 'T')}Z`) - instant.getTime()) /
      60000,
  )
  const sign = offsetMinutes < 0 ? '-' : '+'
  const abs = Math.abs(offsetMinutes)
  return `${wall.replace(' ', 'T')}${sign}${String(Math.floor(abs / 60)).padStart(2, '0')}:${String(abs % 60).padStart(2, '0')}`
}

/** The schema.org Event the original adds to single reads. */
function eventJsonLd(
  event: Record<string, unknown>,
  doc: EventDoc,
  venue: null | VenueDoc,
  organizers: OrganizerDoc[],
  timezone: string,
) {
  const description = jsonLdDescription(
    event.excerpt ? String(doc.excerpt ?? '') : '',
    event.description ? doc.description : null,
    doc.summaryText,
    doc.descriptionHtml,
  )
  const image =
    event.image && typeof event.image === 'object'
      ? (event.image as { url: string }).url
      : undefined
  const costDetails = event.cost_details as { currency_symbol: string; values: string[] }
  const price = offerPrice(String(event.cost ?? ''), costDetails)
  return {
    '@context': 'http://schema.org',
    '@type': 'Event',
    name: jsonLdTitle(doc.status, doc.title),
    description,
    ...(image ? { image } : {}),
    url: event.url,
    eventAttendanceMode: 'https://schema.org/OfflineEventAttendanceMode',
    eventStatus: 'https://schema.org/EventScheduled',
    startDate: isoWithOffset(String(event.start_date), timezone, new Date(doc.startDate)),
    endDate: isoWithOffset(String(event.end_date), timezone, new Date(doc.endDate)),
    ...(venue
      ? {
          // A protected venue's Place is `false` in the original, as it writes none.
          location:
            unlockedEmbedded(venue) &&
            venueJsonLd(
              venue,
              String((event.venue as { stateprovince?: string }).stateprovince ?? ''),
              { image: (event.venue as { image?: unknown }).image },
            ),
        }
      : {}),
    // The first organizer only, as one object, however many the event has.
    ...(organizers.length
      ? {
          organizer:
            unlockedEmbedded(organizers[0]!) &&
            organizerJsonLd(organizers[0]!, {
              image: (event.organizer as { image?: unknown }[])[0]?.image,
            }),
        }
      : {}),
    ...(price !== undefined
      ? {
          offers: {
            '@type': 'Offer',
            price,
            priceCurrency:
              (event.cost_details as { currency_code?: string }).currency_code ||
              DEFAULT_CURRENCY.code,
            url: event.url,
            category: 'primary',
            availability: 'inStock',
            validFrom: `${String(event.date).slice(0, 10)}T00:00:00+00:00`,
          },
        }
      : {}),
    performer: 'Organization',
  }
}
