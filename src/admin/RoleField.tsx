'use client'

import type { SelectFieldClientComponent } from 'payload'

import { SelectField } from '@payloadcms/ui'
import { usePathname } from 'next/navigation.js'

import { useFieldInEditorLanguage, useFieldLabel } from './useFieldLabel'

/**
 * The account's role, Payload's select in the editor's language (its label and its choices: the
 * `field` given here is in the first editor's language, see `useFieldLabel`), left off the first-user form:
 * the first account is made an administrator whatever it sends
 * (`collections/Users/hooks/makeFirstUserAdministrator.ts`), so "Subscriber" there only misled.
 * (A field condition would hide it too, but would also skip the role's validation for the
 * server's own writes, which have no user.)
 */
export const RoleField: SelectFieldClientComponent = (props) => {
  const pathname = usePathname()
  const label = useFieldLabel(props.field)
  const translated = useFieldInEditorLanguage(props.field)
  const options = translated && 'options' in translated ? translated.options : props.field.options
  if (pathname?.endsWith('/create-first-user')) return null
  return <SelectField {...props} field={{ ...props.field, label, options }} />
}
