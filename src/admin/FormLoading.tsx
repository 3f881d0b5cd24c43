'use client'

import { useTranslation } from '@payloadcms/ui'
import { type ReactNode, useEffect } from 'react'

const READY = 'data-admin-hydrated'

/**
 * A form's blocks say they are loading until the admin's scripts have started, rather than
 * standing empty: Payload renders the fields inside a collapsible or a tab only in the browser,
 * once they are near the viewport (`RenderIfInViewport`), so the page the server sends has the
 * "When", "Where and who" and "Details" headings over nothing, for as long as the scripts take
 * to load and start (seconds, on a busy machine). Once started, an empty block is empty.
 */
export function FormLoading({ children }: { children?: ReactNode }) {
  const { t } = useTranslation()
  useEffect(() => {
    // A frame later: Payload's own fields render on their first intersection, after this effect.
    const frame = requestAnimationFrame(() => document.documentElement.setAttribute(READY, ''))
    return () => cancelAnimationFrame(frame)
  }, [])
  const style = `html:not([${READY}]) .render-fields:empty::before {
  content: ${JSON.stringify(`${t('general:loading')}…`)};
  display: block;
  padding: calc(var(--base) / 2) 0;
  color: var(--theme-elevation-500);
}`
  return (
    <>
      <style>{style}</style>
      {children}
    </>
  )
}
