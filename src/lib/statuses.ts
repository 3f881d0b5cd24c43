import type { PostStatus } from '../types'

import { can, type UserWithRole } from './roles'

export const POST_STATUSES: readonly PostStatus[] = [
  'draft',
  'pending',
  'future',
  'publish',
  'private',
  'trash',
]

/** WordPress marks a trashed post's slug so that a new post may take the old one. */
export const TRASHED_SLUG_SUFFIX = '__trashed'

/**
 * A slug freed by the trash: `…__trashed`, or `…__trashed-2`, `…__trashed-3`, … when an item of
 * the same slug was in the trash already (WordPress, whose slugs need not be unique, gives both
 * `…__trashed`; here the column is unique, `src/hooks/generateSlug.ts`).
 */
const TRASHED_SLUG = /__trashed(?:-\d+)?$/

export const isTrashedSlug = (slug: string): boolean => TRASHED_SLUG.test(slug)

/** The slug a trashed item had before, to take again (or the next free one) when restored. */
export const untrashedSlug = (slug: string): string => slug.replace(TRASHED_SLUG, '')

export type StatusDecision = {
  publishedAt?: string
  status: PostStatus
}

/**
 * The status an item ends up with when `user` asks for `requested`, the one rule that the admin
 * panel, the compatibility API and the migration all go through (`docs/compatibility.md`,
 * "Status workflow and roles"):
 * - a user who may not publish gets `pending` where they asked for `publish`, `future` or
 *   `private` (WordPress's `scale_back_post_status`, extended to `private`, which only
 *   publishers may set);
 * - `future` with a publication date that has come becomes `publish`, `publish` with a date
 *   still to come becomes `future`;
 * - publishing without a date stamps the date.
 */
export function decideStatus(args: {
  now: Date
  publishedAt?: null | string
  requested: PostStatus
  user: UserWithRole
}): StatusDecision {
  const { now, publishedAt, requested, user } = args
  let status = requested
  if (
    !can(user, 'publish_posts') &&
    (status === 'publish' || status === 'future' || status === 'private')
  ) {
    status = 'pending'
  }
  const date = publishedAt ? new Date(publishedAt) : null
  if (status === 'future' && (!date || date.getTime() <= now.getTime())) status = 'publish'
  else if (status === 'publish' && date && date.getTime() > now.getTime()) status = 'future'
  if ((status === 'publish' || status === 'private') && !date) {
    return { publishedAt: now.toISOString(), status }
  }
  return { status }
}

/**
 * The statuses the admin panel offers `user` for an item now in `current`: everything for those
 * who may publish, draft and review for the others. Trash is left to its own button, and the
 * current status always stays listed so that the form can show it.
 */
export function offeredStatuses(user: UserWithRole, current?: unknown): PostStatus[] {
  const offered: PostStatus[] = can(user, 'publish_posts')
    ? ['draft', 'pending', 'future', 'publish', 'private']
    : ['draft', 'pending']
  if (
    typeof current === 'string' &&
    POST_STATUSES.includes(current as PostStatus) &&
    !offered.includes(current as PostStatus)
  ) {
    offered.push(current as PostStatus)
  }
  return offered
}

/**
 * A new venue or organizer is published at once by those who may publish, as The Events
 * Calendar does for linked posts (from its API or from the event editor); others make drafts.
 */
export function defaultLinkedPostStatus(user: UserWithRole): PostStatus {
  return can(user, 'publish_posts') ? 'publish' : 'draft'
}

export function isPublicStatus(status: unknown): boolean {
  return status === 'publish'
}
