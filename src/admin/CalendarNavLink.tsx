'use client'

import { Link, useConfig } from '@payloadcms/ui'
import { usePathname } from 'next/navigation.js'

import { useCalendarTranslation } from '../i18n/useCalendarTranslation'

/** "Calendar" in the navigation, after the collections: the events' calendar view, one click from anywhere. */
export function CalendarNavLink({ eventsSlug }: { eventsSlug: string }) {
  const { config } = useConfig()
  const { t } = useCalendarTranslation()
  const pathname = usePathname()
  const href = `${config.routes.admin}/collections/${eventsSlug}/calendar`
  const active = pathname === href
  return (
    <Link
      className={`nav__link calendar-nav-link${active ? ' active' : ''}`}
      href={href}
      id="nav-events-calendar"
      prefetch={false}
    >
      {active ? <div className="nav__link-indicator" /> : null}
      <span className="nav__link-label">{t('calendar')}</span>
    </Link>
  )
}
