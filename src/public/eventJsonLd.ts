import { DateTime } from 'luxon'

import { plain, type PublicEvent, shownOrganizers, shownVenue } from './renderEventPage'

/** One occurrence's dates and address, as its JSON-LD and the page's lists of dates need them. */
export type DatedLink = {
  /** Its start and end instants (ISO). */
  startUtc: string
  endUtc: string
  url: string
  title?: string
}

type JsonLd = Record<string, unknown>

/**
 * schema.org's `Event` of a page (docs/recurrence.md, "Public pages"), for search engines: its
 * name, its dates in its zone's offset (all-day: dates), its place, organizers and image. An
 * occurrence's names its series as `superEvent`; a series' lists its upcoming occurrences as
 * `subEvent`s (schema.org's `eventSchedule` cannot say every rule the model has, nor a moved
 * occurrence).
 */
export function eventJsonLd(
  event: PublicEvent,
  args: {
    dates: DatedLink
    rescheduled?: boolean
    series?: { name: string; url: string }
    subEvents?: DatedLink[]
  },
): JsonLd {
  const name = args.dates.title ?? plain(event.title)
  const venue = shownVenue(event)
  const organizers = shownOrganizers(event)
  const image = event.image && event.image.url
  return {
    '@context': 'https://schema.org',
    '@type': 'Event',
    ...datedEvent(event, { ...args.dates, title: name }),
    eventStatus: `https://schema.org/${args.rescheduled ? 'EventRescheduled' : 'EventScheduled'}`,
    ...(venue
      ? {
          location: {
            '@type': 'Place',
            name: plain(venue.venue),
            address: {
              '@type': 'PostalAddress',
              ...(venue.address ? { streetAddress: plain(venue.address) } : {}),
              ...(venue.city ? { addressLocality: plain(venue.city) } : {}),
              ...(venue.zip ? { postalCode: plain(venue.zip) } : {}),
              ...(venue.country ? { addressCountry: plain(venue.country) } : {}),
            },
          },
        }
      : {}),
    ...(organizers.length
      ? {
          organizer: organizers.map((item) => ({
            '@type': 'Organization',
            name: plain(item.organizer),
          })),
        }
      : {}),
    ...(image ? { image } : {}),
    ...(args.series
      ? { superEvent: { '@type': 'Event', name: args.series.name, url: args.series.url } }
      : {}),
    ...(args.subEvents?.length
      ? {
          subEvent: args.subEvents.map((dates) => ({
            '@type': 'Event',
            ...datedEvent(event, { ...dates, title: dates.title ?? name }),
          })),
        }
      : {}),
  }
}

/** The name, dates and address of an event or occurrence. */
function datedEvent(event: PublicEvent, dates: DatedLink): JsonLd {
  return {
    name: dates.title,
    startDate: schemaDate(event, dates.startUtc),
    endDate: schemaDate(event, dates.endUtc),
    url: dates.url,
  }
}

/** An instant with the offset of the event's zone there (`2027-03-15T09:00:00-04:00`), or its date when all-day. */
function schemaDate(event: PublicEvent, instant: string): string {
  const local = DateTime.fromISO(instant, { zone: event.timezone || 'UTC' })
  const inZone = local.isValid ? local : DateTime.fromISO(instant, { zone: 'UTC' })
  return event.all_day
    ? inZone.toISODate()!
    : inZone.toISO({ includeOffset: true, suppressMilliseconds: true })!
}

/** JSON-LD inside a `<script>` element: `<` escaped, so that no value can close the element. */
export function jsonLdScript(data: JsonLd): string {
  return `<script type="application/ld+json">${JSON.stringify(data).replace(/</g, '\\u003c')}</script>`
}

/** The API's UTC wall time (`2027-03-01 14:00:00`) as an ISO instant. */
export const utcInstant = (value: string | undefined): string =>
  value ? `${value.replace(' ', 'T')}Z` : new Date(0).toISOString()
