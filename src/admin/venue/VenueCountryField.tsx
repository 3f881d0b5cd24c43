'use client'

import type { TextFieldClientComponent } from 'payload'

import { SelectInput, useField, useTranslation } from '@payloadcms/ui'
import { mergeFieldStyles } from '@payloadcms/ui/shared'
import { useMemo } from 'react'

import { pickedValue } from '../useOptions'
import { useFieldLabel } from '../useFieldLabel'
import { countryOptions } from './countries'
import { venueWords } from './venueWords'

/**
 * A venue's country as a searchable list, each country named in the editor's language. It stores
 * the name The Events Calendar stores (`./countries.ts`); a value from elsewhere stays as it is.
 */
export const VenueCountryField: TextFieldClientComponent = ({ field, path, readOnly }) => {
  const { customComponents, setValue, showError, value } = useField<string>({ path })
  const { i18n } = useTranslation()
  const options = useMemo(() => countryOptions(i18n.language, value), [i18n.language, value])
  const label = useFieldLabel(field)
  return (
    <SelectInput
      Description={customComponents?.Description}
      label={label}
      name={field.name}
      onChange={(option) => setValue(pickedValue(option) || null)}
      options={options}
      path={path}
      placeholder={venueWords(i18n.language).chooseCountry}
      readOnly={readOnly}
      required={field.required}
      showError={showError}
      style={mergeFieldStyles(field)}
      value={value ?? ''}
    />
  )
}
