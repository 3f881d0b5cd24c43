import type { CollectionBeforeChangeHook } from 'payload'

import { translatorOf } from '../i18n/index'
import { can } from '../lib/roles'
import { skipsPluginHooks } from './context'
import { ClientError } from '../lib/clientError'

/**
 * "Scheduled" without a publication date is refused on the admin panel and Payload's REST and
 * GraphQL APIs, rather than published at once (which `decideStatus` does, as WordPress does for
 * its API): an editor who picks Scheduled and forgets the date did not mean "publish now".
 * Server code and the compatibility API (Local API requests) keep WordPress's rule unchanged.
 * Those who may not publish are not refused: their Scheduled goes to review anyway.
 */
export const refuseScheduleWithoutDate: CollectionBeforeChangeHook = ({
  data,
  originalDoc,
  req,
}) => {
  if (skipsPluginHooks(req) || req.payloadAPI === 'local') return data
  const requested = data.status ?? originalDoc?.status
  const date = data.publishedAt !== undefined ? data.publishedAt : originalDoc?.publishedAt
  if (requested !== 'future' || date || !can(req.user, 'publish_posts')) return data
  // A 400 with the sentence itself (a field error would be toasted as "invalid: publishedAt").
  throw new ClientError(translatorOf(req.t)('scheduleNeedsDate'))
}
