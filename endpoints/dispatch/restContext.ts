import type { Payload, PayloadRequest } from 'payload'

import { createLocalReq } from 'payload'

import type { SanitizedPluginConfig } from '../../src/types'
import type { RestContext } from '../context'
import type { Route } from '../router'
import type { Exchange } from './exchange'
import type { Located } from './locate'

import { GEOCODE_ON_SAVE, TRUSTED_READ } from '../../src/hooks/context'
import { withoutNul } from '../../src/lib/withoutNul'

/** What the stages before it read of the request, for the context. */
export type ReadRequest = {
  body: unknown
  located: Located
  query: Record<string, unknown>
  table: Route[]
  user: PayloadRequest['user']
}

/**
 * The controllers' view of the request (`RestContext`), with a Payload request that carries the
 * user and the language. `clockRead` tells whether anything read `ctx.now`: whether the answer
 * depends on the time (`visitorResponses.ts`); `now` is the same instant, for what must not count
 * as reading it.
 */
export async function restContext(
  payload: Payload,
  options: SanitizedPluginConfig,
  exchange: Exchange,
  { body, located, query, table, user }: ReadRequest,
): Promise<{ clockRead: () => boolean; ctx: RestContext; now: Date }> {
  const { language, method, request } = exchange
  const req = await createLocalReq(
    // The serializers apply the password rule themselves (`docs/compatibility.md`,
    // "Password-protected items"), so they read whole items.
    {
      // A venue it saves is placed from its address, as one saved in the admin is.
      context: { [GEOCODE_ON_SAVE]: true, [TRUSTED_READ]: true },
      fallbackLocale: options.defaultLanguage as never,
      locale: language,
      user: user ?? undefined,
    },
    payload,
  )
  const now = options.clock()
  const clock = watchedClock(now)
  const ctx: RestContext = {
    args: {},
    body,
    headers: request.headers,
    language,
    method,
    get now() {
      return clock.now()
    },
    options,
    params: withoutNul(located.params) as Record<string, string>,
    payload,
    query,
    req,
    restBase: request.restBase,
    routes: table,
    signal: request.signal,
    user: user ?? null,
  }
  return { clockRead: clock.wasRead, ctx, now }
}

/** One instant for the whole request, which tells whether it was read. */
export function watchedClock(now: Date): { now: () => Date; wasRead: () => boolean } {
  let read = false
  return {
    now: () => {
      read = true
      return now
    },
    wasRead: () => read,
  }
}
