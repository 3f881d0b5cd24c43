import type { PayloadRequest } from 'payload'

import type { Exchange } from './exchange'

import { audienceOf } from '../conditional'

/**
 * Whom the answer is for: the signed-in user's own, and personal (never cached by others) when
 * signed in or when a `password` in the query may unlock what it shows.
 */
export function settleAudience(
  exchange: Exchange,
  user: PayloadRequest['user'],
  query: Record<string, unknown>,
): void {
  exchange.audience = audienceOf(user)
  exchange.personal = exchange.signedIn || 'password' in query
}
