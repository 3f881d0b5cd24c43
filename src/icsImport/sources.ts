/** The calendar sources' collections (collections/CalendarSources/): slugs and what a run reads of them. */
export const CALENDAR_SOURCES_SLUG = 'calendar-sources'
/** Which source event each imported event is: UID and RECURRENCE-ID, kept per source. */
export const CALENDAR_SOURCE_ITEMS_SLUG = 'calendar-source-items'

export const SCHEDULES = ['hourly', 'daily', 'manual'] as const
export type Schedule = (typeof SCHEDULES)[number]

export const CONFLICT_POLICIES = ['keepLocalEdits', 'sourceWins'] as const
export type ConflictPolicy = (typeof CONFLICT_POLICIES)[number]

/** The statuses a source may give its new events. */
export const IMPORTED_STATUSES = ['draft', 'pending', 'publish', 'private'] as const

/** At most this many events (series instances included) are read from one feed. */
export const MAX_FEED_EVENTS = 5000
/** A feed larger than this is refused as it arrives, never read whole first. */
export const MAX_FEED_BYTES = 10 * 1024 * 1024
/**
 * The largest .ics file the admin reads into a source's text: the form sends it whole in one
 * request, which the API takes up to 1 MiB (`src/server/payloadApiHandlers.ts`); a larger
 * calendar is imported by its address.
 */
export const MAX_ICS_FILE_BYTES = 900 * 1024
/** A feed is fetched within this time, redirects included. */
export const FEED_TIMEOUT_MS = 30_000
/** The longest log a run keeps on its source. */
export const MAX_LOG_LINES = 200

type Related = number | { id: number } | null | undefined

/** A calendar source as a run reads it. */
export interface CalendarSource {
  id: number
  name: string
  url?: null | string
  ics?: null | string
  schedule?: null | Schedule
  eventStatus?: null | (typeof IMPORTED_STATUSES)[number]
  conflictPolicy?: ConflictPolicy | null
  venue?: Related
  organizers?: Related[] | null
  categories?: Related[] | null
  tags?: Related[] | null
  lastRun?: { at?: null | string } | null
}

export const idOf = (value: Related): null | number =>
  value == null ? null : typeof value === 'object' ? value.id : value
