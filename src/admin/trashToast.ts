import { toast } from '@payloadcms/ui'

import type { Translate } from '../i18n/index'

/**
 * "Moved to the trash", with an Undo as WordPress offers after trashing. The toast stays a
 * while longer than Payload's default, to leave time to change one's mind.
 */
export function showTrashedToast(t: Translate, count: number, onUndo: () => void): void {
  toast.success(t('movedToTrash', { count }), {
    action: { label: t('undo'), onClick: onUndo },
    duration: 10_000,
  })
}
