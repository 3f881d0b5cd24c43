import type { Endpoint, Payload } from 'payload'

/**
 * The endpoint collection `slug` answers `method` at `path` with, as Payload built it (its own
 * collections, such as the preferences, exist only once Payload has started): for patches that
 * put a handler of the calendar's in its place.
 */
export function collectionEndpoint(
  payload: Payload,
  slug: string,
  method: Endpoint['method'],
  path: string,
): Endpoint | undefined {
  const endpoints = payload.collections[slug as keyof typeof payload.collections]?.config.endpoints
  return Array.isArray(endpoints)
    ? endpoints.find((endpoint) => endpoint.method === method && endpoint.path === path)
    : undefined
}
