'use client'

import type {
  DateSelectArg,
  EventContentArg,
  EventDropArg,
  EventHoveringArg,
  EventInput,
  EventSourceFuncArg,
} from '@fullcalendar/core'
import type { EventResizeDoneArg } from '@fullcalendar/interaction'
import type { Where } from 'payload'

import esLocale from '@fullcalendar/core/locales/es'
import frLocale from '@fullcalendar/core/locales/fr'
import dayGridPlugin from '@fullcalendar/daygrid'
import interactionPlugin from '@fullcalendar/interaction'
import FullCalendar from '@fullcalendar/react'
import timeGridPlugin from '@fullcalendar/timegrid'
import { Button, toast } from '@payloadcms/ui'
import { DateTime, Duration } from 'luxon'
import { useRouter, useSearchParams } from 'next/navigation.js'
import { useCallback, useEffect, useMemo, useRef, useState } from 'react'

import type { Translate } from '../../i18n/index'

import { useCalendarTranslation } from '../../i18n/useCalendarTranslation'
import { AgendaContext, agendaPlugin } from './agendaView'
import { CalendarFilterBar } from './CalendarFilterBar'
import {
  type CalendarOccurrence,
  loadSeriesOccurrences,
  type MoveScope,
  patchOccurrence,
} from './calendarOccurrences'
import { keepCalendarPlace, readCalendarPlace } from './calendarPlace'
import { describeWhen, TIME_FORMAT } from './calendarFormat'
import {
  type CalendarEvent,
  type CalendarFilters,
  calendarQuery,
  calendarWhere,
  NO_FILTERS,
  SHOWN_FIELDS,
} from './calendarQuery'
import { fromCalendarTime, toCalendarTime } from './calendarZone'
import { colourOfCategory, NO_CATEGORY_COLOUR } from './categoryColours'
import { type HoverCardHandle, HoverCardHost } from './EventHoverCard'
import { MOVE_SCOPE_STYLES, MoveScopeDialog, type MoveScopeHandle } from './MoveScopeDialog'

type Slugs = { categories: string; organizers: string; venues: string }

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
  slugs: Slugs
  title: string
}

type Named = { id: number | string; name?: string }
const named = (value: unknown): Named | null =>
  value && typeof value === 'object' && 'id' in value ? (value as Named) : null

/** An event's first category with a name, which gives it its colour. */
function firstCategory(event: CalendarEvent): Named | null {
  for (const category of event.categories ?? []) {
    const found = named(category)
    if (found) return found
  }
  return null
}

/**
 * What the calendar shows of an event, or of one `occurrence` of a series (its own dates and
 * title; struck through when cancelled, which only editors are shown, and not draggable), its
 * times in `shownZone` (null: the browser's). All-day events keep their own dates and end on the
 * day after their last (FullCalendar's ends are exclusive). Coloured by its first category;
 * outlined while unpublished.
 */
function toCalendarEvent(
  t: Translate,
  series: CalendarEvent,
  listURL: string,
  shownZone: null | string,
  mayChange: boolean,
  occurrence?: CalendarOccurrence,
): EventInput {
  const cancelled = occurrence?.status === 'cancelled'
  const editable = mayChange && !cancelled
  const event: CalendarEvent = occurrence
    ? {
        ...series,
        endDate: occurrence.endUtc,
        startDate: occurrence.startUtc,
        title: occurrence.override?.title || series.title,
      }
    : series
  const zone = event.timezone || 'UTC'
  const allDay = Boolean(event.allDay)
  const shown = (iso: string) => (shownZone ? toCalendarTime(iso, shownZone) : iso)
  const category = firstCategory(event)
  const colour = category ? colourOfCategory(category.id) : NO_CATEGORY_COLOUR
  return {
    allDay,
    backgroundColor: colour,
    borderColor: colour,
    classNames: [
      `event-calendar__event--${event.status}`,
      editable ? 'event-calendar__event--editable' : 'event-calendar__event--locked',
      ...(occurrence ? ['event-calendar__event--occurrence'] : []),
      ...(cancelled ? ['event-calendar__event--cancelled'] : []),
    ],
    editable,
    end: allDay
      ? DateTime.fromISO(event.endDate, { zone }).plus({ days: 1 }).toISODate()!
      : shown(event.endDate),
    extendedProps: {
      categoryId: category ? String(category.id) : '',
      categoryName: category?.name ?? '',
      colour,
      cancelled,
      endDate: event.endDate,
      eventId: String(event.id),
      occurrenceId: occurrence ? String(occurrence.id) : '',
      startDate: event.startDate,
      status: event.status,
      statusLabel: cancelled ? t('occurrenceCancelled') : t(`status_${event.status}` as never),
      timezone: zone,
      venueName: named(event.venue)?.name ?? '',
    },
    id: occurrence ? `${event.id}:${occurrence.id}` : String(event.id),
    start: allDay
      ? DateTime.fromISO(event.startDate, { zone }).toISODate()!
      : shown(event.startDate),
    title: event.title || t('untitled'),
    url: `${listURL}/${event.id}`,
  }
}

