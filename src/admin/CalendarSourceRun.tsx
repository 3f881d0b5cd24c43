'use client'

import type { UIFieldClientComponent } from 'payload'

import { Button, useConfig, useDocumentInfo } from '@payloadcms/ui'
import { useEffect, useRef, useState } from 'react'

import { useCalendarTranslation } from '../i18n/useCalendarTranslation'

type LastRun = { at?: null | string; log?: null | string; status?: null | string }

/** How often, and how long, the form looks for the run's outcome before saying it is still queued. */
const POLL_MS = 1000
const WAIT_MS = 90_000

type Outcome =
  | { kind: 'done'; run: LastRun }
  | { kind: 'error'; message: string }
  | { kind: 'queued' }
  | { kind: 'running' }

/**
 * "Run now" on a calendar source's form: asks the source's run endpoint for a run
 * (`POST /api/calendar-sources/{id}/run`, which queues it), then reads the source until its
 * last run is a newer one, and shows that run's status and log.
 */
export const CalendarSourceRun: UIFieldClientComponent = () => {
  const { t } = useCalendarTranslation()
  const { config } = useConfig()
  const { collectionSlug, id } = useDocumentInfo()
  const [outcome, setOutcome] = useState<Outcome>()
  const mounted = useRef(true)
  useEffect(() => {
    mounted.current = true
    return () => {
      mounted.current = false
    }
  }, [])

  if (id === undefined || id === null) return null
  const api = `${config.serverURL}${config.routes.api}/${collectionSlug}/${id}`

  const lastRun = async (): Promise<LastRun | undefined> => {
    const response = await fetch(`${api}?depth=0`, { credentials: 'include' })
    if (!response.ok) return undefined
    return ((await response.json()) as { lastRun?: LastRun }).lastRun ?? undefined
  }

  const run = async () => {
    setOutcome({ kind: 'running' })
    try {
      const before = (await lastRun())?.at ?? null
      const response = await fetch(`${api}/run`, { credentials: 'include', method: 'POST' })
      if (response.status !== 202) {
        setOutcome({
          kind: 'error',
          message: t('calendarSourceRunNotStarted', { status: response.status }),
        })
        return
      }
      const until = Date.now() + WAIT_MS
      while (mounted.current && Date.now() < until) {
        await new Promise((resolve) => setTimeout(resolve, POLL_MS))
        const latest = await lastRun()
        if (latest?.at && latest.at !== before) {
          setOutcome({ kind: 'done', run: latest })
          return
        }
      }
      if (mounted.current) setOutcome({ kind: 'queued' })
    } catch (error) {
      setOutcome({ kind: 'error', message: (error as Error).message })
    }
  }

  return (
    <div className="calendar-source-run field-type">
      <Button
        buttonStyle="secondary"
        className="calendar-source-run__button"
        disabled={outcome?.kind === 'running'}
        onClick={() => void run()}
        size="medium"
      >
        {outcome?.kind === 'running' ? t('calendarSourceRunWaiting') : t('calendarSourceRunNow')}
      </Button>
      {outcome && outcome.kind !== 'running' ? (
        <div className="calendar-source-run__outcome" role="status">
          {outcome.kind === 'done' ? (
            <>
              <p>
                <strong>
                  {outcome.run.status === 'succeeded'
                    ? t('calendarSourceRunSucceeded')
                    : t('calendarSourceRunFailed')}
                </strong>
              </p>
              <pre
                className="calendar-source-run__log"
                style={{
                  fontSize: '0.85em',
                  maxHeight: '20rem',
                  overflow: 'auto',
                  whiteSpace: 'pre-wrap',
                }}
              >
                {outcome.run.log}
              </pre>
            </>
          ) : (
            <p>{outcome.kind === 'queued' ? t('calendarSourceRunStillQueued') : outcome.message}</p>
          )}
        </div>
      ) : null}
    </div>
  )
}
