import { stateProvinceOf } from '../lib/stateProvince'

/** The parts of a venue's address a geocoder is asked about, as its fields name them. */
export type VenueAddress = {
  address?: null | string
  city?: null | string
  country?: null | string
  stateProvince?: null | string
  zip?: null | string
}

const ADDRESS_PARTS = ['address', 'city', 'zip', 'stateProvince', 'country'] as const

/** The most of an address sent to a geocoder: the fields' own limits would allow far more. */
const MAX_QUERY_LENGTH = 500

/**
 * A venue's address as one search line, street first and country last, as a free-form Nominatim
 * query reads best; '' when the venue has no address to look for.
 */
export function addressQuery(venue: VenueAddress): string {
  return ADDRESS_PARTS.map((part) => venue[part]?.trim() ?? '')
    .filter(Boolean)
    .join(', ')
    .slice(0, MAX_QUERY_LENGTH)
}

const blank = (value: unknown) => value === null || value === undefined || value === ''

/**
 * The search line of a venue (its stored fields with what a save changes) that has neither
 * coordinate; '' when it has one, or has no address to look for.
 */
export function unplacedVenueQuery(venue: Record<string, unknown>): string {
  if (!blank(venue.latitude) || !blank(venue.longitude)) return ''
  return addressQuery({
    address: venue.address as null | string,
    city: venue.city as null | string,
    country: venue.country as null | string,
    stateProvince: (venue.stateProvince as null | string) || stateProvinceOf(venue),
    zip: venue.zip as null | string,
  })
}
