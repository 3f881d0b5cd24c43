import type { DefaultServerCellComponentProps } from 'payload'

import { getTranslation } from '@payloadcms/translations'

import { translatorOf } from '../i18n/index'

/** A yes/no column that reads at a glance: a mark for yes, nothing for no (rather than `true` / `false`). */
export function FlagCell({ cellData, field, i18n }: DefaultServerCellComponentProps) {
  if (!cellData) return null
  const label =
    field && 'label' in field && field.label
      ? getTranslation(field.label as never, i18n)
      : translatorOf(i18n.t)('yes')
  return (
    <span aria-label={label} title={label}>
      ★
    </span>
  )
}
