'use client'

import type { ViewProps } from '@fullcalendar/core/internal'

import { createPlugin, sliceEvents } from '@fullcalendar/core'
import { DateTime } from 'luxon'
import { createContext, useContext } from 'react'

import { TIME_FORMAT } from './calendarFormat'

/** What the agenda needs from the calendar around it: the language, the words, and how to open an event. */
export const AgendaContext = createContext<{
  emptyText: string
  allDayText: string
  language: string
  open: (url: string) => void
}>({
  allDayText: 'all day',
  emptyText: '',
  language: 'en',
  open: () => undefined,
})

/** A date the calendar hands over (its wall-clock time, held as UTC), as luxon reads it. */
const wallTime = (marker: Date) => DateTime.fromJSDate(marker, { zone: 'UTC' })

/**
 * The agenda: the period's events as a list, day by day, each with its time, colour, venue and
 * status, as calendar apps' "schedule" views. A FullCalendar view of its own, so that the
 * toolbar's previous, next and today work on it as on the others.
 */
function Agenda(props: ViewProps) {
  const { allDayText, emptyText, language, open } = useContext(AgendaContext)
  const ranges = sliceEvents(props as never, true).sort(
    (a, b) => a.range.start.getTime() - b.range.start.getTime(),
  )
  if (!ranges.length) return <p className="event-calendar__agenda-empty">{emptyText}</p>
  const days = new Map<string, typeof ranges>()
  for (const range of ranges) {
    const day = wallTime(range.range.start).toISODate()!
    days.set(day, [...(days.get(day) ?? []), range])
  }
  return (
    <div className="event-calendar__agenda">
      {[...days].map(([day, items]) => (
        <section className="event-calendar__agenda-day" data-date={day} key={day}>
          <h3>
            {DateTime.fromISO(day, { zone: 'UTC' })
              .setLocale(language)
              .toLocaleString(DateTime.DATE_HUGE)}
          </h3>
          <ul>
            {items.map(({ def, instance }) => {
              const props = def.extendedProps as {
                colour: string
                statusLabel: string
                venueName?: string
              }
              const when = def.allDay
                ? allDayText
                : `${wallTime(instance!.range.start).setLocale(language).toLocaleString(TIME_FORMAT)}–${wallTime(instance!.range.end).setLocale(language).toLocaleString(TIME_FORMAT)}`
              return (
                <li className="event-calendar__agenda-item" key={instance!.instanceId}>
                  <span
                    aria-hidden
                    className="event-calendar__swatch"
                    style={{ background: props.colour }}
                  />
                  <span className="event-calendar__agenda-when">{when}</span>
                  <a
                    href={def.url}
                    onClick={(event) => {
                      event.preventDefault()
                      open(def.url)
                    }}
                  >
                    {def.title}
                  </a>
                  {props.venueName ? (
                    <span className="event-calendar__agenda-venue">{props.venueName}</span>
                  ) : null}
                  <span className="event-calendar__agenda-status">{props.statusLabel}</span>
                </li>
              )
            })}
          </ul>
        </section>
      ))}
    </div>
  )
}

/** The `agenda` view: a month at a time, from its first day. */
export const agendaPlugin = createPlugin({
  name: 'eventsCalendarAgenda',
  views: {
    agenda: {
      content: (props: ViewProps) => <Agenda {...props} />,
      dateAlignment: 'month',
      duration: { months: 1 },
    } as never,
  },
})
