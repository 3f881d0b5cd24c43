'use client'

import { getTranslation } from '@payloadcms/translations'
import { useConfig, useDocumentInfo } from '@payloadcms/ui'
import { stringify } from 'qs'
import { useEffect, useState } from 'react'

import { useCalendarTranslation } from '../i18n/useCalendarTranslation'
import { languagesWithTitle, TranslationPills } from './TranslationPills'

/**
 * The item's languages in the edit form's sidebar, read again after every save (Payload keeps a
 * sidebar field rendered on the server as it was until the page is reloaded, so a French title
 * just saved still showed FR as missing).
 */
export function TranslationStatusField() {
  const { config, getEntityConfig } = useConfig()
  const { collectionSlug, id, savedDocumentData } = useDocumentInfo()
  const { i18n, t } = useCalendarTranslation()
  const [present, setPresent] = useState<null | Set<string>>(null)
  const titleField =
    (collectionSlug && getEntityConfig({ collectionSlug })?.admin?.useAsTitle) || 'title'
  const localization = config.localization

  useEffect(() => {
    if (!collectionSlug || id === undefined || id === null) return
    let live = true
    const query = stringify(
      { depth: 0, 'fallback-locale': 'none', locale: 'all', select: { [titleField]: true } },
      { addQueryPrefix: true },
    )
    fetch(`${config.serverURL}${config.routes.api}/${collectionSlug}/${id}${query}`, {
      credentials: 'include',
    })
      .then((response) => (response.ok ? response.json() : null))
      .then((doc: null | Record<string, unknown>) => {
        if (live && doc) setPresent(languagesWithTitle(doc[titleField]))
      })
      .catch(() => undefined)
    return () => {
      live = false
    }
  }, [collectionSlug, config.routes.api, config.serverURL, id, savedDocumentData, titleField])

  if (!localization || localization.locales.length < 2) return null
  const locales = localization.locales.map((locale) => ({
    code: locale.code,
    label: locale.label ? getTranslation(locale.label, i18n) : locale.code,
  }))
  return (
    <div className="field-type translation-status-field" style={{ marginBottom: 'var(--base)' }}>
      <label className="field-label">{t('translations')}</label>
      {id === undefined || id === null ? (
        <p className="field-description">{t('translationsAfterSave')}</p>
      ) : present ? (
        <TranslationPills locales={locales} present={present} t={t} />
      ) : null}
    </div>
  )
}
