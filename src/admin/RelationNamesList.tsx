'use client'

import type { RelatedName } from './relatedNames'

import { useConfig, useLocale } from '@payloadcms/ui'

/** The names in the content language the editor is viewing, else the default language's, else any. */
export function RelationNamesList({ items }: { items: RelatedName[] }) {
  const locale = useLocale()
  const { config } = useConfig()
  const defaultLocale = config.localization ? config.localization.defaultLocale : undefined
  const nameOf = (name: RelatedName['name']) => {
    if (typeof name === 'string') return name
    return (
      name?.[locale?.code ?? ''] ||
      (defaultLocale && name?.[defaultLocale]) ||
      Object.values(name ?? {}).find(Boolean) ||
      ''
    )
  }
  const names = items.map((item) => nameOf(item.name)).filter(Boolean)
  if (names.length === 0) return null
  return <span className="relation-names">{names.join(', ')}</span>
}
