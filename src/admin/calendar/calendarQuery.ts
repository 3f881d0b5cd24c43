import type { Where } from 'payload'

import { stringify } from 'qs'

/**
 * What the calendar may be narrowed to, each empty for "any"; `categoryFamily` is the category
 * chosen and those below it (`withDescendants`), when known.
 */
export type CalendarFilters = {
  category: string
  categoryFamily?: string[]
  organizer: string
  status: string
  venue: string
}

export const NO_FILTERS: CalendarFilters = { category: '', organizer: '', status: '', venue: '' }

/**
 * The events that overlap [start, end) and match the filters; trashed events never. A series'
 * own dates are its first occurrence's: every series that starts before the end is found, and
 * its occurrences in the range are read from its occurrences route (`calendarOccurrences.ts`).
 */
export function calendarWhere(range: { end: Date; start: Date }, filters: CalendarFilters): Where {
  const and: Where[] = [
    { startDate: { less_than: range.end.toISOString() } },
    {
      or: [
        { endDate: { greater_than_equal: range.start.toISOString() } },
        { materializedUntil: { exists: true } },
      ],
    },
    { status: filters.status ? { equals: filters.status } : { not_equals: 'trash' } },
  ]
  if (filters.category)
    and.push({
      categories: {
        in: filters.categoryFamily?.length ? filters.categoryFamily : [filters.category],
      },
    })
  if (filters.venue) and.push({ venue: { equals: filters.venue } })
  if (filters.organizer) and.push({ organizers: { in: [filters.organizer] } })
  return { and }
}

/** What the calendar reads of each event: its times, status, and the names of its venue and categories. */
export const SHOWN_FIELDS = {
  allDay: true,
  categories: true,
  endDate: true,
  materializedUntil: true,
  startDate: true,
  status: true,
  timezone: true,
  title: true,
  venue: true,
} as const

export type CalendarEvent = {
  allDay?: boolean
  categories?: Array<{ id: number | string; name?: string } | number | string>
  endDate: string
  id: number | string
  /** Set on a series (the horizon its occurrences are stored to), empty on a single event. */
  materializedUntil?: null | string
  startDate: string
  status: string
  timezone?: string
  title?: string
  venue?: { id: number | string; name?: string } | null | number | string
}

/**
 * The REST query for a range: one level of relations, of which only the names are read
 * (Payload's `populate`), so a month of events stays one small request.
 */
export function calendarQuery(args: {
  categoriesSlug: string
  locale?: string
  select: Record<string, true>
  venuesSlug: string
  where: Where
}): string {
  const { categoriesSlug, locale, select, venuesSlug, where } = args
  return stringify(
    {
      depth: 1,
      limit: 1000,
      locale,
      populate: { [categoriesSlug]: { name: true }, [venuesSlug]: { name: true } },
      select,
      sort: 'startLocal',
      where,
    },
    { addQueryPrefix: true },
  )
}
