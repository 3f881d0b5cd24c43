'use client'

import type { TextFieldClientComponent } from 'payload'

import { SelectInput, useField } from '@payloadcms/ui'
import { useMemo } from 'react'

import { TIME_ZONES } from '../lib/timezone'

function timeZoneOptions(current: string | undefined) {
  const names = [...TIME_ZONES]
  // A zone saved elsewhere (an import, an older browser) stays selectable rather than vanishing.
  if (current && !names.includes(current)) names.unshift(current)
  return names.map((zone) => ({ label: zone.replaceAll('_', ' '), value: zone }))
}

/**
 * The event's timezone as a searchable list of IANA zones. The value stays plain text in the
 * database: the server validates it with the same rule as the API.
 */
export const TimezoneField: TextFieldClientComponent = ({ field, path, readOnly }) => {
  const { setValue, showError, value } = useField<string>({ path })
  const options = useMemo(() => timeZoneOptions(value), [value])
  return (
    <SelectInput
      description={typeof field.admin?.description === 'string' ? field.admin.description : undefined}
      isClearable={false}
      label={field.label || 'Timezone'}
      name={field.name}
      onChange={(option) => {
        const next = Array.isArray(option) ? option[0] : option
        setValue(next && typeof next === 'object' ? (next.value as string) : '')
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
