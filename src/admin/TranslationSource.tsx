'use client'

import { useCalendarTranslation } from '../i18n/useCalendarTranslation'
import { plainTextOf, useDefaultLanguageDoc } from './useDefaultLanguageDoc'

/**
 * Under a localized field, while a translation is edited: the field's text in the default
 * language, to translate from (WordPress translation plugins show the original beside the
 * translation). Nothing while the default language itself is edited, or when it has no text.
 */
export function TranslationSource({ fieldName }: { fieldName: string }) {
  const { t } = useCalendarTranslation()
  const { defaultLabel, doc, isTranslation } = useDefaultLanguageDoc()
  if (!isTranslation || !doc) return null
  const text = plainTextOf(doc[fieldName])
  if (!text.trim()) return null
  return (
    <div
      className="translation-source"
      data-field={fieldName}
      style={{
        background: 'var(--theme-elevation-50)',
        borderLeft: '3px solid var(--theme-elevation-250)',
        marginTop: 'calc(var(--base) / 4)',
        padding: 'calc(var(--base) / 4) calc(var(--base) / 2)',
      }}
    >
      <div
        className="translation-source__label"
        style={{ color: 'var(--theme-elevation-600)', fontSize: '0.8rem' }}
      >
        {t('translationSource', { language: defaultLabel })}
      </div>
      <div className="translation-source__text" style={{ whiteSpace: 'pre-wrap' }}>
        {text}
      </div>
    </div>
  )
}
