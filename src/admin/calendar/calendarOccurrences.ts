/** One occurrence of a series as the occurrences route answers it (docs/recurrence.md, "Payload's REST"). */
export type CalendarOccurrence = {
  endUtc: string
  id: number
  override: null | { title?: string }
  startUtc: string
  status: 'cancelled' | 'scheduled'
}

/** Which occurrences a drag moves: the one dragged, it and the later ones, or the whole series. */
export type MoveScope = 'all' | 'following' | 'this'

/** The route's page size at most: a day's occurrences of a daily series over six weeks fit in one page. */
const PAGE = 100
/** Pages read at most per series and range: an hourly series' month stays bounded. */
const MAX_PAGES = 10

/**
 * The occurrences of the series `eventId` that overlap [start, end), cancelled ones included for
 * those who may edit events (the route lists them only to them).
 */
export async function loadSeriesOccurrences(
  apiURL: string,
  eventId: number | string,
  range: { end: Date; start: Date },
): Promise<CalendarOccurrence[]> {
  const found: CalendarOccurrence[] = []
  for (let page = 1; page <= MAX_PAGES; page++) {
    const params = new URLSearchParams({
      from: range.start.toISOString(),
      limit: String(PAGE),
      page: String(page),
      to: range.end.toISOString(),
    })
    const response = await fetch(`${apiURL}/${eventId}/occurrences?${params.toString()}`, {
      credentials: 'include',
    })
    if (!response.ok) break
    const body = (await response.json()) as { docs: CalendarOccurrence[]; hasNextPage?: boolean }
    found.push(...body.docs)
    if (!body.hasNextPage) break
  }
  return found
}

/** Moves one occurrence, or its series from it, to new instants (`PATCH …/occurrences/:id`). */
export function patchOccurrence(
  apiURL: string,
  target: { eventId: number | string; occurrenceId: number | string },
  change: { endDate: string; scope: MoveScope; startDate: string },
  locale?: string,
): Promise<Response> {
  return fetch(
    `${apiURL}/${target.eventId}/occurrences/${target.occurrenceId}${locale ? `?locale=${locale}` : ''}`,
    {
      body: JSON.stringify(change),
      credentials: 'include',
      headers: { 'Content-Type': 'application/json' },
      method: 'PATCH',
    },
  )
}
