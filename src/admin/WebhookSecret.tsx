'use client'

import type { UIFieldClientComponent } from 'payload'

import { Button, CopyToClipboard, useDocumentInfo, useForm } from '@payloadcms/ui'
import { useEffect, useState } from 'react'

import { useCalendarTranslation } from '../i18n/useCalendarTranslation'

/**
 * Secrets issued by a create, by webhook id, until its form shows them: the create's answer
 * arrives on the create page, which then moves to the webhook's own page (a client-side
 * navigation, so this module's memory survives it; a reload does not, and the secret is gone).
 */
const justIssued = new Map<string, string>()

const takeIssued = (id: number | string | undefined): string | undefined => {
  if (id === undefined) return undefined
  const secret = justIssued.get(String(id))
  justIssued.delete(String(id))
  return secret
}

/**
 * A webhook's secret, shown once: the answer to the write that made it (the create, or a save
 * asking for `rotateSecret`) is the only one that holds it (collections/Webhooks/hooks/webhookSecret.ts),
 * and Payload's form hands that answer to the document's data. No read returns it again.
 */
export const WebhookSecret: UIFieldClientComponent = () => {
  const { t } = useCalendarTranslation()
  const { id, savedDocumentData } = useDocumentInfo()
  const { submit } = useForm()
  const [secret, setSecret] = useState<string | undefined>(() => takeIssued(id))
  const [rotating, setRotating] = useState(false)

  const answered = savedDocumentData?.secret
  useEffect(() => {
    if (typeof answered !== 'string') return
    if (id === undefined && savedDocumentData?.id !== undefined)
      justIssued.set(String(savedDocumentData.id), answered)
    else setSecret(answered)
  }, [answered, id, savedDocumentData?.id])

  const rotate = async () => {
    if (!window.confirm(t('webhookRotateConfirm'))) return
    setRotating(true)
    try {
      await submit({ overrides: { rotateSecret: true } })
    } finally {
      setRotating(false)
    }
  }

  return (
    <section className="webhook-secret field-type" style={{ margin: 'var(--base) 0' }}>
      {secret ? (
        <div
          className="webhook-secret__issued"
          role="status"
          style={{
            background: 'var(--theme-success-100)',
            border: '1px solid var(--theme-success-500)',
            marginBottom: 'var(--base)',
            padding: 'var(--base)',
          }}
        >
          <p>{t('webhookSecretIssued')}</p>
          <p style={{ alignItems: 'center', display: 'flex', gap: 8 }}>
            <code
              className="webhook-secret__value"
              style={{ fontSize: '1.1em', wordBreak: 'break-all' }}
            >
              {secret}
            </code>
            <CopyToClipboard value={secret} />
          </p>
          <Button buttonStyle="secondary" onClick={() => setSecret(undefined)} size="small">
            {t('done')}
          </Button>
        </div>
      ) : null}
      {id !== undefined ? (
        <>
          <Button
            buttonStyle="secondary"
            className="webhook-secret__rotate"
            disabled={rotating}
            onClick={() => void rotate()}
            size="medium"
          >
            {t('webhookRotateSecret')}
          </Button>
          <p className="field-description">{t('webhookRotateDescription')}</p>
        </>
      ) : null}
    </section>
  )
}
