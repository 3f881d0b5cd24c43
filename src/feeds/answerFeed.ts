import type { Payload } from 'payload'

import type { SanitizedPluginConfig } from '../types'

import { RestError } from '../../endpoints/errors'
import { isDatabaseUnavailable, RETRY_AFTER_SECONDS } from '../db/databaseErrors'
import { feedContext } from './feedContext'
import { CALENDAR_END, calendarHead, eventBatches, planFeed } from './feedDocument'
import { locateFeed, type FeedLocation } from './feedPaths'
import { calendarFeedConditions, eventFeedConditions } from './feedQuery'
import { FEED_TEXTS, inLanguage } from './feedTexts'
import { clientCopyIsCurrent, currentFeedVersion } from './feedValidators'

/** A request as any server hands it over. */
export type FeedRequest = { headers: Headers; method: string; pathname: string; search: string }

/**
 * Serves the calendar feeds (`feedPaths.ts`) to anonymous callers, whatever server received the
 * request: `null` for every other request (and every request while the plugin is disabled), a
 * 400 in the API's error shape for a bad filter, 404 for an unknown or unpublished event, 304
 * when the client's copy is current, else the iCalendar document, streamed.
 */
export async function answerFeedRequest(payload: Payload, options: SanitizedPluginConfig, request: FeedRequest): Promise<null | Response> {
  if (options.disabled || !['GET', 'HEAD'].includes(request.method.toUpperCase())) return null
  const location = locateFeed(request.pathname, new URLSearchParams(request.search), options)
  if (!location) return null
  try {
    return await answerFeed(payload, options, request, location)
  } catch (error) {
    if (error instanceof RestError) return jsonError(error)
    if (isDatabaseUnavailable(error)) return plainText(503, 'Service Unavailable', { 'Retry-After': String(RETRY_AFTER_SECONDS) })
    throw error
  }
}

async function answerFeed(payload: Payload, options: SanitizedPluginConfig, request: FeedRequest, location: FeedLocation): Promise<Response> {
  const ctx = await feedContext(payload, options, { headers: request.headers, language: location.language, query: request.search.replace(/^\?/, ''), rootPath: location.rootPath })
  const where = location.kind === 'calendar' ? await calendarFeedConditions(ctx) : eventFeedConditions(location.slug)
  const key = JSON.stringify({ language: location.language, site: options.siteUrl, where })
  const version = await currentFeedVersion(payload, key, { now: ctx.now, siteTimezone: options.siteTimezone })
  const headers: Record<string, string> = {
    'Access-Control-Allow-Origin': '*',
    'Cache-Control': 'public, max-age=300',
    'X-Content-Type-Options': 'nosniff',
  }
  if (version) {
    headers.ETag = version.etag
    headers['Last-Modified'] = version.lastModified.toUTCString()
    if (await clientCopyIsCurrent(payload, key, request.headers, version)) return new Response(null, { headers, status: 304 })
  }

  const plan = await planFeed(ctx, where)
  if (location.kind === 'event' && plan.ids.length === 0) return plainText(404, inLanguage(FEED_TEXTS.notFound, location.language))
  const feedUrl = `${options.siteUrl}${request.pathname}${request.search ? `?${request.search.replace(/^\?/, '')}` : ''}`
  const fileName = location.kind === 'event' ? `${location.slug.replace(/[^\w.-]+/g, '-')}.ics` : `${new URL(options.siteUrl).hostname}-events.ics`
  Object.assign(headers, {
    'Content-Disposition': `attachment; filename="${fileName}"`,
    'Content-Type': 'text/calendar; charset=utf-8',
  })
  if (request.method.toUpperCase() === 'HEAD') return new Response(null, { headers, status: 200 })

  const head = calendarHead(ctx, plan, feedUrl)
  return new Response(streamOf(payload, request.pathname, pieces(head, eventBatches(ctx, plan.ids))), { headers, status: 200 })
}

async function* pieces(head: string, events: AsyncGenerator<string>): AsyncGenerator<string> {
  yield head
  yield* events
  yield CALENDAR_END
}

/**
 * A body read piece by piece as the client takes it (backpressure), so a feed of any size holds
 * one batch at a time. A failure midway aborts the body rather than ending it cleanly: a
 * truncated calendar must not look complete to the client.
 */
function streamOf(payload: Payload, path: string, source: AsyncGenerator<string>): ReadableStream<Uint8Array> {
  const encoder = new TextEncoder()
  return new ReadableStream<Uint8Array>({
    async pull(controller) {
      try {
        const { done, value } = await source.next()
        if (done) controller.close()
        else controller.enqueue(encoder.encode(value))
      } catch (error) {
        payload.logger.error({ err: error, msg: `calendar feed: ${path}` })
        controller.error(error)
      }
    },
    async cancel() {
      await source.return(undefined)
    },
  })
}

function jsonError(error: RestError): Response {
  return new Response(JSON.stringify(error.toBody()), {
    headers: { 'Content-Type': 'application/json; charset=UTF-8', 'X-Content-Type-Options': 'nosniff', ...error.headers },
    status: error.status,
  })
}

function plainText(status: number, message: string, headers: Record<string, string> = {}): Response {
  return new Response(`${message}\n`, { headers: { 'Content-Type': 'text/plain; charset=utf-8', 'X-Content-Type-Options': 'nosniff', ...headers }, status })
}
