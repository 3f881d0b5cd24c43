import type { CollectionSlug, Payload } from 'payload'

import { ImageDownloadError, type ImageDownloadOptions } from '../lib/imageDownload'
import { pluginOptionsOf } from '../pluginOptions'
import { horizonAfter } from '../recurrence/index'
import { applyFeed, type ImportSummary } from './applyFeed'
import { fetchFeed } from './fetchFeed'
import { FeedError, type ParsedFeed, parseFeed } from './parseFeed'
import {
  CALENDAR_SOURCES_SLUG,
  type CalendarSource,
  FEED_TIMEOUT_MS,
  MAX_FEED_BYTES,
  MAX_FEED_EVENTS,
  MAX_LOG_LINES,
} from './sources'

export interface RunResult {
  ok: boolean
  summary?: ImportSummary
  log: string[]
}

/**
 * One run of a calendar source: its feed fetched (or its uploaded text read), parsed and applied,
 * and the run's status, time and log kept on the source. A feed that cannot be had or read fails
 * the run and changes no event; `download` widens or narrows where feeds may be fetched from
 * (the command line's own runs fetch from any address, as its WordPress import does).
 */
export async function runCalendarSource(
  payload: Payload,
  sourceId: number,
  options: { download?: Partial<ImageDownloadOptions>; dryRun?: boolean; now?: Date } = {},
): Promise<RunResult> {
  const source = (await payload.findByID({
    collection: CALENDAR_SOURCES_SLUG as CollectionSlug,
    depth: 0,
    disableErrors: true,
    id: sourceId,
    overrideAccess: true,
  })) as CalendarSource | null
  if (!source) return { ok: false, log: [`calendar source ${sourceId} does not exist`] }
  const now = options.now ?? new Date()
  const log: string[] = []
  const say = (line: string) => {
    if (log.length < MAX_LOG_LINES) log.push(line)
    else if (log.length === MAX_LOG_LINES) log.push('… (more lines left out)')
  }
  let result: RunResult
  try {
    const feed = await readSourceFeed(payload, source, { download: options.download, now })
    feed.notes.forEach(say)
    const summary = await applyFeed({
      payload,
      source,
      events: feed.events,
      dryRun: options.dryRun,
      log: say,
    })
    log.unshift(summaryLine(summary, options.dryRun))
    result = { ok: summary.failed === 0, summary, log }
  } catch (error) {
    if (!(error instanceof FeedError || error instanceof ImageDownloadError)) throw error
    result = { ok: false, log: [`the feed could not be read: ${error.message}`, ...log] }
  }
  if (!options.dryRun) {
    await payload.update({
      collection: CALENDAR_SOURCES_SLUG as CollectionSlug,
      id: sourceId,
      data: {
        lastRun: {
          at: now.toISOString(),
          status: result.ok ? 'succeeded' : 'failed',
          log: result.log.join('\n'),
        },
      } as never,
      depth: 0,
      overrideAccess: true,
    })
  }
  if (!result.ok)
    payload.logger.warn(`events calendar: calendar source ${sourceId} failed: ${result.log[0]}`)
  return result
}

/** A source's feed fetched (or its file's text taken) and parsed; throws `FeedError` or `ImageDownloadError`. */
export async function readSourceFeed(
  payload: Payload,
  source: Pick<CalendarSource, 'ics' | 'url'>,
  options: { download?: Partial<ImageDownloadOptions>; now?: Date } = {},
): Promise<ParsedFeed> {
  const plugin = pluginOptionsOf(payload)
  const text = source.url
    ? await fetchFeed(source.url, {
        maxBytes: MAX_FEED_BYTES,
        siteUrl: plugin.siteUrl,
        timeoutMs: FEED_TIMEOUT_MS,
        trustedHosts: plugin.calendarSourceHosts,
        ...options.download,
      })
    : (source.ics ?? '')
  return parseFeed(text, {
    defaultZone: plugin.siteTimezone,
    horizon: horizonAfter(options.now ?? new Date(), plugin.recurrence.horizonMonths),
    maxEvents: MAX_FEED_EVENTS,
  })
}

export function summaryLine(summary: ImportSummary, dryRun?: boolean): string {
  const parts = [
    `${summary.created} created`,
    `${summary.updated} updated`,
    `${summary.unchanged} unchanged`,
    `${summary.keptLocal} kept as edited here`,
    `${summary.trashed} moved to the trash`,
    `${summary.failed} failed`,
  ]
  return `${dryRun ? 'dry run: would be ' : ''}${parts.join(', ')}`
}
