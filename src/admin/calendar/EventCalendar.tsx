'use client'

import type { EventDropArg, EventInput, EventSourceFuncArg } from '@fullcalendar/core'
import type { EventResizeDoneArg } from '@fullcalendar/interaction'

import dayGridPlugin from '@fullcalendar/daygrid'
import interactionPlugin from '@fullcalendar/interaction'
import FullCalendar from '@fullcalendar/react'
import timeGridPlugin from '@fullcalendar/timegrid'
import { Button, toast } from '@payloadcms/ui'
import { DateTime, Duration } from 'luxon'
import { useRouter } from 'next/navigation'
import { stringify } from 'qs'
import { useCallback } from 'react'

import { STATUS_LABELS } from '../../lib/statuses'

type Props = {
  apiURL: string
  canCreate: boolean
  canEdit: boolean
  listURL: string
  locale?: string
  title: string
}

type CalendarEvent = {
  allDay?: boolean
  endDate: string
  id: number | string
  startDate: string
  status: keyof typeof STATUS_LABELS
  timezone?: string
  title?: string
}

/** What the calendar shows of an event. All-day events end on the day after their last (FullCalendar's ends are exclusive). */
function toCalendarEvent(event: CalendarEvent, listURL: string): EventInput {
  const zone = event.timezone || 'UTC'
  const allDay = Boolean(event.allDay)
  return {
    allDay,
    classNames: [`event-calendar__event--${event.status}`],
    end: allDay
      ? DateTime.fromISO(event.endDate, { zone }).plus({ days: 1 }).toISODate()!
      : event.endDate,
    extendedProps: { endDate: event.endDate, startDate: event.startDate, status: event.status },
    id: String(event.id),
    start: allDay ? DateTime.fromISO(event.startDate, { zone }).toISODate()! : event.startDate,
    title: `${event.title || '(untitled)'}${event.status === 'publish' ? '' : ` · ${STATUS_LABELS[event.status] ?? event.status}`}`,
    url: `${listURL}/${event.id}`,
  }
}

/** The REST query for the events that overlap [start, end): they start before its end and end after its start. */
function rangeQuery(range: EventSourceFuncArg, locale: string | undefined): string {
  return stringify(
    {
      depth: 0,
      limit: 1000,
      locale,
      select: { allDay: true, endDate: true, startDate: true, status: true, timezone: true, title: true },
      sort: 'startDate',
      where: {
        and: [
          { startDate: { less_than: range.end.toISOString() } },
          { endDate: { greater_than_equal: range.start.toISOString() } },
          { status: { not_equals: 'trash' } },
        ],
      },
    },
    { addQueryPrefix: true },
  )
}

/** Month and week calendar of the events, with drag and drop to move or resize one when the editor may. */
export function EventCalendar({ apiURL, canCreate, canEdit, listURL, locale, title }: Props) {
  const router = useRouter()

  const loadEvents = useCallback(
    async (range: EventSourceFuncArg) => {
      const response = await fetch(`${apiURL}${rangeQuery(range, locale)}`, { credentials: 'include' })
      if (!response.ok) throw new Error(`The events could not be loaded (${response.status}).`)
      const body = (await response.json()) as { docs: CalendarEvent[] }
      return body.docs.map((event) => toCalendarEvent(event, listURL))
    },
    [apiURL, listURL, locale],
  )

  // Moves keep what was not dragged: the stored instants shift by the drag's duration, so an
  // all-day event stays all day in its own timezone whatever the editor's browser zone.
  const saveMove = useCallback(
    async (info: EventDropArg | EventResizeDoneArg) => {
      const { endDate, startDate } = info.event.extendedProps as { endDate: string; startDate: string }
      const startDelta = 'delta' in info ? info.delta : info.startDelta
      const endDelta = 'delta' in info ? info.delta : info.endDelta
      const shift = (iso: string, delta: typeof startDelta) =>
        DateTime.fromISO(iso).plus(Duration.fromObject({ days: delta.days, milliseconds: delta.milliseconds, months: delta.months, years: delta.years })).toUTC().toISO()
      const response = await fetch(`${apiURL}/${info.event.id}${locale ? `?locale=${locale}` : ''}`, {
        body: JSON.stringify({ endDate: shift(endDate, endDelta), startDate: shift(startDate, startDelta) }),
        credentials: 'include',
        headers: { 'Content-Type': 'application/json' },
        method: 'PATCH',
      })
      if (!response.ok) {
        info.revert()
        const body = await response.json().catch(() => null)
        toast.error(body?.errors?.[0]?.message ?? `The event could not be moved (${response.status}).`)
        return
      }
      toast.success(`Moved “${info.event.title}”.`)
      info.view.calendar.refetchEvents()
    },
    [apiURL, locale],
  )

  return (
    <div className="event-calendar">
      <style>{CALENDAR_STYLES}</style>
      <header className="event-calendar__header">
        <h1>{title}: calendar</h1>
        <div className="event-calendar__actions">
          <Button buttonStyle="secondary" el="link" size="small" to={listURL}>
            List view
          </Button>
          {canCreate ? (
            <Button buttonStyle="primary" el="link" size="small" to={`${listURL}/create`}>
              Create new
            </Button>
          ) : null}
        </div>
      </header>
      <FullCalendar
        dayMaxEvents={4}
        editable={canEdit}
        eventClick={(info) => {
          info.jsEvent.preventDefault()
          if (info.event.url) router.push(info.event.url)
        }}
        eventDrop={saveMove}
        eventResize={saveMove}
        eventSources={[{ events: loadEvents, id: 'events' }]}
        eventTimeFormat={{ hour: '2-digit', hour12: false, minute: '2-digit' }}
        headerToolbar={{ center: 'title', left: 'prev,next today', right: 'dayGridMonth,timeGridWeek' }}
        height="auto"
        initialView="dayGridMonth"
        nowIndicator
        plugins={[dayGridPlugin, timeGridPlugin, interactionPlugin]}
      />
      <p className="event-calendar__legend">
        Times are shown in your browser’s timezone. Unpublished events are outlined; trashed events are not shown.
      </p>
    </div>
  )
}

const CALENDAR_STYLES = `
.event-calendar { padding-bottom: calc(var(--base) * 2); }
.event-calendar__header { display: flex; align-items: center; justify-content: space-between; gap: var(--base); margin: var(--base) 0; }
.event-calendar__header h1 { margin: 0; }
.event-calendar__actions { display: flex; gap: calc(var(--base) / 2); }
.event-calendar .fc { --fc-border-color: var(--theme-elevation-150); --fc-page-bg-color: var(--theme-bg); --fc-neutral-bg-color: var(--theme-elevation-50); --fc-today-bg-color: var(--theme-elevation-100); --fc-event-bg-color: var(--theme-success-500); --fc-event-border-color: var(--theme-success-600); color: var(--theme-text); }
.event-calendar .fc .fc-button { text-transform: capitalize; }
.event-calendar .fc-event:not([class*="--publish"]) { background: transparent; border-style: dashed; }
.event-calendar .fc-event:not([class*="--publish"]) .fc-event-main, .event-calendar .fc-daygrid-event:not([class*="--publish"]) { color: var(--theme-text); }
.event-calendar__legend { color: var(--theme-elevation-500); margin-top: var(--base); }
`
