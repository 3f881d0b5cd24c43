import { createHash } from 'node:crypto'

import type { RestResult } from './context'

/*
 * Conditional requests on the compatibility API (issue 17): every GET answer carries an ETag, and
 * a GET whose `If-None-Match` names it is answered 304 Not Modified without a body.
 *
 * The ETag is a digest of what the answer says (status, headers the controller set, body) and of
 * who it was made for (visitors, or one signed-in user), so that:
 * - a write that changes the answer changes its ETag, whatever process made it (a visitor's
 *   answer is remade once per change of the calendar: `freshness.ts`, `visitorResponses.ts`);
 * - a write that leaves this answer as it was keeps its ETag, and clients keep their copy;
 * - a visitor's ETag never validates a signed-in user's request at the same URL (or the reverse),
 *   so a cache that revalidates a stored visitor answer for a signed-in caller gets the full,
 *   personal answer.
 *
 * Cache-Control: visitors' answers are `public, no-cache`: browsers and proxies may keep them but
 * ask each time (a cheap 304), so that an item unpublished a moment ago is never served from a
 * cache. Answers for a signed-in caller, or unlocked by a password, carry WordPress's no-cache
 * headers (`PERSONAL_CACHE_HEADERS`).
 */

/** An answer ready to send: its body serialized once, with its validator. */
export type PreparedAnswer = {
  /** The serialized JSON body. */
  body: string
  etag: string
  headers: Record<string, string>
  status: number
}

/** Who an answer was made for: `visitor`, or a signed-in user. */
export type Audience = 'visitor' | `user:${string}`

export function audienceOf(
  user: null | { collection?: string; id?: number | string } | undefined,
): Audience {
  return user ? `user:${user.collection ?? ''}:${String(user.id ?? '')}` : 'visitor'
}

export function prepareAnswer(
  result: RestResult,
  audience: Audience,
  language: string,
): PreparedAnswer {
  const body = JSON.stringify(result.body)
  const status = result.status ?? 200
  const headers = result.headers ?? {}
  const digest = createHash('sha256')
    .update(`${audience}\n${language}\n${status}\n${JSON.stringify(headers)}\n`)
    .update(body)
    .digest('base64url')
    .slice(0, 27)
  return { body, etag: `W/"${digest}"`, headers, status }
}

/**
 * Whether `If-None-Match` names this ETag (the weak comparison RFC 9110 asks of it, so `"x"` and
 * `W/"x"` both match), or is `*`.
 */
export function ifNoneMatchHits(header: null | string, etag: string): boolean {
  if (header === null) return false
  const opaque = (tag: string) => tag.trim().replace(/^W\//, '')
  const wanted = opaque(etag)
  return header.split(',').some((tag) => tag.trim() === '*' || opaque(tag) === wanted)
}

/**
 * WordPress's `nocache_headers()`, which it sends with every answer to a signed-in caller: kept by
 * no cache, and already stale (`Expires` in the past) for old ones that ignore Cache-Control.
 */
export const PERSONAL_CACHE_HEADERS = {
  'Cache-Control': 'no-cache, must-revalidate, max-age=0, no-store, private',
  Expires: 'Wed, 11 Jan 1984 05:00:00 GMT',
} as const

/**
 * Cache-Control of a visitor's GET answer (see above); errors a retry may cure are never kept.
 * With a shared cache in front (`cdn` option) it may serve the answer for `s-maxage` seconds, as
 * each change purges what it altered (docs/caching.md, "Behind a CDN"), while browsers still ask.
 */
export function cacheControlOf(
  status: number,
  sharedCache?: null | { maxAge: number; staleWhileRevalidate: number },
): string {
  if (status >= 500 || status === 429) return 'private, no-store'
  if (!sharedCache) return 'public, no-cache'
  return sharedCacheControl('public, max-age=0', sharedCache)
}

/** `base` with a shared cache's lifetimes added (`s-maxage`, and `stale-while-revalidate` when not 0). */
export function sharedCacheControl(
  base: string,
  { maxAge, staleWhileRevalidate }: { maxAge: number; staleWhileRevalidate: number },
): string {
  const stale = staleWhileRevalidate ? `, stale-while-revalidate=${staleWhileRevalidate}` : ''
  return `${base}, s-maxage=${maxAge}${stale}`
}
