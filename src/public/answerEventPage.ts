import { keyHeaders } from '../cdn/surrogateKeys'
import { sharedCacheControl } from '../../endpoints/conditional'
import type { Payload } from 'payload'

import { parseCookies } from 'payload/shared'

import type { SanitizedPluginConfig } from '../types'

import { dispatchCompatRequest } from '../../endpoints/dispatch'
import { apiDiscovery, discoveryHeaders } from './apiDiscovery'
import { locatePublicEvent, type PublicEventLocation } from './publicPaths'
import { eventJsonLd, jsonLdScript, utcInstant } from './eventJsonLd'
import { type PublicEvent, renderEventPage, renderMissingPage } from './renderEventPage'
import { seriesPageParts } from './seriesPage'

/** A request as any server hands it over. */
export type PageRequest = {
  clientAddress?: string
  headers: Headers
  method: string
  pathname: string
  search: string
}

/**
 * The event's public page at the address its permalink gives (`publicPaths.ts`): `null` for any
 * other request. The event is read through the compatibility API's own handler (`GET
 * /events/by-slug/{slug}` or `/events/{id}`), so the page shows exactly what the API would show
 * the same reader: a visitor sees a published event that is not password-protected; a signed-in
 * editor (the admin's session cookie) also sees drafts, pending and scheduled events they may
 * read, marked as a preview. Everything else (unknown, trashed, private to others, protected) is
 * a 404 page that says nothing of the event.
 */
export async function answerEventPage(
  payload: Payload,
  options: SanitizedPluginConfig,
  request: PageRequest,
): Promise<null | Response> {
  if (options.disabled || !['GET', 'HEAD'].includes(request.method.toUpperCase())) return null
  const location = locatePublicEvent(request.pathname, new URLSearchParams(request.search), options)
  if (!location) return null
  const token = parseCookies(request.headers).get(`${payload.config.cookiePrefix}-token`)
  const signedIn = Boolean(token)
  // A page that shows no event points at the calendar's routes, as any other page of the site.
  const noEvent = apiDiscovery(options, location.rootPath)
  const missing = (message: 'notFound' | 'protected', headers: Record<string, string>) =>
    page(
      renderMissingPage(location.language, message, noEvent),
      404,
      { ...headers, ...discoveryHeaders(noEvent) },
      request,
    )
  // An occurrence's address whose date cannot be: nothing is read.
  if ('at' in location && location.at === null)
    return missing('notFound', headersOf(signedIn, options.cdn))

  const headers = new Headers({ accept: 'application/json' })
  // The session cookie signs the reader in as the API's `Authorization: JWT` would; anything else
  // the browser sends (another cookie, an Authorization header) is not passed on.
  if (token) headers.set('authorization', `JWT ${token}`)
  const answer = await dispatchCompatRequest(payload, options, {
    clientAddress: request.clientAddress,
    headers,
    method: 'GET',
    path: `/${options.namespace}${apiPath(location)}`,
    // A signed-in reader asks in the edit context, where an editor sees a protected event in full
    // (`endpoints/unlockProtected.ts`); a visitor's page asks as a reader.
    query: signedIn ? 'context=edit' : '',
    restBase: noEvent.restBase,
    rootLanguage: location.rootPath ? location.language : undefined,
  })
  if (answer.status === 503) return answer
  // Filed under what the API's answer showed, as that answer is (`endpoints/dispatch/sharedCache.ts`).
  const pageHeaders = {
    ...headersOf(signedIn, options.cdn),
    ...keyHeaders(answer.headers.get('surrogate-key')?.split(' ') ?? []),
  }
  if (answer.status !== 200) {
    const body = (await answer.json().catch(() => ({}))) as { code?: string }
    // Only a reader who could not see the event anyway learns that a password protects it, as WordPress's page says.
    return missing(body.code === 'event-password-protected' ? 'protected' : 'notFound', pageHeaders)
  }
  const event = (await answer.json()) as PublicEvent & { id?: number; slug?: string }
  const preview = event.status !== 'publish'
  const icsUrl =
    preview || !event.slug
      ? undefined
      : `${options.siteUrl}${location.rootPath}/event/${encodeURIComponent(event.slug)}.ics`
  const at = 'at' in location ? location.at : undefined
  const series = await seriesPageParts(payload, options, event, {
    at: at ?? undefined,
    language: location.language,
    now: options.clock(),
    rootPath: location.rootPath,
  })
  // An occurrence's address of an event that does not recur, or of no occurrence (or a cancelled one).
  if (series === 'missing' || (at && !series)) return missing('notFound', pageHeaders)
  const discovery = apiDiscovery(options, location.rootPath, series?.occurrenceId ?? event.id)
  const html = series
    ? renderEventPage(series.event, location.language, {
        discovery,
        icsUrl: at ? series.icsUrl : icsUrl,
        jsonLd: series.jsonLd,
        preview,
        series,
      })
    : renderEventPage(event, location.language, {
        discovery,
        icsUrl,
        jsonLd: jsonLdScript(
          eventJsonLd(event, {
            dates: {
              startUtc: utcInstant(event.utc_start_date),
              endUtc: utcInstant(event.utc_end_date),
              url: event.url ?? '',
            },
          }),
        ),
        preview,
      })
  return page(html, 200, { ...pageHeaders, ...discoveryHeaders(discovery) }, request)
}

function headersOf(
  signedIn: boolean,
  sharedCache: SanitizedPluginConfig['cdn'],
): Record<string, string> {
  return {
    'Content-Security-Policy':
      "default-src 'none'; img-src http: https: data:; style-src 'unsafe-inline'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'",
    'Content-Type': 'text/html; charset=utf-8',
    // A signed-in reader's page (a preview) is theirs alone; a visitor's is the same for every visitor.
    'Cache-Control': signedIn
      ? 'private, no-store'
      : sharedCache
        ? sharedCacheControl('public, max-age=60', sharedCache)
        : 'public, max-age=60',
    Vary: 'Cookie',
    'X-Content-Type-Options': 'nosniff',
  }
}

function apiPath(location: PublicEventLocation): string {
  return 'slug' in location
    ? `/events/by-slug/${encodeURIComponent(location.slug)}`
    : `/events/${location.id}`
}

function page(
  html: string,
  status: number,
  headers: Record<string, string>,
  request: PageRequest,
): Response {
  return new Response(request.method.toUpperCase() === 'HEAD' ? null : html, { headers, status })
}
