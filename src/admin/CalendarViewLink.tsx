'use client'

import { Button, useConfig } from '@payloadcms/ui'

/** The events list's way to the calendar view. */
export function CalendarViewLink({ collectionSlug }: { collectionSlug: string }) {
  const { config } = useConfig()
  return (
    <Button buttonStyle="pill" el="link" size="small" to={`${config.routes.admin}/collections/${collectionSlug}/calendar`}>
      Calendar view
    </Button>
  )
}
