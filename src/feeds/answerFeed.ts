import type { Payload } from 'payload'

import type { SanitizedPluginConfig } from '../types'

import { RestError } from '../../endpoints/errors'
import { isDatabaseUnavailable, RETRY_AFTER_SECONDS } from '../db/databaseErrors'
import { feedContext } from './feedContext'
import { feedEventIds, renderFeed, renderOccurrenceFeed } from './feedDocument'
import { locateFeed, type FeedLocation } from './feedPaths'
import { calendarFeedSelection, eventFeedSelection } from './feedQuery'
import { FEED_TEXTS, inLanguage } from './feedTexts'
import { notModifiedAnswer } from './feedValidators'
import { keptFeed } from './keptFeeds'
import { feedHeaders, jsonError, plainText } from './feedResponses'
import { answerEventsJson, locateEventsJson } from './eventsJson'
import {
  NoRenderTurn,
  RETRY_AFTER_SECONDS as RENDER_RETRY_SECONDS,
  withRenderTurn,
} from './renderTurns'

/** A request as any server hands it over. */
export type FeedRequest = { headers: Headers; method: string; pathname: string; search: string }

/**
 * Serves the calendar feeds (`feedPaths.ts`) to anonymous callers, whatever server received the
 * request: `null` for every other request (and every request while the plugin is disabled), a
 * 400 in the API's error shape for a bad filter, 404 for an unknown or unpublished event, 304
 * when the client's copy is current, else the iCalendar document: as kept since the calendar last
 * changed (`keptFeeds.ts`), or rendered now when a turn is free (`renderTurns.ts`; 503 with
 * Retry-After when none frees in time).
 */
export async function answerFeedRequest(
  payload: Payload,
  options: SanitizedPluginConfig,
  request: FeedRequest,
): Promise<null | Response> {
  if (options.disabled) return null
  const widget = locateEventsJson(request.pathname, options)
  if (widget) return answerEventsJson(payload, options, request, widget)
  if (!['GET', 'HEAD'].includes(request.method.toUpperCase())) return null
  const location = locateFeed(request.pathname, new URLSearchParams(request.search), options)
  if (!location) return null
  try {
    return await answerFeed(payload, options, request, location)
  } catch (error) {
    if (error instanceof RestError) return jsonError(error)
    if (error instanceof NoRenderTurn)
      return plainText(503, error.message, { 'Retry-After': String(RENDER_RETRY_SECONDS) })
    if (isDatabaseUnavailable(error))
      return plainText(503, 'Service Unavailable', { 'Retry-After': String(RETRY_AFTER_SECONDS) })
    throw error
  }
}

async function answerFeed(
  payload: Payload,
  options: SanitizedPluginConfig,
  request: FeedRequest,
  location: FeedLocation,
): Promise<Response> {
  const ctx = await feedContext(payload, options, {
    language: location.language,
    query: request.search.replace(/^\?/, ''),
  })
  const selection =
    location.kind === 'calendar'
      ? await calendarFeedSelection(ctx)
      : eventFeedSelection(location.slug)
  const key = JSON.stringify({
    language: location.language,
    site: options.siteUrl,
    where: selection.where,
    ...(location.kind === 'occurrence' ? { occurrence: location.at } : {}),
  })
  const headers = feedHeaders(options)
  const feedUrl = `${options.siteUrl}${request.pathname}${request.search ? `?${request.search.replace(/^\?/, '')}` : ''}`
  const fileName =
    location.kind === 'calendar'
      ? `${new URL(options.siteUrl).hostname}-events.ics`
      : `${location.slug.replace(/[^\w.-]+/g, '-')}${location.kind === 'occurrence' ? `-${location.at.date}${location.at.n > 1 ? `-${location.at.n}` : ''}` : ''}.ics`
  const found = {
    'Content-Disposition': `attachment; filename="${fileName}"`,
    'Content-Type': 'text/calendar; charset=utf-8',
  }
  const notFound = () => plainText(404, inLanguage(FEED_TEXTS.notFound, location.language))
  // HEAD renders the feed too (or finds it kept): its ETag is its body's.
  const feed = await keptFeed(ctx, `${feedUrl}\n${key}`, () =>
    withRenderTurn(async () => {
      const ids = await feedEventIds(ctx, selection)
      if (location.kind === 'occurrence') {
        const text = ids.length
          ? await renderOccurrenceFeed(ctx, ids[0]!, location.at, feedUrl)
          : null
        return { body: new TextEncoder().encode(text ?? ''), events: text === null ? 0 : 1 }
      }
      const body = new TextEncoder().encode(await renderFeed(ctx, ids, feedUrl))
      return { body, events: ids.length }
    }),
  )
  if (location.kind !== 'calendar' && feed.events === 0) return notFound()
  const notModified = notModifiedAnswer(feed.etag, request, headers)
  if (notModified) return notModified
  if (request.method.toUpperCase() === 'HEAD')
    return new Response(null, { headers: { ...headers, ...found }, status: 200 })
  return new Response(feed.body, {
    headers: { ...headers, ...found, 'Content-Length': String(feed.body.byteLength) },
    status: 200,
  })
}
