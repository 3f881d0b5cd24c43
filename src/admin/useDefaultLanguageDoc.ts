'use client'

import { getTranslation } from '@payloadcms/translations'
import { useConfig, useDocumentInfo, useLocale, useTranslation } from '@payloadcms/ui'
import { stringify } from 'qs'
import { useEffect, useState } from 'react'

type Doc = Record<string, unknown>

/** One read per document and save, shared by every field showing its source text. */
const reads = new Map<string, Promise<Doc | null>>()

export type DefaultLanguageDoc = {
  /** The saved item in the default language, without fallback; null until read (or when new). */
  doc: Doc | null
  /** Whether the language being edited is not the default one. */
  isTranslation: boolean
  /** The default language's and the edited language's names, in the admin's language. */
  defaultLabel: string
  editedLabel: string
}

/**
 * The item being edited as saved in the site's default language: the text a translator
 * translates from (`TranslationSource.tsx`) and the title shown while a translation has none
 * (`EditingLanguage.tsx`). Read again after each save.
 */
export function useDefaultLanguageDoc(): DefaultLanguageDoc {
  const { config } = useConfig()
  const { collectionSlug, id, savedDocumentData } = useDocumentInfo()
  const locale = useLocale()
  const { i18n } = useTranslation()
  const localization = config.localization || undefined
  const defaultCode = localization?.defaultLocale
  const isTranslation = Boolean(localization && locale?.code && locale.code !== defaultCode)
  const [doc, setDoc] = useState<Doc | null>(null)
  const savedAt = savedDocumentData?.updatedAt as string | undefined

  useEffect(() => {
    if (!isTranslation || !collectionSlug || id === undefined || id === null || !defaultCode) return
    const url = `${config.serverURL}${config.routes.api}/${collectionSlug}/${id}${stringify({ depth: 0, 'fallback-locale': 'none', locale: defaultCode }, { addQueryPrefix: true })}`
    const key = `${url}#${savedAt ?? ''}`
    let read = reads.get(key)
    if (!read) {
      read = fetch(url, { credentials: 'include' })
        .then((response) => (response.ok ? (response.json() as Promise<Doc>) : null))
        .catch(() => null)
      reads.set(key, read)
    }
    let live = true
    void read.then((found) => live && setDoc(found))
    return () => {
      live = false
    }
  }, [collectionSlug, config.routes.api, config.serverURL, defaultCode, id, isTranslation, savedAt])

  const labelOf = (code: string | undefined) => {
    const found = localization?.locales.find((item) => item.code === code)
    return found?.label ? getTranslation(found.label, i18n) : (code ?? '')
  }
  return {
    defaultLabel: labelOf(defaultCode),
    doc: isTranslation ? doc : null,
    editedLabel: labelOf(locale?.code),
    isTranslation,
  }
}

/** The words of a Lexical rich text value, a line per block, to read beside the editor. */
export function plainTextOf(value: unknown): string {
  if (typeof value === 'string') return value
  const root = (value as { root?: unknown } | null)?.root
  if (!root) return ''
  const lines: string[] = []
  const walk = (
    node: { children?: unknown[]; text?: unknown; type?: string },
    line: string[],
  ): void => {
    if (typeof node.text === 'string') line.push(node.text)
    if (node.type === 'linebreak') line.push('\n')
    for (const child of (node.children ?? []) as (typeof node)[]) {
      const isBlock =
        Array.isArray(child.children) && child.type !== 'link' && child.type !== 'autolink'
      if (isBlock) {
        const own: string[] = []
        walk(child, own)
        if (own.length) lines.push(own.join(''))
      } else walk(child, line)
    }
  }
  const top: string[] = []
  walk(root as never, top)
  if (top.length) lines.unshift(top.join(''))
  return lines.join('\n')
}
