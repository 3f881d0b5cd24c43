'use client'

import { useConfig, useTranslation } from '@payloadcms/ui'
import { usePathname, useRouter } from 'next/navigation.js'
import { type ReactNode, useEffect, useRef } from 'react'

/**
 * The admin in the account's language right after signing in: the sign-in sets Payload's language
 * cookie (collections/Users/hooks/adminLanguage.ts), but the page moves on without reloading the
 * admin's frame, whose language was the sign-in page's; the rest of the page then spoke another.
 * A refresh renders it all again in the cookie's language, as Payload's own language switch does.
 */
export function SignInLanguage({ children }: { children?: ReactNode }) {
  const { config } = useConfig()
  const { i18n, languageOptions } = useTranslation()
  const router = useRouter()
  const pathname = usePathname()
  const refreshedFor = useRef<string>(undefined)
  useEffect(() => {
    const name = `${config.cookiePrefix || 'payload'}-lng`
    const wanted = document.cookie
      .split('; ')
      .find((cookie) => cookie.startsWith(`${name}=`))
      ?.slice(name.length + 1)
    if (
      !wanted ||
      wanted === i18n.language ||
      wanted === refreshedFor.current ||
      !languageOptions.some((option) => option.value === wanted)
    )
      return
    refreshedFor.current = wanted
    router.refresh()
  }, [config.cookiePrefix, i18n.language, languageOptions, pathname, router])
  return <>{children}</>
}
