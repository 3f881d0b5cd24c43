import type { Payload } from 'payload'

import type { SanitizedPluginConfig } from '../types'
import type { OccurrenceAt } from '../feeds/occurrencePath'

import {
  nextOccurrences,
  occurrenceOnDate,
  type OccurrenceRow,
  overrideTitle,
  readSeries,
} from '../feeds/seriesRows'
import { occurrenceUrl, seriesOf } from '../feeds/seriesVevents'
import { abbreviation } from '../feeds/vtimezone'
import { horizonAfter, summarizeRecurrence, type SummaryLocale } from '../recurrence/index'
import { type DatedLink, eventJsonLd, jsonLdScript, utcInstant } from './eventJsonLd'
import { plain, type PublicEvent } from './renderEventPage'

/** How many upcoming dates a series' or occurrence's page lists. */
const UPCOMING_DATES = 10
/** How far ahead those dates are looked for: as far as occurrences are stored by default. */
const UPCOMING_MONTHS = 24
const SUMMARY_LOCALES: readonly string[] = ['en', 'es', 'fr'] satisfies SummaryLocale[]

/** An occurrence as the page shows it: the event with the occurrence's dates and title, and its address. */
export type ShownOccurrence = { event: PublicEvent; url: string }

/** What a recurring event's page adds to the event's: its summary, link to the series, upcoming dates, JSON-LD. */
export type SeriesParts = {
  event: PublicEvent
  /** On an occurrence's page, the occurrence's id in the API (`GET /events/{id}` answers it). */
  occurrenceId?: number
  summary?: string
  seriesUrl?: string
  upcoming: ShownOccurrence[]
  jsonLd: string
  icsUrl?: string
}

type PageEvent = PublicEvent & { id?: number; slug?: string }

/**
 * The recurring event's page parts (docs/recurrence.md, "Public pages"), for an event the reader
 * was allowed to read: the series' page when `at` is absent, else that occurrence's page. `null`
 * when the event does not recur (the page is the event's own, or, for an occurrence's address,
 * missing); `'missing'` for an occurrence there is not, or one that is cancelled.
 */
export async function seriesPageParts(
  payload: Payload,
  options: SanitizedPluginConfig,
  event: PageEvent,
  args: { at?: OccurrenceAt; language: string; rootPath: string; now: Date },
): Promise<'missing' | null | SeriesParts> {
  if (typeof event.id !== 'number') return null
  const read = (await readSeries(payload, [event.id])).get(event.id)
  const parsed = read && seriesOf(read)
  if (!parsed) return null
  const siteUrl = `${options.siteUrl}${args.rootPath}`
  const shown = (row: OccurrenceRow): ShownOccurrence => ({
    event: occurrenceEvent(event, row),
    url: occurrenceUrl(siteUrl, options, event, row),
  })
  const dated = (item: ShownOccurrence, row: OccurrenceRow): DatedLink => ({
    startUtc: row.startUtc,
    endUtc: row.endUtc,
    url: item.url,
    title: overrideTitle(row),
  })
  const seriesUrl = `${siteUrl}/event/${encodeURIComponent(event.slug ?? '')}/`
  const until = horizonAfter(args.now, UPCOMING_MONTHS)

  if (!args.at) {
    const rows = await nextOccurrences(payload, event.id, {
      after: args.now,
      before: until,
      limit: UPCOMING_DATES,
    })
    const upcoming = rows.map(shown)
    const locale = SUMMARY_LOCALES.includes(args.language) ? args.language : 'en'
    return {
      event,
      summary: summarizeRecurrence(parsed.series, parsed.recurrence, locale as SummaryLocale),
      upcoming,
      jsonLd: jsonLdScript(
        eventJsonLd(event, {
          dates: {
            startUtc: utcInstant(event.utc_start_date),
            endUtc: utcInstant(event.utc_end_date),
            url: seriesUrl,
          },
          subEvents: upcoming.map((item, index) => dated(item, rows[index]!)),
        }),
      ),
    }
  }

  const row = await occurrenceOnDate(payload, event.id, args.at.date, args.at.n)
  if (!row || row.status === 'cancelled') return 'missing'
  const occurrence = shown(row)
  const later = await nextOccurrences(payload, event.id, {
    after: new Date(Math.max(args.now.getTime(), Date.parse(row.startUtc))),
    before: until,
    limit: UPCOMING_DATES,
  })
  const ics = `${siteUrl}/event/${encodeURIComponent(event.slug ?? '')}/${row.startLocal.slice(0, 10)}${row.numberOnDate > 1 ? `/${row.numberOnDate}` : ''}.ics`
  return {
    event: occurrence.event,
    occurrenceId: row.id,
    seriesUrl,
    upcoming: later.map(shown),
    jsonLd: jsonLdScript(
      eventJsonLd(event, {
        dates: dated(occurrence, row),
        rescheduled: Boolean(row.override && 'startLocal' in row.override),
        series: { name: plain(event.title), url: seriesUrl },
      }),
    ),
    icsUrl: event.status === 'publish' ? ics : undefined,
  }
}

/** The event with one occurrence's dates (wall times in its zone, as the API writes them) and title. */
function occurrenceEvent(event: PublicEvent, row: OccurrenceRow): PublicEvent {
  const zone = event.timezone
  const named = zone ? abbreviation(Date.parse(row.startUtc), zone) : null
  return {
    ...event,
    start_date: row.startLocal.replace('T', ' '),
    end_date: row.endLocal.replace('T', ' '),
    utc_start_date: row.startUtc.slice(0, 19).replace('T', ' '),
    utc_end_date: row.endUtc.slice(0, 19).replace('T', ' '),
    title: overrideTitle(row) ?? event.title,
    timezone_abbr: named ?? event.timezone_abbr,
  }
}
