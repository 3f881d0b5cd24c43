import type { Endpoint, PayloadHandler } from 'payload'

import { GEOCODE_PATH, venueWords } from '../../src/admin/venue/venueWords'
import { addressQuery, type VenueAddress } from '../../src/geocoding/addressQuery'
import { geocode } from '../../src/geocoding/geocoder'
import { readBodyWithin } from '../../src/lib/requestBody'
import { can } from '../../src/lib/roles'
import { TEXT_LIMITS } from '../../src/lib/textLimits'
import { pluginOptionsOf } from '../../src/pluginOptions'

/** An address is a few short lines. */
const MAX_BODY_BYTES = 8 * 1024

const PARTS: Array<keyof VenueAddress> = ['address', 'city', 'country', 'stateProvince', 'zip']

const failure = (status: number, message: string) =>
  Response.json({ errors: [{ message }] }, { status })

/**
 * "Find on map": `POST /api/{venues}/geocode` with the address as the form holds it
 * (`{address, city, zip, stateProvince, country}`) answers `{latitude, longitude}`, or an error
 * saying why not in Payload's shape. For those who may edit venues; one request to the provider.
 */
const findOnMap: PayloadHandler = async (req) => {
  const words = venueWords(req.i18n?.language)
  if (!req.user || !can(req.user as never, 'edit_posts'))
    return failure(403, req.t('error:unauthorized'))
  const settings = pluginOptionsOf(req.payload).geocoding
  if (!settings) return failure(404, words.outcome.notConfigured)
  const raw = await readBodyWithin(req as unknown as Request, MAX_BODY_BYTES)
  if (raw === 'too-large') return failure(413, 'The address is too long')
  let body: unknown
  try {
    body = raw === null ? null : JSON.parse(new TextDecoder().decode(raw))
  } catch {
    body = null
  }
  if (!body || typeof body !== 'object' || Array.isArray(body))
    return failure(400, 'The body must be a JSON object with the address')
  const given = body as Record<string, unknown>
  const address: VenueAddress = {}
  for (const part of PARTS) {
    const value = given[part]
    if (value === undefined || value === null) continue
    if (typeof value !== 'string' || value.length > TEXT_LIMITS.line)
      return failure(400, `${part} must be a text of at most ${TEXT_LIMITS.line} characters`)
    address[part] = value
  }
  const query = addressQuery(address)
  if (!query) return failure(400, words.noAddress)
  const outcome = await geocode(settings, query)
  if (outcome.kind === 'found')
    return Response.json({ latitude: outcome.latitude, longitude: outcome.longitude })
  return failure(outcome.kind === 'notFound' ? 404 : 503, words.outcome[outcome.kind])
}

export const geocodeEndpoint: Endpoint = { handler: findOnMap, method: 'post', path: GEOCODE_PATH }
