'use client'

import type { UIFieldClientComponent } from 'payload'

import { Button, toast, useDocumentInfo, useForm, useFormProcessing } from '@payloadcms/ui'
import { useEffect, useRef } from 'react'

import type { PostStatus } from '../types'

import { useCalendarTranslation } from '../i18n/useCalendarTranslation'
import { showTrashedToast } from './trashToast'

/**
 * Trash and restore, as WordPress offers them beside the status: trashing keeps the item (and
 * the status to go back to); restoring brings it back as it was. Both save at once. Shown only
 * to those who may save this item. Trashing says "Moved to the trash" with an Undo, rather than
 * Payload's "Updated successfully".
 */
export const WorkflowActions: UIFieldClientComponent = () => {
  const { hasSavePermission, id, savedDocumentData } = useDocumentInfo()
  const { disabled, submit } = useForm()
  // The form ignores a submit while it is disabled or still saving, which lasts a moment after the
  // saved item (and so this button) changed: the buttons wait with it rather than lose a click.
  const busy = useFormProcessing() || disabled
  const { t } = useCalendarTranslation()
  const status = savedDocumentData?.status as PostStatus | undefined
  // The status the item had when trashing was asked for, until the saved item says it is trashed.
  const trashedFrom = useRef<null | PostStatus>(null)
  const restoring = useRef(false)

  const setStatus = (next: PostStatus) =>
    submit({
      disableSuccessStatus: true,
      overrides: { status: next },
      skipValidation: next === 'trash',
    })

  useEffect(() => {
    if (status === 'trash' && trashedFrom.current) {
      const previous = trashedFrom.current
      trashedFrom.current = null
      showTrashedToast(t, 1, () => {
        restoring.current = true
        void setStatus(previous)
      })
    } else if (status !== 'trash' && restoring.current) {
      restoring.current = false
      toast.success(t('restoredAs', { status: t(`status_${status!}`) }))
    }
    // `setStatus` is the form's submit, the same for the form's life.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [status])

  if (!id || !hasSavePermission) return null

  if (status === 'trash') {
    const restoreTo = (savedDocumentData?.statusBeforeTrash as PostStatus | undefined) ?? 'draft'
    return (
      <div className="workflow-actions" style={{ marginBottom: 'var(--base)' }}>
        <p className="field-description">{t('inTrash', { status: t(`status_${restoreTo}`) })}</p>
        <Button
          buttonStyle="secondary"
          disabled={busy}
          onClick={() => {
            restoring.current = true
            void setStatus(restoreTo)
          }}
          size="medium"
        >
          {t('restore')}
        </Button>
      </div>
    )
  }
  return (
    <div className="workflow-actions" style={{ marginBottom: 'var(--base)' }}>
      <Button
        buttonStyle="error"
        disabled={busy}
        onClick={() => {
          trashedFrom.current = status ?? 'draft'
          void setStatus('trash')
        }}
        size="small"
      >
        {t('moveToTrash')}
      </Button>
    </div>
  )
}
