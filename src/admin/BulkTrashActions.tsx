'use client'

import { Button, toast, useSelection } from '@payloadcms/ui'
import { useRouter } from 'next/navigation.js'
import { useState } from 'react'

import { useCalendarTranslation } from '../i18n/useCalendarTranslation'
import { findTrashed, moveToTrash, restoreFromTrash } from './trashRequests'
import { showTrashedToast } from './trashToast'

type Props = { apiURL: string; inTrashView: boolean }

/**
 * The list's bulk actions on the trash, beside Payload's own selection bar: "Move to trash"
 * (with Undo) everywhere but the Trash view, "Restore" there. Payload's bulk Delete is hidden
 * outside the Trash view; inside it, Delete removes for good (delete access allows nothing else).
 */
export function BulkTrashActions({ apiURL, inTrashView }: Props) {
  const { count, selectedIDs, toggleAll } = useSelection()
  const router = useRouter()
  const { t } = useCalendarTranslation()
  const [busy, setBusy] = useState(false)

  const run = async (work: () => Promise<void>) => {
    setBusy(true)
    try {
      await work()
    } catch (error) {
      toast.error((error as Error).message)
    } finally {
      setBusy(false)
      toggleAll()
      router.refresh()
    }
  }

  const trash = () =>
    run(async () => {
      const { failed, trashed } = await moveToTrash(apiURL, selectedIDs)
      if (failed) toast.error(t('notTrashed', { count: failed }))
      if (trashed.length) {
        showTrashedToast(t, trashed.length, () => {
          void restoreFromTrash(apiURL, trashed).then(() => {
            toast.success(t('restored'))
            router.refresh()
          })
        })
      }
    })

  const restore = () =>
    run(async () => {
      const restored = await restoreFromTrash(apiURL, await findTrashed(apiURL, selectedIDs))
      toast.success(t('restoredItems', { count: restored }))
    })

  return (
    <div
      className="bulk-trash-actions"
      style={{ alignItems: 'center', display: 'flex', gap: 'calc(var(--base) / 2)', minHeight: 32 }}
    >
      {/* Payload's bulk Delete would delete for good: only the Trash view offers it. */}
      {inTrashView ? null : (
        <style>{'.delete-documents__toggle { display: none !important; }'}</style>
      )}
      {count > 0 ? (
        inTrashView ? (
          <Button
            buttonStyle="secondary"
            className="bulk-trash-actions__restore"
            disabled={busy}
            margin={false}
            onClick={() => void restore()}
            size="small"
          >
            {t('restoreSelected', { count })}
          </Button>
        ) : (
          <Button
            buttonStyle="error"
            className="bulk-trash-actions__trash"
            disabled={busy}
            margin={false}
            onClick={() => void trash()}
            size="small"
          >
            {t('trashSelected', { count })}
          </Button>
        )
      ) : null}
      {inTrashView ? (
        <span className="field-description" style={{ margin: 0 }}>
          {t('trashViewNotice')}
        </span>
      ) : null}
    </div>
  )
}
