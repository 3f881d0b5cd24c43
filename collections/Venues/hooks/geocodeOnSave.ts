import type {
  CollectionAfterChangeHook,
  CollectionBeforeChangeHook,
  FieldHook,
  PayloadRequest,
} from 'payload'

import { venueWords } from '../../../src/admin/venue/venueWords'
import { unplacedVenueQuery } from '../../../src/geocoding/addressQuery'
import { placeAfterSave } from '../../../src/geocoding/afterSave'
import { rememberedOutcome } from '../../../src/geocoding/geocoder'
import { GEOCODE_ON_SAVE } from '../../../src/hooks/context'
import { pluginOptionsOf } from '../../../src/pluginOptions'

/** Where a save's geocoding notice waits for the saved venue's read (`geocodingNotice`). */
const NOTICE = 'geocodingNotice'
/** Where a save leaves the address its follow-up looks up (`geocodeAfterSave`). */
const TO_PLACE = 'geocodeAfterSave'

/**
 * A venue saved through Payload's API (the admin, Payload's REST and GraphQL APIs) or the
 * compatibility API without coordinates gets them from its address, when the site has a geocoder. The save never
 * waits for the provider: it runs in a transaction, whose locks and pooled connection a slow
 * provider would hold. What the provider answered for the address before (`src/geocoding/geocoder.ts`
 * remembers it) is used at once; anything else is asked after the save (`geocodeAfterSave`), and
 * the saved venue says so in `geocodingNotice`, as it says why when the provider found nothing.
 * Scripts and imports (Payload's Local API) bring their source's coordinates and are not sent to
 * the provider; the compatibility API's writes, which go through the Local API too, say so
 * (`GEOCODE_ON_SAVE`).
 */
const placesOnSave = (req: PayloadRequest) =>
  req.payloadAPI === 'REST' || req.payloadAPI === 'GraphQL' || req.context[GEOCODE_ON_SAVE] === true

export const geocodeOnSave: CollectionBeforeChangeHook = async ({ data, originalDoc, req }) => {
  delete req.context[TO_PLACE]
  const settings = pluginOptionsOf(req.payload).geocoding
  if (!settings || !placesOnSave(req)) return data
  const query = unplacedVenueQuery({ ...originalDoc, ...data })
  if (!query) return data
  const known = rememberedOutcome(settings, query)
  if (known?.kind === 'found')
    return { ...data, latitude: known.latitude, longitude: known.longitude }
  const words = venueWords(req.i18n?.language)
  req.context[NOTICE] =
    `${words.savedWithout} ${known ? words.outcome[known.kind] : words.lookingUp}`
  if (!known) req.context[TO_PLACE] = query
  return data
}

/**
 * After a save that left its address to look up: the lookup starts now and writes the
 * coordinates once the save has committed (`src/geocoding/afterSave.ts`), unless the venue was
 * placed or moved meanwhile.
 */
export const geocodeAfterSave: CollectionAfterChangeHook = async ({ collection, doc, req }) => {
  const query = req.context[TO_PLACE]
  delete req.context[TO_PLACE]
  const settings = pluginOptionsOf(req.payload).geocoding
  if (typeof query !== 'string' || !settings) return doc
  // What was saved is what was looked up (a hook after this one's may have changed it).
  if (unplacedVenueQuery(doc as Record<string, unknown>) === query)
    await placeAfterSave(req, collection.slug, doc.id as number | string, query, settings)
  return doc
}

/** The notice of this request's save, on the venue it answers with; null on every other read. */
export const readGeocodingNotice: FieldHook = ({ req }) =>
  typeof req.context[NOTICE] === 'string' ? req.context[NOTICE] : null
