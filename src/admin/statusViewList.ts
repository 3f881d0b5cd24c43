import type { CalendarTranslationKey } from '../i18n/index'
import type { PostStatus } from '../types'

/** The status views above a list, in WordPress's order; `all` is every status but the trash. */
export type StatusView = 'all' | Exclude<PostStatus, 'pending'> | 'pending'

export const STATUS_VIEWS: Array<{ label: CalendarTranslationKey; value: StatusView }> = [
  { label: 'view_all', value: 'all' },
  { label: 'view_publish', value: 'publish' },
  { label: 'view_draft', value: 'draft' },
  { label: 'view_pending', value: 'pending' },
  { label: 'view_future', value: 'future' },
  { label: 'view_private', value: 'private' },
  { label: 'view_trash', value: 'trash' },
]

/** What a view counts: `all` leaves the trash out, as the list does by default. */
export const whereOfView = (view: StatusView) =>
  view === 'all' ? { status: { not_equals: 'trash' } } : { status: { equals: view } }
