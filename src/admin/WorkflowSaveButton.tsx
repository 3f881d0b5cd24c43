'use client'

import {
  Button,
  SaveButton,
  useAuth,
  useDocumentInfo,
  useForm,
  useFormFields,
  useFormModified,
} from '@payloadcms/ui'

import type { PostStatus } from '../types'

import { useCalendarTranslation } from '../i18n/useCalendarTranslation'
import { can } from '../lib/roles'
import { useCloseDrawerOnCreate } from './useCloseDrawerOnCreate'
import { workflowAction } from './workflowAction'

/**
 * Publish, Schedule or Submit for review beside Save, by role and state as in WordPress: a
 * contributor submits for review; an editor publishes, or schedules when the publication date is
 * still to come. The server decides anyway (`src/lib/statuses.ts`, decideStatus): a contributor's
 * publish goes to review on every API, and Scheduled without a date is refused.
 */
export function WorkflowSaveButton() {
  useCloseDrawerOnCreate()
  const { user } = useAuth()
  const { hasSavePermission, savedDocumentData } = useDocumentInfo()
  const { submit } = useForm()
  const modified = useFormModified()
  const { t } = useCalendarTranslation()
  const publishedAt = useFormFields(([fields]) => fields.publishedAt?.value) as
    null | string | undefined
  const status = (savedDocumentData?.status as PostStatus | undefined) ?? undefined
  const action =
    hasSavePermission === false
      ? null
      : workflowAction({ mayPublish: can(user as never, 'publish_posts'), publishedAt, status })
  const label =
    action === 'pending' ? t('submitForReview') : action === 'future' ? t('schedule') : t('publish')
  return (
    <div
      className="workflow-save-buttons"
      style={{ alignItems: 'center', display: 'flex', gap: 'calc(var(--base) / 2)' }}
    >
      {action ? (
        <Button
          buttonStyle={
            status === undefined || modified || action !== 'pending' ? 'primary' : 'secondary'
          }
          className={`workflow-save-buttons__${action}`}
          id="action-workflow"
          margin={false}
          onClick={() => void submit({ overrides: { status: action } })}
          size="medium"
        >
          {label}
        </Button>
      ) : null}
      <SaveButton />
    </div>
  )
}
