import type { I18nClient } from '@payloadcms/translations'
import type { CollectionSlug, Payload } from 'payload'

import { getTranslation } from '@payloadcms/translations'

import { translatorOf } from '../i18n/index'
import { languagesWithTitle, type Locale, TranslationPills } from './TranslationPills'

type Props = {
  collectionConfig?: { admin?: { useAsTitle?: string }; slug: string }
  collectionSlug?: string
  i18n: I18nClient
  payload: Payload
  rowData?: { id?: number | string }
}

/** The languages in which an item has its title, read in one query across all locales. */
async function translatedLocales(
  payload: Payload,
  collection: string,
  id: number | string,
  titleField: string,
) {
  const doc = await payload.findByID({
    collection: collection as CollectionSlug,
    depth: 0,
    disableErrors: true,
    fallbackLocale: false,
    id,
    locale: 'all',
    // The row is already one the editor may see; only its titles are read here.
    overrideAccess: true,
    select: { [titleField]: true },
  })
  return languagesWithTitle((doc as null | Record<string, unknown>)?.[titleField])
}

export function localesOf(
  localization: Payload['config']['localization'],
  i18n: I18nClient,
): Locale[] {
  if (!localization) return []
  return localization.locales.map((locale) => ({
    code: locale.code,
    label: locale.label ? getTranslation(locale.label, i18n) : locale.code,
  }))
}

/**
 * Which languages an item is written in and which it still misses, as a list cell. The edit
 * form's sidebar shows the same from the browser (`TranslationStatusField`), so that it follows
 * each save.
 */
export async function TranslationStatus(props: Props) {
  const { i18n, payload } = props
  const slug = props.collectionConfig?.slug ?? props.collectionSlug
  const id = props.rowData?.id
  const locales = localesOf(payload.config.localization, i18n)
  if (!slug || locales.length < 2 || id === undefined || id === null) return null
  const titleField =
    payload.collections[slug as CollectionSlug]?.config.admin?.useAsTitle ?? 'title'
  return (
    <TranslationPills
      locales={locales}
      present={await translatedLocales(payload, slug, id, titleField)}
      t={translatorOf(i18n.t)}
    />
  )
}
