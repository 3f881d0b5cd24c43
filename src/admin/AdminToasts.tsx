'use client'

import { useTranslation } from '@payloadcms/ui'
import { type ReactNode, useEffect } from 'react'

/**
 * Payload's toasts (Sonner, unstyled) as an editor reads them: a button's label on one line
 * ("Undo", "Annuler"), which Payload's narrow toast broke into "Un do"; and their close button
 * named in the editor's language, not Sonner's fixed "Close toast", which Payload does not pass on.
 */
const STYLE = `.payload-toast-container [data-button] { flex-shrink: 0; white-space: nowrap; }`

export function AdminToasts({ children }: { children?: ReactNode }) {
  const { t } = useTranslation()
  const close = t('general:close')
  useEffect(() => {
    const name = () => {
      for (const button of document.querySelectorAll('button[data-close-button]'))
        if (button.getAttribute('aria-label') !== close) button.setAttribute('aria-label', close)
    }
    name()
    const observer = new MutationObserver(name)
    observer.observe(document.body, { childList: true, subtree: true })
    return () => observer.disconnect()
  }, [close])
  return (
    <>
      <style>{STYLE}</style>
      {children}
    </>
  )
}
