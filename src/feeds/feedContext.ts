import type { Payload } from 'payload'

import { createLocalReq } from 'payload'

import type { RestContext } from '../../endpoints/context'
import type { SanitizedPluginConfig } from '../types'

import { parseQuery, routesFor } from '../../endpoints/dispatch'
import { TRUSTED_READ } from '../hooks/context'

/**
 * The context of the compatibility API (`endpoints/context.ts`) for a feed request: always an
 * anonymous visitor, whatever credentials come with it (feeds are public and cacheable, and a
 * calendar app subscribed to one sends none), in the language of the URL's root. Reads are the
 * API's (`TRUSTED_READ`: the serializer applies the password rule itself, as for the API), so the
 * feeds share the visitor cache of `endpoints/freshness.ts` with it.
 */
export async function feedContext(payload: Payload, options: SanitizedPluginConfig, args: { headers: Headers; language: string; query: string; rootPath: string }): Promise<RestContext> {
  const req = await createLocalReq({ context: { [TRUSTED_READ]: true }, fallbackLocale: options.defaultLanguage as never, locale: args.language, user: undefined }, payload)
  return {
    args: {},
    body: undefined,
    headers: args.headers,
    language: args.language,
    method: 'GET',
    now: options.clock(),
    options,
    params: {},
    payload,
    query: parseQuery(args.query),
    req,
    restBase: `${options.siteUrl}${args.rootPath}/${options.restRoot}`,
    routes: routesFor(options),
    user: null,
  }
}
