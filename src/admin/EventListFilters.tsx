'use client'

import type { Where } from 'payload'

import { SelectInput, useConfig, useListQuery } from '@payloadcms/ui'
import { useMemo } from 'react'

import { useCalendarTranslation } from '../i18n/useCalendarTranslation'
import { POST_STATUSES } from '../lib/statuses'
import { BulkTrashActions } from './BulkTrashActions'
import { withDescendants } from './categoryTree'
import { conditionOfView, DATE_VIEWS, type DateView, isViewCondition } from './eventDateViews'
import {
  conditionsOf,
  QUICK_FILTER_OPERATORS as OWN,
  quickFilterValue as ownValue,
} from './listConditions'
import { StatusViews } from './StatusViews'
import { pickedValue as pick, useOptions } from './useOptions'

type Props = {
  categoriesSlug: string
  collectionSlug: string
  siteTimezone: string
  venuesSlug: string
}

/**
 * What sits above the events list: the status views with their counts, the bulk trash actions,
 * Upcoming | Past | All dates (the list opens on upcoming events), and quick filters for status,
 * category, venue and a date range (events that overlap it). They write the list's query, as the
 * "Filters" panel does. A category includes the categories below it, as on the site.
 */
export function EventListFilters({
  categoriesSlug,
  collectionSlug,
  siteTimezone,
  venuesSlug,
}: Props) {
  const { config } = useConfig()
  const { t } = useCalendarTranslation()
  const { data, handleWhereChange, query, refineListData } = useListQuery()
  const conditions = useMemo(() => conditionsOf(query?.where as undefined | Where), [query?.where])
  const categories = useOptions(categoriesSlug, 'name', false, undefined, 'parent')
  const venues = useOptions(venuesSlug, 'name', true)

  const set = (field: string, value: string) => {
    const others = conditions.filter((condition) => condition[field]?.[OWN[field]!] === undefined)
    const operand =
      field === 'categories'
        ? withDescendants(categories, value)
        : field === 'endDate'
          ? `${value}T00:00:00.000Z`
          : field === 'startDate'
            ? `${value}T23:59:59.999Z`
            : value
    const next = value ? [...others, { [field]: { [OWN[field]!]: operand } }] : others
    void handleWhereChange?.(next.length ? { or: [{ and: next as Where[] }] } : {})
  }

  const dateView: DateView = conditions.some((c) => c.endDate?.less_than !== undefined)
    ? 'past'
    : conditions.some((c) => c.startDate?.exists !== undefined)
      ? 'all'
      : 'upcoming'
  /** A date view replaces the date conditions (the From/To range too); past events come latest first. */
  const showDates = async (view: DateView) => {
    const others = conditions.filter(
      (condition) => !isViewCondition(condition) && !condition.endDate && !condition.startDate,
    )
    const own = conditionOfView(view, siteTimezone)
    const next = own ? [...others, own as Record<string, Record<string, unknown>>] : others
    // One change: two would each start from the query as it was, and the second undo the first.
    await refineListData?.({
      page: 1,
      sort: view === 'past' ? '-startLocal' : 'startLocal',
      where: next.length ? { or: [{ and: next as Where[] }] } : {},
    })
  }

  const statusOptions = POST_STATUSES.map((value) => ({ label: t(`status_${value}`), value }))
  const dateOf = (field: string) => ownValue(conditions, field).slice(0, 10)

  const apiURL = `${config.serverURL}${config.routes.api}/${collectionSlug}`
  const status = ownValue(conditions, 'status')

  return (
    <>
      <StatusViews
        apiURL={apiURL}
        current={status}
        onChange={(value) => set('status', value)}
        refreshKey={data}
      />
      <BulkTrashActions apiURL={apiURL} inTrashView={status === 'trash'} />
      <nav
        aria-label={t('eventDates')}
        className="event-date-views"
        style={{
          display: 'flex',
          gap: 'calc(var(--base) / 2)',
          marginBottom: 'calc(var(--base) / 2)',
        }}
      >
        {DATE_VIEWS.map(({ label, value }) => (
          <button
            aria-pressed={value === dateView}
            className={`event-date-views__view event-date-views__view--${value}`}
            key={value}
            onClick={() => void showDates(value)}
            style={{ fontWeight: value === dateView ? 600 : 400 }}
            type="button"
          >
            {t(label)}
          </button>
        ))}
      </nav>
      <div
        className="event-list-filters"
        style={{
          alignItems: 'end',
          display: 'flex',
          flexWrap: 'wrap',
          gap: 'calc(var(--base) / 2)',
          marginBottom: 'var(--base)',
        }}
      >
        <div style={{ minWidth: 160 }}>
          <SelectInput
            label={t('status')}
            name="quickStatus"
            onChange={(o) => set('status', pick(o))}
            options={statusOptions}
            path="quickStatus"
            value={ownValue(conditions, 'status')}
          />
        </div>
        <div style={{ minWidth: 200 }}>
          <SelectInput
            label={t('category')}
            name="quickCategory"
            onChange={(o) => set('categories', pick(o))}
            options={categories}
            path="quickCategory"
            value={ownValue(conditions, 'categories')}
          />
        </div>
        <div style={{ minWidth: 200 }}>
          <SelectInput
            label={t('venue')}
            name="quickVenue"
            onChange={(o) => set('venue', pick(o))}
            options={venues}
            path="quickVenue"
            value={ownValue(conditions, 'venue')}
          />
        </div>
        <label className="field-type" style={{ display: 'grid' }}>
          <span className="field-label">{t('from')}</span>
          <input
            aria-label={t('eventsFrom')}
            onChange={(e) => set('endDate', e.target.value)}
            type="date"
            value={dateOf('endDate')}
          />
        </label>
        <label className="field-type" style={{ display: 'grid' }}>
          <span className="field-label">{t('to')}</span>
          <input
            aria-label={t('eventsTo')}
            onChange={(e) => set('startDate', e.target.value)}
            type="date"
            value={dateOf('startDate')}
          />
        </label>
      </div>
    </>
  )
}
