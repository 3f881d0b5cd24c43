import type { Payload, PayloadRequest } from 'payload'

import { createLocalReq } from 'payload'

import type { SanitizedPluginConfig } from '../types'

import { TRUSTED_READ } from '../hooks/context'

/**
 * What the calendar's read code needs of one read, whichever surface asks (the compatibility
 * API, a feed, a public page): the Payload instance, a Payload request for the Local API (it
 * carries the reader, the locale and any transaction), the reader, the plugin's options and the
 * request's clock. A surface's own context adds what only it reads (the API's: `RestContext`).
 */
export type CalendarContext = {
  now: Date
  options: SanitizedPluginConfig
  payload: Payload
  req: PayloadRequest
  user: PayloadRequest['user']
}

/**
 * An anonymous visitor's read in one language, whatever credentials came with the request (feeds
 * are public and cacheable). Reads are trusted as the API's are (`TRUSTED_READ`: the serializers
 * apply the password rule themselves), so such reads share the API's visitor cache.
 */
export async function visitorContext(
  payload: Payload,
  options: SanitizedPluginConfig,
  language: string,
): Promise<CalendarContext> {
  const req = await createLocalReq(
    {
      context: { [TRUSTED_READ]: true },
      fallbackLocale: options.defaultLanguage as never,
      locale: language,
      user: undefined,
    },
    payload,
  )
  return { now: options.clock(), options, payload, req, user: null }
}
