'use client'

import { useTranslation } from '@payloadcms/ui'
import { useMemo } from 'react'

import { translatorOf } from './index'

/** The plugin's words in the editor's admin language, in the browser (Payload's `useTranslation` with the plugin's keys). */
export function useCalendarTranslation() {
  const { i18n, t } = useTranslation()
  return useMemo(() => ({ i18n, t: translatorOf(t) }), [i18n, t])
}
