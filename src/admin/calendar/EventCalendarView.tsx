import type { AdminViewServerProps } from 'payload'

import { Gutter, SetStepNav } from '@payloadcms/ui'

import { EventCalendar } from './EventCalendar'

/**
 * The events collection as a month or week calendar, at `/admin/collections/events/calendar`.
 * The calendar itself runs in the browser and reads the events of the visible range through
 * Payload's REST API, so it sees exactly what the signed-in editor may see.
 */
export function EventCalendarView({ initPageResult }: AdminViewServerProps) {
  const { collectionConfig, locale, permissions, req } = initPageResult
  const config = req.payload.config
  const slug = collectionConfig?.slug ?? 'events'
  const adminRoute = config.routes.admin
  const listURL = `${adminRoute}/collections/${slug}`
  const labels = collectionConfig?.labels
  const plural = typeof labels?.plural === 'string' ? labels.plural : 'Events'
  return (
    <Gutter className="event-calendar-view">
      <SetStepNav nav={[{ label: plural, url: listURL }, { label: 'Calendar' }]} />
      <EventCalendar
        apiURL={`${config.serverURL}${config.routes.api}/${slug}`}
        canCreate={Boolean(permissions?.collections?.[slug]?.create)}
        canEdit={Boolean(permissions?.collections?.[slug]?.update)}
        listURL={listURL}
        locale={locale?.code}
        title={plural}
      />
    </Gutter>
  )
}
