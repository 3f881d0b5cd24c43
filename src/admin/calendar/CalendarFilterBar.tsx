'use client'

import { SelectInput } from '@payloadcms/ui'

import type { CalendarFilters } from './calendarQuery'

import { useCalendarTranslation } from '../../i18n/useCalendarTranslation'
import { POST_STATUSES } from '../../lib/statuses'
import { withDescendants } from '../categoryTree'
import { pickedValue, useOptions } from '../useOptions'

type Props = {
  filters: CalendarFilters
  locale?: string
  onChange: (filters: CalendarFilters) => void
  slugs: { categories: string; organizers: string; venues: string }
}

/**
 * Category, venue, organizer and status above the calendar: each narrows the events shown; a
 * category includes the categories below it, as on the site.
 */
export function CalendarFilterBar({ filters, locale, onChange, slugs }: Props) {
  const { t } = useCalendarTranslation()
  const categories = useOptions(slugs.categories, 'name', false, locale, 'parent')
  const venues = useOptions(slugs.venues, 'name', true, locale)
  const organizers = useOptions(slugs.organizers, 'name', true, locale)
  const statuses = POST_STATUSES.filter((status) => status !== 'trash').map((value) => ({
    label: t(`status_${value}`),
    value,
  }))
  const select = (
    key: Exclude<keyof CalendarFilters, 'categoryFamily'>,
    label: string,
    options: Array<{ label: string; value: string }>,
  ) => (
    <div style={{ minWidth: 180 }}>
      <SelectInput
        label={label}
        name={`calendar-${key}`}
        onChange={(option) => {
          const value = pickedValue(option)
          onChange({
            ...filters,
            [key]: value,
            ...(key === 'category'
              ? { categoryFamily: value ? withDescendants(categories, value) : [] }
              : {}),
          })
        }}
        options={options}
        path={`calendar-${key}`}
        value={filters[key]}
      />
    </div>
  )
  return (
    <div
      className="event-calendar__filters"
      style={{
        alignItems: 'end',
        display: 'flex',
        flexWrap: 'wrap',
        gap: 'calc(var(--base) / 2)',
        marginBottom: 'calc(var(--base) / 2)',
      }}
    >
      {select('category', t('category'), categories)}
      {select('venue', t('venue'), venues)}
      {select('organizer', t('organizer'), organizers)}
      {select('status', t('status'), statuses)}
    </div>
  )
}
