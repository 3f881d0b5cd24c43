'use client'

import type { ReactNode } from 'react'

/**
 * Payload's locale switch read "Locale: undefined" for a moment after sign-in: the signed-out
 * admin has no localization in its config, so the switch starts with no locale until the
 * preferences are read. It stays hidden until it knows one (its `data-locale` is then set).
 */
export function HideUnknownLocale({ children }: { children?: ReactNode }) {
  return (
    <>
      <style>{'.localizer-button:not([data-locale]) { visibility: hidden; }'}</style>
      {children}
    </>
  )
}
