import type { CalendarContext } from '../../src/calendar/context'

import { stateProvinceOf } from '../../src/lib/stateProvince'
import { globalIds, jsonLdImage, jsonLdTitle, serializeLinkedPost } from '../serializeCommon'
import { linkedPostJsonLdDescription } from '../events/jsonLdDescription'

export type VenueDoc = Record<string, unknown> & { id: number; slug?: string; status: string }

/**
 * The venue object (`docs/compatibility.md`, "Response shapes"), for venue routes and embedded in
 * events: empty values are dropped as the original drops them, then the map flags and global ids
 * are appended. `json_ld` only on single reads.
 */
export function serializeVenue(
  doc: VenueDoc,
  ctx: CalendarContext,
  { jsonLd = false, unlocked = true } = {},
) {
  const stateprovince = (doc.stateProvince as string) || stateProvinceOf(doc)
  const kept = serializeLinkedPost(doc as never, ctx, {
    // What the original leaves of a password-protected venue (`docs/compatibility.md`,
    // "Password-protected items"); the name becomes `[]`, sic.
    blanked: {
      venue: [],
      description: '',
      excerpt: '',
      address: '',
      city: '',
      country: '',
      province: '',
      zip: '',
      phone: '',
      website: '',
      stateprovince: '',
      geo_lat: 0,
      geo_lng: 0,
    },
    kind: 'venues',
    nameKey: 'venue',
    own: {
      address: doc.address ?? '',
      city: doc.city ?? '',
      country: doc.country ?? '',
      province: doc.province ?? '',
      state: doc.state ?? '',
      zip: doc.zip ?? '',
      phone: doc.phone ?? '',
      website: doc.website ?? '',
      stateprovince,
      ...(typeof doc.latitude === 'number' && typeof doc.longitude === 'number'
        ? { geo_lat: doc.latitude, geo_lng: doc.longitude }
        : {}),
    },
    unlocked,
  })
  const locked = Boolean(doc.password) && !unlocked
  // A venue still locked has no JSON-LD at all in the original.
  if (jsonLd && !locked) kept.json_ld = venueJsonLd(doc, stateprovince, { image: kept.image })
  return {
    ...kept,
    show_map: locked ? null : doc.showMap !== false,
    show_map_link: locked ? null : doc.showMapLink !== false,
    ...globalIds(doc as never, ctx),
  }
}

/**
 * The schema.org Place the original embeds on single reads; the address has only the parts the venue has.
 * Never of a password-protected venue still locked: the original then writes none (`serializeVenue`,
 * and `false` as an event's location).
 */
export function venueJsonLd(
  venue: VenueDoc,
  stateprovince: string,
  { image }: { image?: unknown } = {},
) {
  const address = {
    streetAddress: venue.address ?? '',
    addressLocality: venue.city ?? '',
    addressRegion: stateprovince,
    postalCode: venue.zip ?? '',
    addressCountry: venue.country ?? '',
  }
  return {
    '@type': 'Place',
    name: jsonLdTitle(venue.status, venue.name),
    description: linkedPostJsonLdDescription(venue),
    ...jsonLdImage(image),
    // The original leaves the Place's url empty and gives the website as sameAs only.
    url: '',
    address: {
      '@type': 'PostalAddress',
      ...Object.fromEntries(Object.entries(address).filter(([, value]) => value !== '')),
    },
    telephone: venue.phone ?? '',
    sameAs: (venue.website as string) ?? '',
  }
}
