'use client'

import { useConfig, useDocumentInfo, useLocale } from '@payloadcms/ui'
import { usePathname, useRouter, useSearchParams } from 'next/navigation.js'
import { useEffect } from 'react'

/**
 * A new item starts in the site's default language (issue 28, item 4). Payload opens a form in
 * the content language last chosen, which it keeps in the editor's preferences, so after editing a
 * Spanish version a new event in another tab opened in Spanish, and what was typed was stored as
 * Spanish. The create view moves to the default language before anything is typed; a translation
 * is made on the saved item, from its default-language text.
 */
export function useNewItemsInDefaultLanguage(): void {
  const { config } = useConfig()
  const { id } = useDocumentInfo()
  const locale = useLocale()
  const router = useRouter()
  const pathname = usePathname()
  const searchParams = useSearchParams()
  const defaultCode = config.localization ? config.localization.defaultLocale : undefined
  const isNew = id === undefined || id === null
  const elsewhere = Boolean(defaultCode && locale?.code && locale.code !== defaultCode)

  useEffect(() => {
    if (!isNew || !elsewhere || !defaultCode || !pathname) return
    const params = new URLSearchParams(searchParams?.toString() ?? '')
    params.set('locale', defaultCode)
    router.replace(`${pathname}?${params.toString()}`)
  }, [defaultCode, elsewhere, isNew, pathname, router, searchParams])
}
