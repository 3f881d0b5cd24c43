'use client'

import type { DateFieldClientComponent } from 'payload'

import {
  DatePicker,
  FieldDescription,
  FieldError,
  FieldLabel,
  useDocumentInfo,
  useField,
  useForm,
  useFormFields,
} from '@payloadcms/ui'
import { mergeFieldStyles } from '@payloadcms/ui/shared'
import { DateTime } from 'luxon'
import { useSearchParams } from 'next/navigation.js'
import { useEffect } from 'react'

import { useCalendarTranslation } from '../i18n/useCalendarTranslation'
import { pickerFormats } from './pickerFormats'
import { isEventTimeZone, zoneOf } from '../lib/timezone'
import { endAfterStartMoves } from './endFollowsStart'
import { useFieldLabel } from './useFieldLabel'

/** The same wall-clock time in another zone: what the picker (which only knows the browser's zone) shows and returns. */
export function transposeWallTime(instant: Date | string, from: string, to: string): Date {
  const source =
    typeof instant === 'string'
      ? DateTime.fromISO(instant, { zone: from })
      : DateTime.fromJSDate(instant, { zone: from })
  return source.setZone(to, { keepLocalTime: true }).toJSDate()
}

/**
 * An event's start or end, picked in the event's own timezone (the sibling `timezone` field)
 * rather than in the editor's browser zone: an editor in Paris who enters 19:00 for a New York
 * event means 19:00 in New York, as in The Events Calendar. Moving the start moves the end with
 * it (same length, two hours by default); the end's picker opens on the start's month; an
 * all-day event is picked by day, without times.
 */
export const EventDateField: DateFieldClientComponent = ({ field, path, readOnly }) => {
  const { setValue, showError, value } = useField<string>({ path })
  const { dispatchFields, getDataByPath } = useForm()
  const { i18n, t } = useCalendarTranslation()
  const formats = pickerFormats(i18n.language)
  const zoneValue = useFormFields(([fields]) => fields.timezone?.value) as string | undefined
  const allDay = Boolean(useFormFields(([fields]) => fields.allDay?.value))
  const isStart = field.name === 'startDate'
  const startPath = path.replace(/[^.]+$/, 'startDate')
  const endPath = path.replace(/[^.]+$/, 'endDate')
  const start = useFormFields(([fields]) => (isStart ? undefined : fields[startPath]?.value)) as
    string | undefined
  // The zone as given (`UTC+2` too) for the description; the dates are read in the zone it stands for.
  const zoneName = isEventTimeZone(zoneValue) ? zoneValue : 'UTC'
  const zone = zoneOf(zoneName)
  const browser = DateTime.local().zoneName ?? 'UTC'
  const displayed = value ? transposeWallTime(value, zone, browser) : undefined
  const label = useFieldLabel(field)
  const { id } = useDocumentInfo()
  const searchParams = useSearchParams()

  // A new event from an empty slot of the calendar: its times come in the address
  // (`create?startDate=…&endDate=…&allDay=1`, `calendar/EventCalendar.tsx`), once, as the form opens.
  useEffect(() => {
    const given = searchParams?.get(field.name)
    if (id || value || !given || Number.isNaN(Date.parse(given))) return
    setValue(new Date(given).toISOString())
    if (isStart && searchParams?.get('allDay') === '1')
      dispatchFields({ type: 'UPDATE', path: path.replace(/[^.]+$/, 'allDay'), value: true })
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [])

  const change = (picked: Date | null | undefined) => {
    const next = picked ? transposeWallTime(picked, browser, zone).toISOString() : null
    if (isStart && next) {
      const end = endAfterStartMoves({
        end: getDataByPath<string>(endPath),
        newStart: next,
        oldStart: value,
      })
      dispatchFields({ type: 'UPDATE', path: endPath, value: end })
    }
    setValue(next)
  }

  return (
    <div
      className={[
        'field-type',
        'date-time-field',
        showError && 'date-time-field--has-error',
        readOnly && 'read-only',
      ]
        .filter(Boolean)
        .join(' ')}
      style={mergeFieldStyles(field)}
    >
      <FieldLabel label={label} path={path} required={field.required} />
      <div className="field-type__wrap" id={`field-${path.replace(/\./g, '__')}`}>
        <FieldError path={path} showError={showError} />
        <DatePicker
          {...(field.admin?.date as object | undefined)}
          onChange={change}
          overrides={
            start && !value ? { openToDate: transposeWallTime(start, zone, browser) } : undefined
          }
          pickerAppearance={allDay ? 'dayOnly' : 'dayAndTime'}
          // In the editor's language's order and clock; a day alone keeps its year (Payload's
          // day-only format, "Dec 30", leaves it out: an event's date needs it).
          displayFormat={allDay ? formats.day : formats.dateTime}
          timeFormat={formats.time}
          readOnly={readOnly}
          value={displayed}
        />
      </div>
      <FieldDescription
        description={t(allDay ? 'allDayDates' : 'zoneTime', {
          zone: zoneName.replaceAll('_', ' '),
        })}
        path={path}
      />
    </div>
  )
}
