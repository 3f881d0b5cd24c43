'use client'

import type { EventDropArg, EventInput, EventSourceFuncArg } from '@fullcalendar/core'
import type { EventResizeDoneArg } from '@fullcalendar/interaction'

import dayGridPlugin from '@fullcalendar/daygrid'
import interactionPlugin from '@fullcalendar/interaction'
import FullCalendar from '@fullcalendar/react'
import timeGridPlugin from '@fullcalendar/timegrid'
import esLocale from '@fullcalendar/core/locales/es'
import frLocale from '@fullcalendar/core/locales/fr'
import { Button, toast } from '@payloadcms/ui'
import { DateTime, Duration } from 'luxon'
import { useRouter } from 'next/navigation'
import { stringify } from 'qs'
import type { Where } from 'payload'

import { useCallback, useEffect, useState } from 'react'

import type { Translate } from '../../i18n/index'
import type { PostStatus } from '../../types'

import { useCalendarTranslation } from '../../i18n/useCalendarTranslation'
import { fromCalendarTime, toCalendarTime } from './calendarZone'

type Props = {
  apiURL: string
  canCreate: boolean
  /**
   * Which events the editor may change: the collection's update access for them (true, false or
   * a condition on the event, such as "their own unpublished ones" for a contributor).
   */
  editable: boolean | Where
  listURL: string
  locale?: string
  /** The site's timezone, in which the calendar shows times unless the editor picks their browser's. */
  siteTimezone: string
  title: string
}

type CalendarEvent = {
  allDay?: boolean
  endDate: string
  id: number | string
  startDate: string
  status: PostStatus
  timezone?: string
  title?: string
}

/**
 * What the calendar shows of an event, its times in `shownZone` (null: the browser's). All-day
 * events keep their own dates and end on the day after their last (FullCalendar's ends are
 * exclusive).
 */
function toCalendarEvent(t: Translate, event: CalendarEvent, listURL: string, shownZone: null | string, editable: boolean): EventInput {
  const zone = event.timezone || 'UTC'
  const allDay = Boolean(event.allDay)
  const shown = (iso: string) => (shownZone ? toCalendarTime(iso, shownZone) : iso)
  return {
    allDay,
    classNames: [`event-calendar__event--${event.status}`, editable ? 'event-calendar__event--editable' : 'event-calendar__event--locked'],
    editable,
    end: allDay
      ? DateTime.fromISO(event.endDate, { zone }).plus({ days: 1 }).toISODate()!
      : shown(event.endDate),
    extendedProps: { endDate: event.endDate, startDate: event.startDate, status: event.status },
    id: String(event.id),
    start: allDay ? DateTime.fromISO(event.startDate, { zone }).toISODate()! : shown(event.startDate),
    title: `${event.title || t('untitled')}${event.status === 'publish' ? '' : ` · ${t(`status_${event.status}`)}`}`,
    url: `${listURL}/${event.id}`,
  }
}

/** The events that overlap [start, end): they start before its end and end after its start. */
function rangeWhere(range: { end: Date; start: Date }): Where {
  return {
    and: [
      { startDate: { less_than: range.end.toISOString() } },
      { endDate: { greater_than_equal: range.start.toISOString() } },
      { status: { not_equals: 'trash' } },
    ],
  }
}

function rangeQuery(where: Where, locale: string | undefined, select: Record<string, true>): string {
  return stringify({ depth: 0, limit: 1000, locale, select, sort: 'startDate', where }, { addQueryPrefix: true })
}

const SHOWN_FIELDS = { allDay: true, endDate: true, startDate: true, status: true, timezone: true, title: true } as const

