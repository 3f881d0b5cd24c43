'use client'

import type { TextFieldClientComponent } from 'payload'

import { PasswordField, useAuth, useDocumentInfo } from '@payloadcms/ui'

import { useFieldLabel } from './useFieldLabel'

/**
 * The current password, asked on one's own account page only (changing one's e-mail address,
 * username or password takes it: `collections/Users/hooks/requireCurrentPassword.ts`), as a
 * password input the browser may fill. Another person's account, and a new one, do not show it.
 */
export const CurrentPasswordField: TextFieldClientComponent = (props) => {
  const { user } = useAuth()
  const { id } = useDocumentInfo()
  const label = useFieldLabel(props.field)
  if (id === undefined || id === null || !user || String(user.id) !== String(id)) return null
  return (
    <PasswordField
      autoComplete="current-password"
      field={{ ...props.field, label }}
      path={props.path ?? props.field.name}
    />
  )
}