type LegendEntry = { colour: string; id: string; name: string }

/** The week and day views' height: about ten hours of a working day in view. */
const TIME_GRID_HEIGHT = 760

/**
 * The events as a month, week, day or agenda calendar, coloured by category, with filters, a
 * hover card, drag and drop to move or resize an event the editor may change (with an Undo), and
 * a click or drag on an empty slot to create one at those times.
 */
export function EventCalendar({
  apiURL,
  canCreate,
  editable,
  listURL,
  locale,
  siteTimezone,
  slugs,
  title,
}: Props) {
  const router = useRouter()
  const { i18n, t } = useCalendarTranslation()
  // The view and first day the address names (kept there as the editor moves: `calendarPlace.ts`).
  const searchParams = useSearchParams()
  const [place, setPlace] = useState(() => readCalendarPlace(searchParams))
  // Where the calendar is now, so that showing another zone (which rebuilds it) stays there.
  const shownPlace = useRef(place)
  const [inBrowserZone, setInBrowserZone] = useState(false)
  const shownZone = inBrowserZone ? null : siteTimezone
  // Read after the first render: the server renders this component too, in its own zone.
  const [browserZone, setBrowserZone] = useState<string>()
  useEffect(() => setBrowserZone(DateTime.local().zoneName ?? undefined), [])
  const [filters, setFilters] = useState<CalendarFilters>(NO_FILTERS)
  const [legend, setLegend] = useState<LegendEntry[]>([])
  const [timeGrid, setTimeGrid] = useState(false)
  const calendarRef = useRef<FullCalendar>(null)
  const hoverCard = useRef<HoverCardHandle>(null)
  const moveScope = useRef<MoveScopeHandle>(null)
  // Read by the event source when it runs: a change of filters reloads the events in place
  // (a new source would empty the calendar while the new events load).
  const filtersRef = useRef(filters)
  useEffect(() => {
    if (filtersRef.current === filters) return
    filtersRef.current = filters
    calendarRef.current?.getApi().refetchEvents()
  }, [filters])

  const query = useCallback(
    (where: Where, select: Record<string, true>) =>
      `${apiURL}${calendarQuery({ categoriesSlug: slugs.categories, locale, select, venuesSlug: slugs.venues, where })}`,
    [apiURL, locale, slugs.categories, slugs.venues],
  )

  /** The ids among the range's events that the editor may change, asked with the update access's own condition. */
  const editableIds = useCallback(
    async (where: Where): Promise<'all' | Set<string>> => {
      if (editable === true) return 'all'
      if (editable === false) return new Set()
      const response = await fetch(query({ and: [where, editable] }, { id: true }), {
        credentials: 'include',
      })
      const body = response.ok
        ? ((await response.json()) as { docs: Array<{ id: number | string }> })
        : { docs: [] }
      return new Set(body.docs.map((doc) => String(doc.id)))
    },
    [editable, query],
  )

  const loadEvents = useCallback(
    async (range: EventSourceFuncArg) => {
      const instants = shownZone
        ? {
            end: fromCalendarTime(range.end, shownZone),
            start: fromCalendarTime(range.start, shownZone),
          }
        : range
      const where = calendarWhere(instants, filtersRef.current)
      const [response, mayChange] = await Promise.all([
        fetch(query(where, SHOWN_FIELDS), { credentials: 'include' }),
        editableIds(where),
      ])
      if (!response.ok) throw new Error(t('eventsNotLoaded', { status: response.status }))
      const body = (await response.json()) as { docs: CalendarEvent[] }
      // A series shows as its occurrences in the range (its own dates are only its first's).
      const shown = await Promise.all(
        body.docs.map(async (event) => {
          const may = mayChange === 'all' || mayChange.has(String(event.id))
          if (!event.materializedUntil) return [toCalendarEvent(t, event, listURL, shownZone, may)]
          const occurrences = await loadSeriesOccurrences(apiURL, event.id, instants)
          return occurrences.map((occurrence) =>
            toCalendarEvent(t, event, listURL, shownZone, may, occurrence),
          )
        }),
      )
      return shown.flat()
    },
    [apiURL, editableIds, listURL, query, shownZone, t],
  )
  // A new array when what is loaded changes: FullCalendar then reads the events again.
  const eventSources = useMemo(() => [{ events: loadEvents, id: 'events' }], [loadEvents])

  const patchDates = useCallback(
    (id: string, dates: { endDate: string; startDate: string }) =>
      fetch(`${apiURL}/${id}${locale ? `?locale=${locale}` : ''}`, {
        body: JSON.stringify(dates),
        credentials: 'include',
        headers: { 'Content-Type': 'application/json' },
        method: 'PATCH',
      }),
    [apiURL, locale],
  )

  // Moves keep what was not dragged: the stored instants shift by the drag's duration, so an
  // all-day event stays all day in its own timezone whatever the editor's browser zone.
  const saveMove = useCallback(
    async (info: EventDropArg | EventResizeDoneArg) => {
      const before = info.event.extendedProps as { endDate: string; startDate: string }
      const startDelta = 'delta' in info ? info.delta : info.startDelta
      const endDelta = 'delta' in info ? info.delta : info.endDelta
      const shift = (iso: string, delta: typeof startDelta) =>
        DateTime.fromISO(iso)
          .plus(
            Duration.fromObject({
              days: delta.days,
              milliseconds: delta.milliseconds,
              months: delta.months,
              years: delta.years,
            }),
          )
          .toUTC()
          .toISO()!
      const calendar = info.view.calendar
      const moved = {
        endDate: shift(before.endDate, endDelta),
        startDate: shift(before.startDate, startDelta),
      }
      const { eventId, occurrenceId } = info.event.extendedProps as {
        eventId: string
        occurrenceId: string
      }
      // A series' occurrence: which ones move is the editor's choice; the answer names the event
      // holding it afterwards (a new one for "this and following"), which an undo moves back.
      let scope: MoveScope | null = null
      if (occurrenceId) {
        scope = (await moveScope.current?.ask(info.event.title)) ?? null
        if (!scope) {
          info.revert()
          return
        }
      }
      const response = scope
        ? await patchOccurrence(apiURL, { eventId, occurrenceId }, { ...moved, scope }, locale)
        : await patchDates(info.event.id, moved)
      if (!response.ok) {
        info.revert()
        const body = await response.json().catch(() => null)
        toast.error(body?.errors?.[0]?.message ?? t('eventNotMoved', { status: response.status }))
        return
      }
      const holder = scope
        ? String(((await response.json()) as { event?: number }).event ?? eventId)
        : eventId
      const undo = async () => {
        const previous = { endDate: before.endDate, startDate: before.startDate }
        const undone = scope
          ? await patchOccurrence(
              apiURL,
              { eventId: holder, occurrenceId },
              { ...previous, scope: scope === 'this' ? 'this' : 'all' },
              locale,
            )
          : await patchDates(info.event.id, previous)
        if (undone.ok) toast.success(t('moveUndone'))
        else toast.error(t('eventNotMoved', { status: undone.status }))
        calendar.refetchEvents()
      }
      toast.success(t('eventMoved', { title: info.event.title }), {
        action: { label: t('undo'), onClick: () => void undo() },
        duration: 10_000,
      })
      calendar.refetchEvents()
    },
    [apiURL, locale, patchDates, t],
  )

  /** A click or drag on empty time: the create form, with those times (whole days from the month view). */
  const createAt = (selection: DateSelectArg) => {
    const zone = shownZone ?? DateTime.local().zoneName ?? 'UTC'
    const params = new URLSearchParams()
    if (selection.allDay) {
      const lastDay = DateTime.fromISO(selection.endStr.slice(0, 10), { zone }).minus({ days: 1 })
      params.set(
        'startDate',
        DateTime.fromISO(selection.startStr.slice(0, 10), { zone }).startOf('day').toUTC().toISO()!,
      )
      params.set('endDate', lastDay.endOf('day').set({ millisecond: 0 }).toUTC().toISO()!)
      params.set('allDay', '1')
    } else {
      const instant = (date: Date) =>
        (shownZone ? fromCalendarTime(date, shownZone) : date).toISOString()
      params.set('startDate', instant(selection.start))
      params.set('endDate', instant(selection.end))
    }
    selection.view.calendar.unselect()
    router.push(`${listURL}/create?${params.toString()}`)
  }

  const showCard = useCallback(
    (info: EventHoveringArg) => {
      const props = info.event.extendedProps as {
        colour: string
        endDate: string
        startDate: string
        statusLabel: string
        timezone: string
        venueName: string
      }
      const rect = info.el.getBoundingClientRect()
      hoverCard.current?.show(
        {
          colour: props.colour,
          status: props.statusLabel,
          title: info.event.title,
          venue: props.venueName || undefined,
          when: describeWhen(
            {
              allDay: info.event.allDay,
              endDate: props.endDate,
              startDate: props.startDate,
              zone: props.timezone,
            },
            shownZone,
            i18n.language,
          ),
        },
        { bottom: rect.bottom, left: rect.left },
      )
    },
    [i18n.language, shownZone],
  )
  const hideCard = useCallback(() => hoverCard.current?.hide(), [])

  const renderEvent = useCallback((arg: EventContentArg) => {
    const props = arg.event.extendedProps as {
      status: string
      statusLabel: string
      venueName: string
    }
    return (
      <div className="event-calendar__event-content">
        {arg.timeText ? <span className="event-calendar__event-time">{arg.timeText} </span> : null}
        <span className="event-calendar__event-title">{arg.event.title}</span>
        {props.status === 'publish' ? null : (
          <span className="event-calendar__event-status"> · {props.statusLabel}</span>
        )}
        {props.venueName ? (
          <span className="event-calendar__event-venue">{props.venueName}</span>
        ) : null}
      </div>
    )
  }, [])

  const agenda = useMemo(
    () => ({
      allDayText: t('allDayCell'),
      emptyText: t('noEventsInRange'),
      language: i18n.language,
      open: (url: string) => router.push(url),
    }),
    [i18n.language, router, t],
  )

  return (
    <div className="event-calendar">
      <style>{CALENDAR_STYLES + MOVE_SCOPE_STYLES}</style>
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
      <CalendarFilterBar filters={filters} locale={locale} onChange={setFilters} slugs={slugs} />
      <label className="event-calendar__zone">
        <input
          checked={inBrowserZone}
          onChange={(e) => {
            // The calendar is rebuilt in the other zone: at the view and date it shows now, not the first.
            setPlace(shownPlace.current)
            setInBrowserZone(e.target.checked)
          }}
          type="checkbox"
        />{' '}
        {t('showInBrowserZone', {
          browserZone: browserZone ? `(${browserZone.replaceAll('_', ' ')}) ` : '',
          siteZone: siteTimezone.replaceAll('_', ' '),
        })}
      </label>
      <AgendaContext.Provider value={agenda}>
        <FullCalendar
          dayMaxEvents={4}
          editable={editable !== false}
          eventClick={(info) => {
            info.jsEvent.preventDefault()
            hideCard()
            if (info.event.url) router.push(info.event.url)
          }}
          eventContent={renderEvent}
          eventDisplay="block"
          eventDrop={saveMove}
          datesSet={(arg) => {
            const grid = arg.view.type.startsWith('timeGrid')
            setTimeGrid(grid)
            const date = arg.view.calendar.formatIso(arg.view.currentStart, true)
            shownPlace.current = { date, view: arg.view.type as typeof place.view }
            keepCalendarPlace(arg.view.type, date)
            // The working day first: the week and day views open at 08:00, earlier hours above.
            if (grid) setTimeout(() => arg.view.calendar.scrollToTime('08:00:00'))
          }}
          eventDragStart={hideCard}
          eventMouseEnter={showCard}
          eventMouseLeave={hideCard}
          eventResize={saveMove}
          eventSources={eventSources}
          eventsSet={(events) => {
            const entries = new Map<string, LegendEntry>()
            for (const event of events) {
              const { categoryId, categoryName, colour } = event.extendedProps as {
                categoryId: string
                categoryName: string
                colour: string
              }
              if (categoryId && !entries.has(categoryId))
                entries.set(categoryId, { colour, id: categoryId, name: categoryName })
            }
            const next = [...entries.values()].sort((a, b) => a.name.localeCompare(b.name))
            setLegend((current) =>
              JSON.stringify(current) === JSON.stringify(next) ? current : next,
            )
          }}
          eventTimeFormat={TIME_FORMAT}
          headerToolbar={{
            center: 'title',
            left: 'prev,next today',
            right: 'dayGridMonth,timeGridWeek,timeGridDay,agenda',
          }}
          // The week and day views get a height of their own, so that they scroll to the working day.
          height={timeGrid ? TIME_GRID_HEIGHT : 'auto'}
          initialDate={place.date}
          initialView={place.view}
          key={shownZone ?? 'browser'}
          ref={calendarRef}
          locale={i18n.language}
          locales={[frLocale, esLocale]}
          nowIndicator={!shownZone}
          plugins={[dayGridPlugin, timeGridPlugin, interactionPlugin, agendaPlugin]}
          scrollTime="08:00:00"
          select={createAt}
          selectable={canCreate}
          selectMirror
          slotLabelFormat={TIME_FORMAT}
          timeZone={shownZone ? 'UTC' : 'local'}
          views={{
            agenda: { buttonText: t('agenda') },
            dayGridMonth: { buttonText: t('month') },
            timeGridDay: { buttonText: t('day') },
            timeGridWeek: { buttonText: t('week') },
          }}
        />
      </AgendaContext.Provider>
      <HoverCardHost ref={hoverCard} />
      <MoveScopeDialog ref={moveScope} />
      <div className="event-calendar__legend">
        {legend.length ? (
          <ul aria-label={t('categories')} className="event-calendar__categories">
            {legend.map((entry) => (
              <li data-category={entry.id} key={entry.id}>
                <span
                  aria-hidden
                  className="event-calendar__swatch"
                  style={{ background: entry.colour }}
                />
                {entry.name}
              </li>
            ))}
            <li>
              <span
                aria-hidden
                className="event-calendar__swatch"
                style={{ background: NO_CATEGORY_COLOUR }}
              />
              {t('noCategory')}
            </li>
          </ul>
        ) : null}
        <p>
          {shownZone
            ? t('shownInSiteZone', { zone: shownZone.replaceAll('_', ' ') })
            : t('shownInBrowserZone')}{' '}
          {t('calendarLegend')}
          {canCreate ? ` ${t('calendarCreateHint')}` : ''}
        </p>
      </div>
    </div>
  )
}

