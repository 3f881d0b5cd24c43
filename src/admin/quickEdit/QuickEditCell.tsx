'use client'

import type { DefaultCellComponentProps } from 'payload'

import { Button, Drawer, toast, useAuth, useConfig, useLocale, useModal } from '@payloadcms/ui'
import { useRouter } from 'next/navigation.js'
import { useState } from 'react'

import { mayEditPost } from '../../access/protectedContent'
import { useCalendarTranslation } from '../../i18n/useCalendarTranslation'
import { offeredStatuses } from '../../lib/statuses'
import { isEventTimeZone, zoneOf } from '../../lib/timezone'
import { fromWallTime, toWallTime } from './wallTime'
import { quickEditWords } from './quickEditWords'

type Row = {
  author?: unknown
  endDate?: null | string
  id: number | string
  startDate?: null | string
  status?: string
  timezone?: string
  title?: string
}

/** A server's refusal as the form shows it: each field's messages, and the rest. */
type Refusal = { fields: Record<string, string>; general: string[] }

/**
 * The events list's Quick edit: the row's title, start, end and status in a small drawer, saved
 * through Payload's REST API as the form saves, so that its validation, access and status rules
 * (a contributor's publish goes to review) and their messages are the same. Dates are read and
 * typed in the event's own timezone, as the form shows them.
 */
export function QuickEditCell({ collectionSlug, rowData }: DefaultCellComponentProps) {
  const row = rowData as Row
  const { user } = useAuth()
  const { i18n, t } = useCalendarTranslation()
  const words = quickEditWords(i18n.language)
  const { closeModal, openModal } = useModal()
  const {
    config: {
      routes: { api },
      serverURL,
    },
  } = useConfig()
  const locale = useLocale()
  const router = useRouter()
  const zone = zoneOf(isEventTimeZone(row.timezone) ? row.timezone : 'UTC')
  const initial = {
    end: toWallTime(row.endDate, zone),
    start: toWallTime(row.startDate, zone),
    status: row.status ?? 'draft',
    title: row.title ?? '',
  }
  const [values, setValues] = useState(initial)
  const [refusal, setRefusal] = useState<Refusal>({ fields: {}, general: [] })
  const [saving, setSaving] = useState(false)
  const slug = `quick-edit-${row.id}`

  if (!mayEditPost(user as never, row as Record<string, unknown>)) return null

  const open = () => {
    setValues(initial)
    setRefusal({ fields: {}, general: [] })
    openModal(slug)
  }

  const save = async () => {
    setSaving(true)
    const changed: Record<string, string> = {}
    if (values.title !== initial.title) changed.title = values.title
    if (values.start !== initial.start) changed.startDate = fromWallTime(values.start, zone)
    if (values.end !== initial.end) changed.endDate = fromWallTime(values.end, zone)
    if (values.status !== initial.status) changed.status = values.status
    try {
      const response = await fetch(
        `${serverURL ?? ''}${api}/${collectionSlug}/${row.id}?locale=${locale.code}`,
        {
          body: JSON.stringify(changed),
          credentials: 'include',
          headers: { 'Accept-Language': i18n.language, 'Content-Type': 'application/json' },
          method: 'PATCH',
        },
      )
      if (!response.ok) {
        setRefusal(refusalOf(await response.json().catch(() => ({})), response.statusText))
        return
      }
      closeModal(slug)
      toast.success(words.saved)
      router.refresh()
    } finally {
      setSaving(false)
    }
  }

  const field = (
    name: keyof typeof values,
    path: string,
    label: string,
    input: React.ReactNode,
  ) => (
    <div className={`field-type quick-edit__field${refusal.fields[path] ? ' error' : ''}`}>
      <label className="field-label" htmlFor={`${slug}-${name}`}>
        {label}
      </label>
      {input}
      {refusal.fields[path] ? (
        <p className="quick-edit__message" role="alert">
          {refusal.fields[path]}
        </p>
      ) : null}
    </div>
  )
  const set = (name: keyof typeof values) => (event: { target: { value: string } }) =>
    setValues((before) => ({ ...before, [name]: event.target.value }))

  return (
    <>
      <Button
        buttonStyle="secondary"
        className="quick-edit__open"
        margin={false}
        onClick={open}
        size="small"
      >
        {words.open}
      </Button>
      <Drawer gutter slug={slug} title={words.title(initial.title)}>
        <form
          className="quick-edit"
          onSubmit={(event) => {
            event.preventDefault()
            void save()
          }}
          style={{ display: 'grid', gap: 'var(--base)', maxWidth: '40rem' }}
        >
          {refusal.general.map((message) => (
            <p className="quick-edit__message" key={message} role="alert">
              {message}
            </p>
          ))}
          {field(
            'title',
            'title',
            t('title'),
            <input id={`${slug}-title`} onChange={set('title')} type="text" value={values.title} />,
          )}
          {field(
            'start',
            'startDate',
            t('start'),
            <input
              id={`${slug}-start`}
              onChange={set('start')}
              type="datetime-local"
              value={values.start}
            />,
          )}
          {field(
            'end',
            'endDate',
            t('end'),
            <input
              id={`${slug}-end`}
              onChange={set('end')}
              type="datetime-local"
              value={values.end}
            />,
          )}
          {field(
            'status',
            'status',
            t('status'),
            <select id={`${slug}-status`} onChange={set('status')} value={values.status}>
              {offeredStatuses(user as never, initial.status).map((status) => (
                <option key={status} value={status}>
                  {t(`status_${status}` as never)}
                </option>
              ))}
            </select>,
          )}
          <div style={{ display: 'flex', gap: 'calc(var(--base) / 2)' }}>
            <Button buttonStyle="primary" disabled={saving} margin={false} type="submit">
              {i18n.t('general:save')}
            </Button>
            <Button buttonStyle="secondary" margin={false} onClick={() => closeModal(slug)}>
              {i18n.t('general:cancel')}
            </Button>
          </div>
        </form>
      </Drawer>
    </>
  )
}

/** Payload's error answer (`{ errors: [{ message, data: { errors: [{ path, message }] } }] }`) by field. */
function refusalOf(body: unknown, fallback: string): Refusal {
  const refusal: Refusal = { fields: {}, general: [] }
  const errors = (body as { errors?: unknown })?.errors
  for (const error of Array.isArray(errors) ? errors : []) {
    const details = (error as { data?: { errors?: unknown } })?.data?.errors
    if (Array.isArray(details) && details.length) {
      for (const detail of details as Array<{ message?: string; path?: string }>) {
        if (detail.path && detail.message) refusal.fields[detail.path] = detail.message
        else if (detail.message) refusal.general.push(detail.message)
      }
    } else if ((error as { message?: string })?.message) {
      refusal.general.push((error as { message: string }).message)
    }
  }
  if (!Object.keys(refusal.fields).length && !refusal.general.length) refusal.general.push(fallback)
  return refusal
}