/** Month and week calendar of the events, with drag and drop to move or resize one when the editor may. */
export function EventCalendar({ apiURL, canCreate, editable, listURL, locale, siteTimezone, title }: Props) {
  const router = useRouter()
  const { i18n, t } = useCalendarTranslation()
  const [inBrowserZone, setInBrowserZone] = useState(false)
  const shownZone = inBrowserZone ? null : siteTimezone
  // Read after the first render: the server renders this component too, in its own zone.
  const [browserZone, setBrowserZone] = useState<string>()
  useEffect(() => setBrowserZone(DateTime.local().zoneName ?? undefined), [])

  /** The ids among the range's events that the editor may change, asked with the update access's own condition. */
  const editableIds = useCallback(
    async (where: Where): Promise<'all' | Set<string>> => {
      if (editable === true) return 'all'
      if (editable === false) return new Set()
      const response = await fetch(`${apiURL}${rangeQuery({ and: [where, editable] }, locale, { id: true } as never)}`, { credentials: 'include' })
      const body = response.ok ? ((await response.json()) as { docs: Array<{ id: number | string }> }) : { docs: [] }
      return new Set(body.docs.map((doc) => String(doc.id)))
    },
    [apiURL, editable, locale],
  )

  const loadEvents = useCallback(
    async (range: EventSourceFuncArg) => {
      const where = rangeWhere(shownZone ? { end: fromCalendarTime(range.end, shownZone), start: fromCalendarTime(range.start, shownZone) } : range)
      const [response, mayChange] = await Promise.all([fetch(`${apiURL}${rangeQuery(where, locale, SHOWN_FIELDS)}`, { credentials: 'include' }), editableIds(where)])
      if (!response.ok) throw new Error(t('eventsNotLoaded', { status: response.status }))
      const body = (await response.json()) as { docs: CalendarEvent[] }
      return body.docs.map((event) => toCalendarEvent(t, event, listURL, shownZone, mayChange === 'all' || mayChange.has(String(event.id))))
    },
    [apiURL, editableIds, listURL, locale, shownZone, t],
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
        toast.error(body?.errors?.[0]?.message ?? t('eventNotMoved', { status: response.status }))
        return
      }
      toast.success(t('eventMoved', { title: info.event.title }))
      info.view.calendar.refetchEvents()
    },
    [apiURL, locale, t],
  )

  return (
    <div className="event-calendar">
      <style>{CALENDAR_STYLES}</style>
      <header className="event-calendar__header">
        <h1>{t('calendarTitle', { title })}</h1>
        <div className="event-calendar__actions">
          <Button buttonStyle="secondary" el="link" size="small" to={listURL}>
            {t('listView')}
          </Button>
          {canCreate ? (
            <Button buttonStyle="primary" el="link" size="small" to={`${listURL}/create`}>
              {t('createNew')}
            </Button>
          ) : null}
        </div>
      </header>
      <label className="event-calendar__zone">
        <input checked={inBrowserZone} onChange={(e) => setInBrowserZone(e.target.checked)} type="checkbox" />{' '}
        {t('showInBrowserZone', { browserZone: browserZone ? `(${browserZone.replaceAll('_', ' ')}) ` : '', siteZone: siteTimezone.replaceAll('_', ' ') })}
      </label>
      <FullCalendar
        dayMaxEvents={4}
        editable={editable !== false}
        key={shownZone ?? 'browser'}
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
        locale={i18n.language}
        locales={[frLocale, esLocale]}
        nowIndicator={!shownZone}
        timeZone={shownZone ? 'UTC' : 'local'}
        plugins={[dayGridPlugin, timeGridPlugin, interactionPlugin]}
      />
      <p className="event-calendar__legend">
        {shownZone ? t('shownInSiteZone', { zone: shownZone.replaceAll('_', ' ') }) : t('shownInBrowserZone')} {t('calendarLegend')}
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
.event-calendar__zone { display: flex; gap: calc(var(--base) / 4); align-items: center; margin-bottom: calc(var(--base) / 2); }
.event-calendar .event-calendar__event--locked { cursor: pointer; opacity: 0.85; }
.event-calendar__legend { color: var(--theme-elevation-500); margin-top: var(--base); }
`
