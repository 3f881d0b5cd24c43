'use client'

import type { ClientField } from 'payload'

import { getTranslation } from '@payloadcms/translations'
import { useConfig, useDocumentInfo, useTranslation } from '@payloadcms/ui'

/** A field of the form by name, through rows, collapsibles, groups and tabs. */
function findField(fields: ClientField[], name: string): ClientField | undefined {
  for (const field of fields) {
    if ('name' in field && field.name === name) return field
    const nested =
      'fields' in field
        ? field.fields
        : 'tabs' in field
          ? field.tabs.flatMap((tab) => tab.fields)
          : undefined
    const found = nested ? findField(nested as ClientField[], name) : undefined
    if (found) return found
  }
  return undefined
}

/**
 * A custom field's label in the editor's admin language. The `field` Payload hands a custom
 * field component comes from a map it builds once per collection, in the language of the first
 * editor to open it (`@payloadcms/ui`'s getClientSchemaMap), so a French editor saw "Start"; the
 * collection's own client config is built per language, and its label is the one used here.
 */
export function useFieldLabel(field: { label?: unknown; name?: string }): string {
  const { i18n } = useTranslation()
  const found = useFieldInEditorLanguage(field)
  const label = (found && 'label' in found ? found.label : undefined) ?? field.label
  return label ? getTranslation(label as never, i18n) : (field.name ?? '')
}

/** The field as the collection's client config has it in the editor's admin language (see `useFieldLabel`). */
export function useFieldInEditorLanguage(field: { name?: string }): ClientField | undefined {
  const { getEntityConfig } = useConfig()
  const { collectionSlug } = useDocumentInfo()
  const fields = collectionSlug ? getEntityConfig({ collectionSlug })?.fields : undefined
  return fields && field.name ? findField(fields, field.name) : undefined
}
