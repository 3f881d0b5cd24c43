/**
 * Where the editor is in the calendar (its view and the first day shown), kept in the page's
 * address (`?view=timeGridWeek&date=2026-12-14`): opening an event from the calendar and coming
 * back (the browser's Back, or a link to this address) shows the same month, week or day again,
 * instead of today's month.
 */
export const CALENDAR_VIEWS = ['dayGridMonth', 'timeGridWeek', 'timeGridDay', 'agenda'] as const

export type CalendarView = (typeof CALENDAR_VIEWS)[number]

export type CalendarPlace = { date?: string; view: CalendarView }

const DAY = /^\d{4}-\d{2}-\d{2}$/

/** The place in an address's query, or the month view of today when it names none (or nonsense). */
export function readCalendarPlace(params: Pick<URLSearchParams, 'get'> | null): CalendarPlace {
  const view = params?.get('view')
  const date = params?.get('date')
  return {
    date: date && DAY.test(date) && !Number.isNaN(Date.parse(date)) ? date : undefined,
    view: CALENDAR_VIEWS.includes(view as CalendarView) ? (view as CalendarView) : 'dayGridMonth',
  }
}

/** Writes the place into the current address without a new history entry (the other parameters kept). */
export function keepCalendarPlace(view: string, date: string): void {
  const url = new URL(window.location.href)
  if (url.searchParams.get('view') === view && url.searchParams.get('date') === date) return
  url.searchParams.set('view', view)
  url.searchParams.set('date', date)
  window.history.replaceState(window.history.state, '', url)
}
