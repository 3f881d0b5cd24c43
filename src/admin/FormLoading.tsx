'use client'

import { useConfig, useTranslation } from '@payloadcms/ui'
import { usePathname } from 'next/navigation.js'
import { type ReactNode, useEffect } from 'react'

const READY = 'data-form-ready'

/**
 * The event form says it is loading until its blocks are there, rather than showing its title
 * over nothing: Payload renders the fields only in the browser, once its scripts have started and
 * the fields are near the viewport (`RenderIfInViewport`), and a collapsible block ("When",
 * "Where and who", "Details") only once the editor's preferences for it have been fetched (its
 * `collapsedOnMount`), which takes seconds on a busy server. The blocks all wait for the same
 * preferences, so the form is ready when the first is there.
 */
export function FormLoading({
  children,
  eventsSlug,
}: {
  children?: ReactNode
  eventsSlug: string
}) {
  const { t } = useTranslation()
  const { getEntityConfig } = useConfig()
  const pathname = usePathname()
  const onEventForm = new RegExp(`/collections/${eventsSlug}/[^/]+$`).test(pathname ?? '')
  const hasBlocks =
    onEventForm &&
    (getEntityConfig({ collectionSlug: eventsSlug })?.fields ?? []).some(
      (field) => field.type === 'collapsible',
    )

  useEffect(() => {
    const root = document.documentElement
    root.removeAttribute(READY)
    const check = () => {
      if (hasBlocks && !document.querySelector('.document-fields__main .collapsible-field'))
        return false
      root.setAttribute(READY, '')
      return true
    }
    if (check()) return
    const observer = new MutationObserver(() => check() && observer.disconnect())
    observer.observe(document.body, { childList: true, subtree: true })
    return () => observer.disconnect()
  }, [hasBlocks, pathname])

  if (!hasBlocks) return <>{children}</>
  const style = `html:not([${READY}]) .document-fields__main::after {
  content: ${JSON.stringify(`${t('general:loading')}…`)};
  display: block;
  padding: 0 var(--gutter-h) var(--base);
  color: var(--theme-elevation-500);
}`
  return (
    <>
      <style>{style}</style>
      {children}
    </>
  )
}
