import type { DefaultServerCellComponentProps } from 'payload'

import { DateTime } from 'luxon'

import { translatorOf } from '../i18n/index'
import { isEventTimeZone, isFixedOffset, zoneOf } from '../lib/timezone'

/**
 * An event's start or end as its audience reads it: in the event's own timezone, with the zone's
 * abbreviation, rather than in the editor's browser zone.
 */
export function EventStartCell({ cellData, i18n, rowData }: DefaultServerCellComponentProps) {
  if (!cellData) return null
  const zone = isEventTimeZone(rowData?.timezone) ? (rowData.timezone as string) : 'UTC'
  const start = DateTime.fromISO(String(cellData), { zone: zoneOf(zone) }).setLocale(
    i18n?.language ?? 'en',
  )
  if (!start.isValid) return <span>{String(cellData)}</span>
  // An offset zone (`UTC+2`) is named as given, as the API's `timezone_abbr` does.
  const text = rowData?.allDay
    ? start.toLocaleString({ ...DateTime.DATE_MED_WITH_WEEKDAY })
    : isFixedOffset(zone)
      ? `${start.toLocaleString({ ...DateTime.DATETIME_MED_WITH_WEEKDAY })} ${zone}`
      : start.toLocaleString({ ...DateTime.DATETIME_MED_WITH_WEEKDAY, timeZoneName: 'short' })
  return (
    <time dateTime={start.toISO() ?? undefined} title={zone}>
      {text}
      {rowData?.allDay && i18n ? ` · ${translatorOf(i18n.t)('allDayCell')}` : ''}
    </time>
  )
}
