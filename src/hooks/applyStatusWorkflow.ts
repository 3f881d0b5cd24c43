import type { CollectionBeforeChangeHook } from 'payload'

import type { PostStatus } from '../types'

import { decideStatus, isTrashedSlug, TRASHED_SLUG_SUFFIX, untrashedSlug } from '../lib/statuses'
import { skipsPluginHooks } from './context'

/**
 * Applies the status rules of `decideStatus` to every write, whoever makes it (admin panel,
 * REST, compatibility API, scripts), and handles the trash: trashing remembers the status to
 * restore and frees the slug with WordPress's `__trashed` suffix; restoring undoes both.
 *
 * Writes without a user are the server's own (scripts, migrations, scheduled publication):
 * HTTP callers without a user never get this far, because collection access refuses them.
 */
export const applyStatusWorkflow: CollectionBeforeChangeHook = ({ data, originalDoc, req }) => {
  if (skipsPluginHooks(req)) return data
  const previous = originalDoc?.status as PostStatus | undefined
  const requested = (data.status ?? previous ?? 'draft') as PostStatus
  const slug = (data.slug ?? originalDoc?.slug) as string | undefined

  if (requested === 'trash') {
    if (previous !== 'trash') {
      data.statusBeforeTrash = previous ?? 'draft'
      if (slug && !isTrashedSlug(slug)) data.slug = `${slug}${TRASHED_SLUG_SUFFIX}`
    }
    data.status = 'trash'
    return data
  }

  if (previous === 'trash') {
    if (slug && isTrashedSlug(slug)) data.slug = untrashedSlug(slug)
    data.statusBeforeTrash = null
  }

  const statusChanges = data.status !== undefined && data.status !== previous
  const dateChanges =
    data.publishedAt !== undefined && data.publishedAt !== originalDoc?.publishedAt
  if (!statusChanges && !dateChanges && previous) return data

  const decision = decideStatus({
    now: new Date(),
    publishedAt: (data.publishedAt ?? originalDoc?.publishedAt) as null | string | undefined,
    requested,
    user: req.user ?? { id: 0, role: 'administrator' },
  })
  data.status = decision.status
  if (decision.publishedAt) data.publishedAt = decision.publishedAt
  return data
}
