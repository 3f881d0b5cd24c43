import type { DefaultServerCellComponentProps } from 'payload'

/** A yes/no column that reads at a glance: a mark for yes, nothing for no (rather than `true` / `false`). */
export function FlagCell({ cellData, field }: DefaultServerCellComponentProps) {
  if (!cellData) return null
  const label = field && 'label' in field && typeof field.label === 'string' ? field.label : 'Yes'
  return (
    <span aria-label={label} title={label}>
      ★
    </span>
  )
}
