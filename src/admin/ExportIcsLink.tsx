'use client'

import type { Where } from 'payload'

import { Button, useConfig } from '@payloadcms/ui'
import { useSearchParams } from 'next/navigation.js'
import { parse } from 'qs'
import { useMemo } from 'react'

import { useCalendarTranslation } from '../i18n/useCalendarTranslation'
import { conditionsOf, quickFilterValue } from './listConditions'

/**
 * "Export .ics" on the events list: the calendar feed (`src/feeds/`) with the list's quick
 * filters as the feed's own parameters (category, venue, and the date range as whole days).
 * The feed shows what a visitor may see, so drafts and the like never leave this way.
 */
export function ExportIcsLink() {
  const { config } = useConfig()
  const { t } = useCalendarTranslation()
  // The list keeps its where clause in the address; this sits in the list's header, where the
  // list's own query state is not provided.
  const searchParams = useSearchParams()
  const href = useMemo(() => {
    const conditions = conditionsOf(
      parse(searchParams.toString(), { depth: 10 }).where as undefined | Where,
    )
    const params = new URLSearchParams()
    const set = (name: string, value: string) => value && params.set(name, value)
    set('categories', quickFilterValue(conditions, 'categories'))
    set('venue', quickFilterValue(conditions, 'venue'))
    set('start_date', quickFilterValue(conditions, 'endDate').slice(0, 10))
    set('end_date', quickFilterValue(conditions, 'startDate').slice(0, 10))
    const search = params.toString()
    return `${config.serverURL ?? ''}/events.ics${search ? `?${search}` : ''}`
  }, [config.serverURL, searchParams])
  return (
    <Button buttonStyle="pill" el="anchor" size="small" url={href}>
      {t('exportIcs')}
    </Button>
  )
}
