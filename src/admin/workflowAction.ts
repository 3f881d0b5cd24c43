import type { PostStatus } from '../types'

/** What the workflow button does for this editor and item, as WordPress's Publish box: none once published or scheduled. */
export function workflowAction(args: {
  mayPublish: boolean
  publishedAt?: null | string
  status?: PostStatus
}): null | PostStatus {
  const { mayPublish, publishedAt, status } = args
  if (status === 'trash') return null
  if (!mayPublish) return status === 'pending' ? null : 'pending'
  if (status === 'publish' || status === 'private') return null
  const later = publishedAt ? new Date(publishedAt).getTime() > Date.now() : false
  if (status === 'future' && later) return null
  return later ? 'future' : 'publish'
}
