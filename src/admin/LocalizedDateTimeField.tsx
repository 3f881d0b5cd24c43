'use client'

import type { DateFieldClientComponent } from 'payload'

import { DateTimeField, useTranslation } from '@payloadcms/ui'

import { pickerFormats } from './pickerFormats'

/**
 * Payload's date field, typed and shown in the editor's admin language's order and clock
 * (`pickerFormats`): the publication date of events, venues and organizers.
 */
export const LocalizedDateTimeField: DateFieldClientComponent = (props) => {
  const { i18n } = useTranslation()
  const formats = pickerFormats(i18n.language)
  const date = (props.field.admin?.date ?? {}) as { pickerAppearance?: string }
  const dayOnly = date.pickerAppearance === 'dayOnly'
  return (
    <DateTimeField
      {...props}
      field={
        {
          ...props.field,
          admin: {
            ...props.field.admin,
            date: {
              ...date,
              displayFormat: dayOnly ? formats.day : formats.dateTime,
              timeFormat: formats.time,
            },
          },
        } as typeof props.field
      }
    />
  )
}
