import type { Payload } from 'payload'

import type { ArgsContext } from '../../endpoints/context'
import type { SanitizedPluginConfig } from '../types'

import { parseQuery } from '../../endpoints/dispatch/request'
import { visitorContext } from '../calendar/context'

/**
 * A feed request's context: an anonymous visitor's read in the language of the URL's root
 * (`visitorContext`: feeds are public and cacheable, and a calendar app subscribed to one sends no
 * credentials), with the query string's arguments, which a calendar feed reads as the events list
 * declares them (`feedQuery.ts`). No password is ever taken from a feed's URL.
 */
export type FeedContext = ArgsContext

export async function feedContext(
  payload: Payload,
  options: SanitizedPluginConfig,
  args: { language: string; query: string },
): Promise<FeedContext> {
  const read = await visitorContext(payload, options, args.language)
  return {
    ...read,
    args: {},
    body: undefined,
    language: args.language,
    method: 'GET',
    params: {},
    query: parseQuery(args.query),
  }
}
