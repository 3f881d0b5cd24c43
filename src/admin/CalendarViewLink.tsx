'use client'

import { Button, useConfig } from '@payloadcms/ui'

import { useCalendarTranslation } from '../i18n/useCalendarTranslation'

/** The events list's way to the calendar view. */
export function CalendarViewLink({ collectionSlug }: { collectionSlug: string }) {
  const { config } = useConfig()
  const { t } = useCalendarTranslation()
  return (
    <Button
      buttonStyle="pill"
      el="link"
      size="small"
      to={`${config.routes.admin}/collections/${collectionSlug}/calendar`}
    >
      {t('calendarView')}
    </Button>
  )
}
