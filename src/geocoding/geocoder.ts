import type { SanitizedPluginConfig } from '../types'

import { processRegion } from '../calendar/cache/registry'
import { readBodyWithin } from '../lib/requestBody'

export type GeocoderSettings = NonNullable<SanitizedPluginConfig['geocoding']>

/** What asking the geocoder gave: a place, nothing found, no usable answer, or no turn within the timeout. */
export type GeocodeOutcome =
  | { kind: 'busy' }
  | { kind: 'found'; latitude: number; longitude: number }
  | { kind: 'notFound' }
  | { kind: 'unavailable' }

/** A search answer is a short list; more than this is not one. */
const MAX_ANSWER_BYTES = 256 * 1024

/**
 * When this process may send its next request. Requests are spaced by `minIntervalMs` (Nominatim's
 * policy is one a second); a caller whose turn would come later than its timeout gives up at once,
 * so that a burst of saves waits a bounded time and never queues up behind the provider.
 */
let nextTurnAt = 0

async function waitForTurn(settings: GeocoderSettings): Promise<boolean> {
  const now = Date.now()
  const wait = Math.max(0, nextTurnAt - now)
  if (wait > settings.timeoutMs) return false
  nextTurnAt = now + wait + settings.minIntervalMs
  if (wait) await new Promise((resolve) => setTimeout(resolve, wait))
  return true
}

/*
 * What the provider said of an address, remembered so that a venue saved again and again with an
 * address it cannot place does not ask each time (and a shared provider's policy forbids asking
 * the same thing repeatedly). A place found does not move; one not found may be added to the
 * provider's map, so that is asked again after a day. A failure or a missed turn is not remembered.
 */
const REMEMBER_MS: Partial<Record<GeocodeOutcome['kind'], number>> = {
  found: 30 * 24 * 60 * 60_000,
  notFound: 24 * 60 * 60_000,
}
const remembered = processRegion<{ outcome: GeocodeOutcome; until: number }>('geocoding', {
  maxEntries: 2_000,
})

/**
 * The first place a Nominatim-compatible search endpoint finds for `query`: one request, bounded
 * by the timeout and the answer's size, never retried, or what it answered for the same query
 * before (above). Every failure is an outcome, not an error.
 */
export async function geocode(settings: GeocoderSettings, query: string): Promise<GeocodeOutcome> {
  const known = rememberedOutcome(settings, query)
  if (known) return known
  const outcome = await askProvider(settings, query)
  const keepFor = REMEMBER_MS[outcome.kind]
  if (keepFor)
    remembered.set(rememberedKey(settings, query), { outcome, until: Date.now() + keepFor })
  return outcome
}

/** What the provider answered for `query` before and is still remembered (above), without asking it. */
export function rememberedOutcome(
  settings: GeocoderSettings,
  query: string,
): GeocodeOutcome | undefined {
  const known = remembered.get(rememberedKey(settings, query))
  return known && known.until > Date.now() ? known.outcome : undefined
}

const rememberedKey = (settings: GeocoderSettings, query: string) => `${settings.url}\n${query}`

async function askProvider(settings: GeocoderSettings, query: string): Promise<GeocodeOutcome> {
  if (!(await waitForTurn(settings))) return { kind: 'busy' }
  const url = new URL(settings.url)
  url.searchParams.set('q', query)
  url.searchParams.set('format', 'jsonv2')
  url.searchParams.set('limit', '1')
  try {
    const response = await fetch(url, {
      headers: { accept: 'application/json', 'user-agent': settings.userAgent },
      redirect: 'error',
      signal: AbortSignal.timeout(settings.timeoutMs),
    })
    if (!response.ok) {
      await response.body?.cancel().catch(() => undefined)
      return { kind: 'unavailable' }
    }
    const body = await readBodyWithin(response, MAX_ANSWER_BYTES)
    if (body === null || body === 'too-large') return { kind: 'unavailable' }
    return placeOf(JSON.parse(new TextDecoder().decode(body)))
  } catch {
    return { kind: 'unavailable' }
  }
}

/** The first result's coordinates (Nominatim gives them as strings), checked to be a place on Earth. */
function placeOf(answer: unknown): GeocodeOutcome {
  if (!Array.isArray(answer)) return { kind: 'unavailable' }
  const first = answer[0] as { lat?: unknown; lon?: unknown } | undefined
  if (!first) return { kind: 'notFound' }
  const latitude = coordinate(first.lat)
  const longitude = coordinate(first.lon)
  return Math.abs(latitude) <= 90 && Math.abs(longitude) <= 180
    ? { kind: 'found', latitude, longitude }
    : { kind: 'unavailable' }
}

/** A number given as a number or a numeric string; NaN for anything else (an empty string too). */
function coordinate(value: unknown): number {
  if (typeof value === 'number') return value
  return typeof value === 'string' && value.trim() !== '' ? Number(value) : Number.NaN
}
