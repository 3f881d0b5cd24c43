'use client'

import { stringify } from 'qs'
import { useEffect, useState } from 'react'

import { useCalendarTranslation } from '../i18n/useCalendarTranslation'
import { STATUS_VIEWS, type StatusView, whereOfView } from './statusViewList'

type Props = {
  apiURL: string
  /** The status the list is filtered on, '' for none. */
  current: string
  onChange: (status: string) => void
  /** Changes whenever the list's rows do, so that the counts follow a trash or restore. */
  refreshKey: unknown
}

/** How many items the signed-in editor can see in each view, through Payload's count endpoint. */
function useCounts(apiURL: string, refreshKey: unknown): Partial<Record<StatusView, number>> {
  const [counts, setCounts] = useState<Partial<Record<StatusView, number>>>({})
  useEffect(() => {
    let live = true
    void Promise.all(
      STATUS_VIEWS.map(async ({ value }) => {
        const response = await fetch(
          `${apiURL}/count${stringify({ where: whereOfView(value) }, { addQueryPrefix: true })}`,
          { credentials: 'include' },
        )
        const body = response.ok ? ((await response.json()) as { totalDocs: number }) : undefined
        return [value, body?.totalDocs] as const
      }),
    )
      .then((entries) => {
        if (live) setCounts(Object.fromEntries(entries.filter(([, count]) => count !== undefined)))
      })
      .catch(() => undefined)
    return () => {
      live = false
    }
  }, [apiURL, refreshKey])
  return counts
}

/**
 * All | Published | Drafts | Pending | Scheduled | Private | Trash, with counts, as WordPress
 * shows them above its lists. A view is the list's status filter; empty views other than All
 * are left out, as there.
 */
export function StatusViews({ apiURL, current, onChange, refreshKey }: Props) {
  const counts = useCounts(apiURL, refreshKey)
  const { t } = useCalendarTranslation()
  const active: StatusView = (current || 'all') as StatusView
  const shown = STATUS_VIEWS.filter(
    ({ value }) => value === 'all' || value === active || (counts[value] ?? 0) > 0,
  )
  return (
    <nav
      aria-label={t('statusViews')}
      className="status-views"
      style={{
        display: 'flex',
        flexWrap: 'wrap',
        gap: 'calc(var(--base) / 2)',
        marginBottom: 'calc(var(--base) / 2)',
      }}
    >
      {shown.map(({ label, value }, index) => (
        <span key={value}>
          {index > 0 ? (
            <span
              aria-hidden
              style={{ color: 'var(--theme-elevation-400)', marginRight: 'calc(var(--base) / 2)' }}
            >
              |
            </span>
          ) : null}
          <button
            aria-current={value === active ? 'page' : undefined}
            className={`status-views__view status-views__view--${value}`}
            onClick={() => onChange(value === 'all' ? '' : value)}
            style={{
              background: 'none',
              border: 0,
              color: 'inherit',
              cursor: 'pointer',
              fontWeight: value === active ? 600 : 400,
              padding: 0,
              textDecoration: value === active ? 'none' : 'underline',
            }}
            type="button"
          >
            {t(label)} <span className="status-views__count">({counts[value] ?? '…'})</span>
          </button>
        </span>
      ))}
    </nav>
  )
}
