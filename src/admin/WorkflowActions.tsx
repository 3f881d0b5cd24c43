'use client'

import type { UIFieldClientComponent } from 'payload'

import { Button, toast, useDocumentInfo, useForm } from '@payloadcms/ui'
import { useEffect, useRef } from 'react'

import type { PostStatus } from '../types'

import { STATUS_LABELS } from '../lib/statuses'
import { showTrashedToast } from './trashToast'

/**
 * Trash and restore, as WordPress offers them beside the status: trashing keeps the item (and
 * the status to go back to); restoring brings it back as it was. Both save at once. Shown only
 * to those who may save this item. Trashing says "Moved to the trash" with an Undo, rather than
 * Payload's "Updated successfully".
 */
export const WorkflowActions: UIFieldClientComponent = () => {
  const { hasSavePermission, id, savedDocumentData } = useDocumentInfo()
  const { submit } = useForm()
  const status = savedDocumentData?.status as PostStatus | undefined
  // The status the item had when trashing was asked for, until the saved item says it is trashed.
  const trashedFrom = useRef<null | PostStatus>(null)
  const restoring = useRef(false)

  const setStatus = (next: PostStatus) =>
    submit({ disableSuccessStatus: true, overrides: { status: next }, skipValidation: next === 'trash' })

  useEffect(() => {
    if (status === 'trash' && trashedFrom.current) {
      const previous = trashedFrom.current
      trashedFrom.current = null
      showTrashedToast(1, () => {
        restoring.current = true
        void setStatus(previous)
      })
    } else if (status !== 'trash' && restoring.current) {
      restoring.current = false
      toast.success(`Restored: ${STATUS_LABELS[status!] ?? status}.`)
    }
    // `setStatus` is the form's submit, the same for the form's life.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [status])

  if (!id || !hasSavePermission) return null

  if (status === 'trash') {
    const restoreTo = (savedDocumentData?.statusBeforeTrash as PostStatus | undefined) ?? 'draft'
    return (
      <div className="workflow-actions" style={{ marginBottom: 'var(--base)' }}>
        <p className="field-description">
          This item is in the trash. Restoring it makes it {STATUS_LABELS[restoreTo] ?? restoreTo} again. Delete (in the ⋯ menu) removes it
          for good.
        </p>
        <Button
          buttonStyle="secondary"
          onClick={() => {
            restoring.current = true
            void setStatus(restoreTo)
          }}
          size="medium"
        >
          Restore
        </Button>
      </div>
    )
  }
  return (
    <div className="workflow-actions" style={{ marginBottom: 'var(--base)' }}>
      <Button
        buttonStyle="error"
        onClick={() => {
          trashedFrom.current = status ?? 'draft'
          void setStatus('trash')
        }}
        size="small"
      >
        Move to trash
      </Button>
    </div>
  )
}
