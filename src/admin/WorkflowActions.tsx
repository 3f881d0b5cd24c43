'use client'

import type { UIFieldClientComponent } from 'payload'

import { Button, useDocumentInfo, useForm } from '@payloadcms/ui'

import type { PostStatus } from '../types'

import { STATUS_LABELS } from '../lib/statuses'

/**
 * Trash and restore, as WordPress offers them beside the status: trashing keeps the item (and
 * the status to go back to); restoring brings it back as it was. Both save at once. Shown only
 * to those who may save this item.
 */
export const WorkflowActions: UIFieldClientComponent = () => {
  const { hasSavePermission, id, savedDocumentData } = useDocumentInfo()
  const { submit } = useForm()
  if (!id || !hasSavePermission) return null

  const status = savedDocumentData?.status as string | undefined
  if (status === 'trash') {
    const restoreTo = (savedDocumentData?.statusBeforeTrash as PostStatus | undefined) ?? 'draft'
    return (
      <div className="workflow-actions" style={{ marginBottom: 'var(--base)' }}>
        <p className="field-description">
          This item is in the trash. Restoring it makes it {STATUS_LABELS[restoreTo] ?? restoreTo} again.
        </p>
        <Button buttonStyle="secondary" onClick={() => void submit({ overrides: { status: restoreTo } })} size="medium">
          Restore
        </Button>
      </div>
    )
  }
  return (
    <div className="workflow-actions" style={{ marginBottom: 'var(--base)' }}>
      <Button buttonStyle="error" onClick={() => void submit({ overrides: { status: 'trash' }, skipValidation: true })} size="small">
        Move to trash
      </Button>
    </div>
  )
}
