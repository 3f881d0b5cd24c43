'use client'

import type { UIFieldClientComponent } from 'payload'

import {
  Button,
  CopyToClipboard,
  TextInput,
  toast,
  useConfig,
  useDocumentInfo,
} from '@payloadcms/ui'
import { stringify } from 'qs'
import { useCallback, useEffect, useState } from 'react'

import { useCalendarTranslation } from '../i18n/useCalendarTranslation'

type ApplicationPassword = {
  createdAt: string
  id: number | string
  lastUsedAt?: null | string
  name: string
}

/**
 * Application passwords on a user's page, as WordPress shows them on the profile: name a new
 * one and it is shown once, in full, to copy; the list shows name, creation and last use, and
 * each can be revoked. The collection's REST API does the work, under its own access rules.
 */
export const ApplicationPasswordsField: UIFieldClientComponent = ({ field }) => {
  const { config } = useConfig()
  const { id } = useDocumentInfo()
  const { i18n, t } = useCalendarTranslation()
  const when = (iso?: null | string) =>
    iso ? new Date(iso).toLocaleString(i18n.language) : t('never')
  const slug =
    (field.admin?.custom?.collectionSlug as string | undefined) ?? 'application-passwords'
  const api = `${config.serverURL}${config.routes.api}/${slug}`
  const [items, setItems] = useState<ApplicationPassword[]>([])
  const [name, setName] = useState('')
  const [issued, setIssued] = useState<null | { name: string; password: string }>(null)
  const [busy, setBusy] = useState(false)

  const load = useCallback(async () => {
    if (!id) return
    const query = stringify(
      { depth: 0, limit: 100, sort: '-createdAt', where: { user: { equals: id } } },
      { addQueryPrefix: true },
    )
    const response = await fetch(`${api}${query}`, { credentials: 'include' })
    if (response.ok) setItems(((await response.json()) as { docs: ApplicationPassword[] }).docs)
  }, [api, id])

  useEffect(() => {
    void load()
  }, [load])

  if (!id) return null

  const create = async () => {
    if (!name.trim()) {
      toast.error(t('applicationPasswordNeedsName'))
      return
    }
    setBusy(true)
    try {
      const response = await fetch(api, {
        body: JSON.stringify({ name: name.trim(), user: id }),
        credentials: 'include',
        headers: { 'Content-Type': 'application/json' },
        method: 'POST',
      })
      const body = await response.json().catch(() => null)
      if (!response.ok || !body?.doc?.password) {
        toast.error(
          body?.errors?.[0]?.message ??
            t('applicationPasswordNotCreated', { status: response.status }),
        )
        return
      }
      setIssued({ name: body.doc.name, password: body.doc.password })
      setName('')
      await load()
    } finally {
      setBusy(false)
    }
  }

  const revoke = async (item: ApplicationPassword) => {
    if (!window.confirm(t('applicationPasswordRevokeConfirm', { name: item.name }))) return
    const response = await fetch(`${api}/${item.id}`, { credentials: 'include', method: 'DELETE' })
    if (!response.ok) {
      toast.error(t('applicationPasswordNotRevoked', { name: item.name, status: response.status }))
      return
    }
    toast.success(t('applicationPasswordRevoked', { name: item.name }))
    await load()
  }

  return (
    <section
      className="application-passwords field-type"
      style={{ margin: 'calc(var(--base) * 2) 0' }}
    >
      <h3 style={{ marginBottom: 'calc(var(--base) / 2)' }}>{t('applicationPasswords')}</h3>
      <p className="field-description">{t('applicationPasswordsIntro')}</p>
      {issued ? (
        <div
          className="application-passwords__issued"
          role="status"
          style={{
            background: 'var(--theme-success-100)',
            border: '1px solid var(--theme-success-500)',
            margin: 'var(--base) 0',
            padding: 'var(--base)',
          }}
        >
          <p>{t('applicationPasswordIssued', { name: issued.name })}</p>
          <p style={{ alignItems: 'center', display: 'flex', gap: 8 }}>
            <code className="application-passwords__password" style={{ fontSize: '1.1em' }}>
              {issued.password}
            </code>
            <CopyToClipboard value={issued.password} />
          </p>
          <Button buttonStyle="secondary" onClick={() => setIssued(null)} size="small">
            {t('done')}
          </Button>
        </div>
      ) : null}
      <div style={{ alignItems: 'end', display: 'flex', gap: 'calc(var(--base) / 2)' }}>
        <div style={{ flex: 1 }}>
          <TextInput
            label={t('newApplicationPasswordName')}
            onChange={(event: React.ChangeEvent<HTMLInputElement>) => setName(event.target.value)}
            path="newApplicationPasswordName"
            value={name}
          />
        </div>
        <Button buttonStyle="secondary" disabled={busy} onClick={() => void create()} size="medium">
          {t('addApplicationPassword')}
        </Button>
      </div>
      {items.length ? (
        <table
          className="application-passwords__list table"
          style={{ marginTop: 'var(--base)', width: '100%' }}
        >
          <thead>
            <tr>
              <th align="left">{t('name')}</th>
              <th align="left">{t('created')}</th>
              <th align="left">{t('lastUsed')}</th>
              <th />
            </tr>
          </thead>
          <tbody>
            {items.map((item) => (
              <tr key={item.id}>
                <td>{item.name}</td>
                <td>{when(item.createdAt)}</td>
                <td>{when(item.lastUsedAt)}</td>
                <td align="right">
                  <Button buttonStyle="error" onClick={() => void revoke(item)} size="small">
                    {t('revoke')}
                  </Button>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      ) : (
        <p className="field-description" style={{ marginTop: 'var(--base)' }}>
          {t('noApplicationPasswords')}
        </p>
      )}
    </section>
  )
}
