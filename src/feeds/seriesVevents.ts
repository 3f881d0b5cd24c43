import type { SanitizedPluginConfig } from '../types'
import type { EventDoc } from '../calendar/events/eventDoc'
import type { OccurrenceRow, SeriesRead } from './seriesRows'

import { occurrencePermalink } from '../lib/urls'
import {
  formatRecurrenceLines,
  recurrenceOf,
  RecurrenceError,
  type Recurrence,
  type SeriesStart,
  seriesStartOf,
} from '../recurrence/index'
import { dateProperty } from '../recurrence/format'
import { instantToWall } from '../recurrence/wallTime'
import { overrideTitle } from './seriesRows'
import { sequenceOf, type SerializedEvent, vevent } from './vevent'

/*
 * A recurring event in a feed (docs/recurrence.md, "Feeds"): one VEVENT with the rule, whose UID
 * names the event and never changes, and one more per changed occurrence with the same UID and
 * the occurrence's RECURRENCE-ID; cancelled occurrences are EXDATEs, which every client removes
 * (a STATUS:CANCELLED override is shown struck through by some and hidden by others). One
 * occurrence's own feed is a standalone VEVENT with a UID of its own.
 */

/** What a VEVENT needs besides the event: `vevent`'s arguments. */
type VeventArgs = { description: string; language: string; now: Date; siteTimezone: string }

/** A stored series read as `src/recurrence/` models it; null when what is stored cannot be read (the save refuses such a series). */
export function seriesOf(read: SeriesRead): null | { recurrence: Recurrence; series: SeriesStart } {
  try {
    const series = seriesStartOf(read.fields)
    const recurrence = recurrenceOf(read.fields, series)
    return recurrence ? { recurrence, series } : null
  } catch (error) {
    if (error instanceof RecurrenceError) return null
    throw error
  }
}

const hostOf = (options: SanitizedPluginConfig) => new URL(options.siteUrl).hostname

/** `YYYY-MM-DD` of an occurrence's current start: its permalink's date. */
export const occurrenceDate = (row: OccurrenceRow): string => row.startLocal.slice(0, 10)

/** An occurrence's permalink (`occurrencePermalink`), under `siteUrl` (which may carry a language root). */
export function occurrenceUrl(
  siteUrl: string,
  options: SanitizedPluginConfig,
  doc: { slug?: unknown; status?: unknown },
  row: OccurrenceRow,
): string {
  return occurrencePermalink(
    { ...options, siteUrl },
    { slug: doc.slug as string, status: doc.status as string },
    { date: occurrenceDate(row), id: row.id, numberOnDate: row.numberOnDate },
  )
}

/**
 * The series' VEVENTs: the rule's, then one per occurrence moved or retitled (not cancelled),
 * in the order of their original starts. An occurrence's SEQUENCE is the series' plus its own,
 * so it never goes back and is never below the series' own.
 */
export function seriesVevents(
  doc: EventDoc,
  shown: SerializedEvent,
  args: VeventArgs & {
    exceptions: OccurrenceRow[]
    options: SanitizedPluginConfig
    recurrence: Recurrence
    series: SeriesStart
  },
): string {
  const { exceptions, options, recurrence, series, ...rest } = args
  const uid = `${doc.id}@${hostOf(options)}`
  const asSeries = (wall: string) => (series.allDay ? wall.slice(0, 10) : wall)
  const cancelled = exceptions
    .filter((row) => row.status === 'cancelled')
    .map((row) => asSeries(row.originalStart))
  const exdates = [...new Set([...recurrence.exdates, ...cancelled])].sort()
  const own = sequenceOf(doc)
  const master = vevent(doc, shown, {
    ...rest,
    instance: {
      uid,
      zone: series.timeZone,
      allDay: series.allDay,
      startLocal: series.start,
      endLocal: instantToWall(new Date(doc.endDate), series.timeZone),
      sequence: own,
      url: shown.url,
      // Without DTSTART: the VEVENT writes its own, the same value.
      lines: formatRecurrenceLines(series, { ...recurrence, exdates }).slice(1),
    },
  })
  const changed = exceptions
    .filter((row) => row.status === 'scheduled' && row.override)
    .map((row) =>
      vevent(doc, shown, {
        ...rest,
        instance: {
          uid,
          zone: series.timeZone,
          allDay: series.allDay,
          startLocal: row.startLocal,
          endLocal: row.endLocal,
          sequence: own + row.sequence,
          title: overrideTitle(row),
          url: occurrenceUrl(options.siteUrl, options, doc, row),
          lines: [dateProperty('RECURRENCE-ID', [asSeries(row.originalStart)], series)],
        },
      }),
    )
  return master + changed.join('')
}

/** One occurrence as a VEVENT of its own (no rule), `UID:{event id}-{occurrence id}@{host}`. */
export function occurrenceVevent(
  doc: EventDoc,
  shown: SerializedEvent,
  args: VeventArgs & { options: SanitizedPluginConfig; row: OccurrenceRow; series: SeriesStart },
): string {
  const { options, row, series, ...rest } = args
  return vevent(doc, shown, {
    ...rest,
    instance: {
      uid: `${doc.id}-${row.id}@${hostOf(options)}`,
      zone: series.timeZone,
      allDay: series.allDay,
      startLocal: row.startLocal,
      endLocal: row.endLocal,
      sequence: sequenceOf(doc) + row.sequence,
      title: overrideTitle(row),
      url: occurrenceUrl(options.siteUrl, options, doc, row),
      lines: [],
    },
  })
}