const CALENDAR_STYLES = `
.event-calendar { padding-bottom: calc(var(--base) * 2); }
.event-calendar__header { display: flex; align-items: center; justify-content: space-between; gap: var(--base); margin: var(--base) 0; }
.event-calendar__header h1 { margin: 0; }
.event-calendar__actions { display: flex; gap: calc(var(--base) / 2); }
.event-calendar .fc { --fc-border-color: var(--theme-elevation-150); --fc-page-bg-color: var(--theme-bg); --fc-neutral-bg-color: var(--theme-elevation-50); --fc-today-bg-color: var(--theme-elevation-100); color: var(--theme-text); }
.event-calendar .fc .fc-button { text-transform: capitalize; }
.event-calendar .fc-event { color: #fff; }
.event-calendar .fc-event:not([class*="--publish"]) { background: var(--theme-bg) !important; border-style: dashed; border-width: 2px; }
.event-calendar .fc-event:not([class*="--publish"]) .fc-event-main, .event-calendar .fc-event:not([class*="--publish"]) .event-calendar__event-content { color: var(--theme-text); }
.event-calendar__event-content { overflow: hidden; padding: 0 2px; white-space: nowrap; text-overflow: ellipsis; }
.event-calendar__event-venue { display: block; font-size: 0.85em; opacity: 0.85; overflow: hidden; text-overflow: ellipsis; }
.event-calendar__event-time { font-variant-numeric: tabular-nums; }
.event-calendar__zone { display: flex; gap: calc(var(--base) / 4); align-items: center; margin-bottom: calc(var(--base) / 2); }
.event-calendar .event-calendar__event--locked { cursor: pointer; opacity: 0.85; }
.event-calendar .event-calendar__event--cancelled .event-calendar__event-title { text-decoration: line-through; }
.event-calendar .event-calendar__event--cancelled { opacity: 0.6; }
.event-calendar__legend { color: var(--theme-elevation-500); margin-top: var(--base); }
.event-calendar__categories { display: flex; flex-wrap: wrap; gap: calc(var(--base) / 2) var(--base); list-style: none; margin: 0 0 calc(var(--base) / 2); padding: 0; color: var(--theme-text); }
.event-calendar__categories li { display: flex; align-items: center; gap: 6px; }
.event-calendar__swatch { display: inline-block; flex: none; width: 12px; height: 12px; border-radius: 3px; }
.event-calendar__agenda { padding: calc(var(--base) / 2); }
.event-calendar__agenda-day h3 { margin: var(--base) 0 calc(var(--base) / 2); font-size: 1.05em; }
.event-calendar__agenda-day ul { list-style: none; margin: 0; padding: 0; }
.event-calendar__agenda-item { display: grid; grid-template-columns: 12px 8em minmax(0, 1fr) auto auto; gap: calc(var(--base) / 2); align-items: center; padding: 4px 0; border-bottom: 1px solid var(--theme-elevation-100); }
.event-calendar__agenda-when { font-variant-numeric: tabular-nums; }
.event-calendar__agenda-venue, .event-calendar__agenda-status { color: var(--theme-elevation-600); }
.event-calendar__agenda-empty { padding: var(--base); color: var(--theme-elevation-500); }
`
