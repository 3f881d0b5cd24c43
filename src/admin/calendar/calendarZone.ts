import { DateTime } from 'luxon'

/**
 * FullCalendar without a timezone plugin knows only the browser's zone and UTC. To show another
 * zone (the site's), the calendar runs in UTC and is given each instant's wall-clock time in
 * that zone as if it were UTC: 23:30 in Paris shows as 23:30 on the Paris day, wherever the
 * browser is. These convert both ways.
 */
export function toCalendarTime(iso: string, zone: string): string {
  return DateTime.fromISO(iso, { zone }).toFormat("yyyy-LL-dd'T'HH:mm:ss'Z'")
}

/** A date the calendar gives (wall-clock time in `zone`, shown as UTC) as the real instant. */
export function fromCalendarTime(date: Date, zone: string): Date {
  return DateTime.fromJSDate(date, { zone: 'UTC' })
    .setZone(zone, { keepLocalTime: true })
    .toJSDate()
}
