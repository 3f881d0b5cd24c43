import type { CollectionBeforeChangeHook } from 'payload'

import { DateTime } from 'luxon'

import { CLAMP_END_TO_START } from '../../../src/hooks/context'
import { isEventTimeZone, zoneOf } from '../../../src/lib/timezone'

/**
 * An all-day event runs from 00:00:00 of its first day to 23:59:59 of its last, in the event's
 * timezone, as in the original. An end before the start is moved to the start for the
 * compatibility API (as the original does); for other writes the end's validation refuses it.
 */
export const normalizeEventDates =
  (siteTimezone: string): CollectionBeforeChangeHook =>
  ({ data, originalDoc, req }) => {
    const name = (data.timezone ?? originalDoc?.timezone ?? siteTimezone) as string
    if (!isEventTimeZone(name)) return data
    const zone = zoneOf(name)
    const allDay = (data.allDay ?? originalDoc?.allDay) === true
    const startRaw = data.startDate ?? originalDoc?.startDate
    const endRaw = data.endDate ?? originalDoc?.endDate
    if (!startRaw || !endRaw) return data
    let start = DateTime.fromJSDate(new Date(startRaw), { zone })
    let end = DateTime.fromJSDate(new Date(endRaw), { zone })
    if (!start.isValid || !end.isValid) return data
    if (allDay) {
      start = start.startOf('day')
      end = end.endOf('day').set({ millisecond: 0 })
    }
    if (end < start && req.context?.[CLAMP_END_TO_START]) end = start
    data.startDate = start.toUTC().toISO()
    data.endDate = end.toUTC().toISO()
    return data
  }
