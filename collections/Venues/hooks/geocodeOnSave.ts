import type { CollectionBeforeChangeHook, FieldHook } from 'payload'

import { venueWords } from '../../../src/admin/venue/venueWords'
import { addressQuery } from '../../../src/geocoding/addressQuery'
import { geocode } from '../../../src/geocoding/geocoder'
import { stateProvinceOf } from '../../../src/lib/stateProvince'
import { pluginOptionsOf } from '../../../src/pluginOptions'

/** Where a save's geocoding notice waits for the saved venue's read (`geocodingNotice`). */
const NOTICE = 'geocodingNotice'

const blank = (value: unknown) => value === null || value === undefined || value === ''

/**
 * A venue saved over HTTP (the admin, Payload's REST and GraphQL APIs, the compatibility API)
 * without coordinates gets them from its address, when the site has a geocoder: one request,
 * bounded by its timeout. Whatever the geocoder does, the save goes on; when it found nothing, the
 * saved venue says why in `geocodingNotice`. Scripts and imports (Payload's Local API) bring their
 * source's coordinates and are not sent to the provider.
 */
export const geocodeOnSave: CollectionBeforeChangeHook = async ({ data, originalDoc, req }) => {
  const settings = pluginOptionsOf(req.payload).geocoding
  if (!settings || (req.payloadAPI !== 'REST' && req.payloadAPI !== 'GraphQL')) return data
  const venue = { ...originalDoc, ...data } as Record<string, unknown>
  if (!blank(venue.latitude) || !blank(venue.longitude)) return data
  const query = addressQuery({
    address: venue.address as null | string,
    city: venue.city as null | string,
    country: venue.country as null | string,
    stateProvince: (venue.stateProvince as null | string) || stateProvinceOf(venue),
    zip: venue.zip as null | string,
  })
  if (!query) return data
  const outcome = await geocode(settings, query)
  if (outcome.kind === 'found')
    return { ...data, latitude: outcome.latitude, longitude: outcome.longitude }
  const words = venueWords(req.i18n?.language)
  req.context[NOTICE] = `${words.savedWithout} ${words.outcome[outcome.kind]}`
  return data
}

/** The notice of this request's save, on the venue it answers with; null on every other read. */
export const readGeocodingNotice: FieldHook = ({ req }) =>
  typeof req.context[NOTICE] === 'string' ? req.context[NOTICE] : null
