'use client'

import { useConfig, useFormFields } from '@payloadcms/ui'

import { useCalendarTranslation } from '../i18n/useCalendarTranslation'

/**
 * The event's own calendar file (`/event/{slug}.ics`, `src/feeds/`), in the sidebar once the
 * event is published: the feed serves visitors, so an unpublished event has none yet.
 */
export function EventIcsLink() {
  const { config } = useConfig()
  const { t } = useCalendarTranslation()
  const slug = useFormFields(([fields]) => fields.slug?.initialValue as string | undefined)
  const status = useFormFields(([fields]) => fields.status?.initialValue as string | undefined)
  if (!slug || status !== 'publish') return null
  return (
    <p className="event-ics-link">
      <a download href={`${config.serverURL ?? ''}/event/${encodeURIComponent(slug)}.ics`}>
        {t('exportIcs')}
      </a>{' '}
      {t('exportIcsHint')}
    </p>
  )
}
