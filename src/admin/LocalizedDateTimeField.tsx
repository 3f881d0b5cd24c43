'use client'

import type { DateFieldClientComponent } from 'payload'

import { DateTimeField, useTranslation } from '@payloadcms/ui'

import { pickerFormats } from './pickerFormats'
import { useFieldInEditorLanguage } from './useFieldLabel'

/**
 * Payload's date field, typed and shown in the editor's admin language's order and clock
 * (`pickerFormats`): the publication date of events, venues and organizers.
 */
export const LocalizedDateTimeField: DateFieldClientComponent = (props) => {
  const { i18n } = useTranslation()
  const formats = pickerFormats(i18n.language)
  // Its label and note in the editor's language, not those of the first editor who opened the form.
  const translated = useFieldInEditorLanguage(props.field) as typeof props.field | undefined
  const date = (props.field.admin?.date ?? {}) as { pickerAppearance?: string }
  const dayOnly = date.pickerAppearance === 'dayOnly'
  return (
    <DateTimeField
      {...props}
      field={
        {
          ...props.field,
          label: translated?.label ?? props.field.label,
          admin: {
            ...props.field.admin,
            description: translated?.admin?.description ?? props.field.admin?.description,
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
