import type { PostStatus } from '../types'

/** The status views above a list, in WordPress's order; `all` is every status but the trash. */
export type StatusView = 'all' | Exclude<PostStatus, 'pending'> | 'pending'

export const STATUS_VIEWS: Array<{ label: string; value: StatusView }> = [
  { label: 'All', value: 'all' },
  { label: 'Published', value: 'publish' },
  { label: 'Drafts', value: 'draft' },
  { label: 'Pending', value: 'pending' },
  { label: 'Scheduled', value: 'future' },
  { label: 'Private', value: 'private' },
  { label: 'Trash', value: 'trash' },
]

/** What a view counts: `all` leaves the trash out, as the list does by default. */
export const whereOfView = (view: StatusView) =>
  view === 'all' ? { status: { not_equals: 'trash' } } : { status: { equals: view } }
