'use client'

import type { ClientField } from 'payload'

import { FieldLabel } from '@payloadcms/ui'

import { useFieldLabel } from './useFieldLabel'

/**
 * A field's label in the editor's admin language, for fields whose own label Payload takes from
 * the first visitor's language (the rich text editor's: see `useFieldLabel`), so that a Spanish
 * editor reads "Descripción", not "Description", above the event's description.
 */
export function TranslatedFieldLabel({
  field,
  path,
}: {
  field: ClientField & { localized?: boolean; name?: string; required?: boolean }
  path?: string
}) {
  const label = useFieldLabel(field)
  return (
    <FieldLabel
      label={label}
      localized={field.localized}
      path={path ?? field.name ?? ''}
      required={field.required}
    />
  )
}
