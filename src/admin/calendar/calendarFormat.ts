import { DateTime } from 'luxon'

/** One time format for the whole calendar: 24-hour hours and minutes, in the slots and on events alike. */
export const TIME_FORMAT = { hour: '2-digit', hour12: false, minute: '2-digit' } as const

/**
 * When an event is, as the editor reads it: its times in the zone the calendar shows (`null`:
 * the browser's), or, for an all-day event, its own dates in its own zone.
 */
export function describeWhen(
  event: { allDay: boolean; endDate: string; startDate: string; zone: string },
  shownZone: null | string,
  language: string,
): string {
  if (event.allDay) {
    const start = DateTime.fromISO(event.startDate, { zone: event.zone }).setLocale(language)
    const end = DateTime.fromISO(event.endDate, { zone: event.zone }).setLocale(language)
    const first = start.toLocaleString(DateTime.DATE_MED_WITH_WEEKDAY)
    return start.hasSame(end, 'day')
      ? first
      : `${first} – ${end.toLocaleString(DateTime.DATE_MED_WITH_WEEKDAY)}`
  }
  const zone = shownZone ?? 'local'
  const start = DateTime.fromISO(event.startDate).setZone(zone).setLocale(language)
  const end = DateTime.fromISO(event.endDate).setZone(zone).setLocale(language)
  const day = start.toLocaleString(DateTime.DATE_MED_WITH_WEEKDAY)
  const from = start.toLocaleString(TIME_FORMAT)
  const to = end.toLocaleString(TIME_FORMAT)
  return start.hasSame(end, 'day')
    ? `${day}, ${from}–${to}`
    : `${day}, ${from} – ${end.toLocaleString(DateTime.DATE_MED_WITH_WEEKDAY)}, ${to}`
}
