'use client'

import type { TextFieldClientComponent } from 'payload'

import { SelectInput, useField, useForm } from '@payloadcms/ui'
import { useMemo } from 'react'

import { isEventTimeZone, TIME_ZONES, zoneOf } from '../lib/timezone'
import { WORDPRESS_MANUAL_OFFSETS } from '../lib/utcOffsets'
import { transposeWallTime } from './EventDateField'
import { useFieldLabel } from './useFieldLabel'

/** IANA zones, then the manual UTC offsets WordPress offers (the API takes both). */
function timeZoneOptions(current: string | undefined) {
  const options = [
    ...TIME_ZONES.map((zone) => ({ label: zone.replaceAll('_', ' '), value: zone })),
    ...WORDPRESS_MANUAL_OFFSETS,
  ]
  // A zone saved elsewhere (an import, the API's `UTC-5:30`) stays selectable rather than vanishing.
  if (current && !options.some((option) => option.value === current))
    options.unshift({ label: current, value: current })
  return options
}

/** Sibling date fields whose wall-clock times belong to this zone. */
const WALL_TIME_FIELDS = ['startDate', 'endDate']

/**
 * The event's timezone as a searchable list of IANA zones and WordPress's manual UTC offsets. The value stays plain text in the
 * database: the server validates it with the same rule as the API. Changing the zone keeps the
 * times as entered (19:00 stays 19:00, now in the new zone), as The Events Calendar does.
 */
export const TimezoneField: TextFieldClientComponent = ({ field, path, readOnly }) => {
  const { customComponents, setValue, showError, value } = useField<string>({ path })
  const { dispatchFields, getDataByPath } = useForm()
  const options = useMemo(() => timeZoneOptions(value), [value])
  const label = useFieldLabel(field)
  const changeZone = (next: string) => {
    const previous = isEventTimeZone(value) ? value : 'UTC'
    if (next && isEventTimeZone(next) && next !== previous) {
      for (const name of WALL_TIME_FIELDS) {
        const instant = getDataByPath<string>(name)
        if (instant)
          dispatchFields({
            type: 'UPDATE',
            path: name,
            value: transposeWallTime(instant, zoneOf(previous), zoneOf(next)).toISOString(),
          })
      }
    }
    setValue(next)
  }
  return (
    <SelectInput
      // The description is translated on the server (a label function), which hands it over rendered.
      Description={customComponents?.Description}
      isClearable={false}
      label={label}
      name={field.name}
      onChange={(option) => {
        const next = Array.isArray(option) ? option[0] : option
        changeZone(next && typeof next === 'object' ? (next.value as string) : '')
      }}
      options={options}
      path={path}
      readOnly={readOnly}
      required={field.required}
      showError={showError}
      value={value ?? ''}
    />
  )
}
