import type { AdminViewServerProps, Where } from 'payload'

import { getTranslation } from '@payloadcms/translations'
import { Gutter, SetStepNav } from '@payloadcms/ui'

import { translatorOf } from '../../i18n/index'
import { EventCalendar } from './EventCalendar'

/**
 * The events collection as a month or week calendar, at `/admin/collections/events/calendar`.
 * The calendar itself runs in the browser and reads the events of the visible range through
 * Payload's REST API, so it sees exactly what the signed-in editor may see.
 */
export async function EventCalendarView({
  initPageResult,
  siteTimezone,
  slugs,
}: AdminViewServerProps & {
  siteTimezone?: string
  slugs: { categories: string; organizers: string; venues: string }
}) {
  const { collectionConfig, locale, permissions, req } = initPageResult
  const config = req.payload.config
  const slug = collectionConfig?.slug ?? 'events'
  const adminRoute = config.routes.admin
  const listURL = `${adminRoute}/collections/${slug}`
  const t = translatorOf(req.i18n.t)
  const plural = collectionConfig?.labels?.plural
    ? getTranslation(collectionConfig.labels.plural, req.i18n)
    : t('events')
  // The update access itself decides which events may be dragged: the calendar asks for the
  // range's events that match it (a contributor: their own unpublished ones).
  const mayUpdate = permissions?.collections?.[slug]?.update
    ? ((await collectionConfig?.access?.update?.({ req })) ?? true)
    : false
  return (
    <Gutter className="event-calendar-view">
      <SetStepNav nav={[{ label: plural, url: listURL }, { label: t('calendar') }]} />
      <EventCalendar
        apiURL={`${config.serverURL}${config.routes.api}/${slug}`}
        canCreate={Boolean(permissions?.collections?.[slug]?.create)}
        editable={mayUpdate as boolean | Where}
        listURL={listURL}
        locale={locale?.code}
        siteTimezone={siteTimezone ?? 'UTC'}
        slugs={slugs}
        title={plural}
      />
    </Gutter>
  )
}
