import { toast } from '@payloadcms/ui'

/**
 * "Moved to the trash", with an Undo as WordPress offers after trashing. The toast stays a
 * while longer than Payload's default, to leave time to change one's mind.
 */
export function showTrashedToast(count: number, onUndo: () => void): void {
  const message = count === 1 ? 'Moved to the trash.' : `${count} items moved to the trash.`
  toast.success(message, { action: { label: 'Undo', onClick: onUndo }, duration: 10_000 })
}
