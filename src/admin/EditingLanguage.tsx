'use client'

import { useDocumentInfo, useDocumentTitle } from '@payloadcms/ui'
import { useEffect } from 'react'

import { useCalendarTranslation } from '../i18n/useCalendarTranslation'
import { useDefaultLanguageDoc } from './useDefaultLanguageDoc'
import { useNewItemsInDefaultLanguage } from './useNewItemsInDefaultLanguage'

/**
 * In the edit view's controls bar, which stays at the top while the form scrolls: the content
 * language being edited, and while a translation is edited, the language it is translated from.
 * A translation with no title yet is headed by the default language's title (Payload would show
 * the id, "99"). A new item opens in the default language (`useNewItemsInDefaultLanguage`).
 */
export function EditingLanguage() {
  useNewItemsInDefaultLanguage()
  const { t } = useCalendarTranslation()
  const { id, docConfig } = useDocumentInfo()
  const { setDocumentTitle, title } = useDocumentTitle()
  const { defaultLabel, doc, editedLabel, isTranslation } = useDefaultLanguageDoc()
  const titleField =
    (docConfig &&
      'admin' in docConfig &&
      (docConfig.admin as { useAsTitle?: string }).useAsTitle) ||
    'title'
  const fallbackTitle =
    doc && typeof doc[titleField] === 'string' ? (doc[titleField] as string) : ''
  const showsId = id !== undefined && id !== null && (!title || title === String(id))
  const untranslated = isTranslation && showsId && Boolean(fallbackTitle)

  useEffect(() => {
    if (untranslated) setDocumentTitle(fallbackTitle)
  }, [fallbackTitle, setDocumentTitle, untranslated])

  if (!editedLabel) return null
  return (
    <div
      className={`editing-language${isTranslation ? ' editing-language--translation' : ''}`}
      style={{
        alignItems: 'center',
        background: isTranslation ? 'var(--theme-warning-100)' : 'var(--theme-elevation-50)',
        border: `1px solid ${isTranslation ? 'var(--theme-warning-400)' : 'var(--theme-elevation-150)'}`,
        borderRadius: 'var(--style-radius-s)',
        display: 'flex',
        flexWrap: 'wrap',
        gap: '0 calc(var(--base) / 3)',
        fontSize: '0.85rem',
        padding: '2px calc(var(--base) / 2)',
        whiteSpace: 'nowrap',
      }}
    >
      <strong className="editing-language__current">
        {t('editingLanguage', { language: editedLabel })}
      </strong>
      {isTranslation ? (
        <span className="editing-language__source">
          · {t('translatingFrom', { language: defaultLabel })}
        </span>
      ) : null}
    </div>
  )
}
