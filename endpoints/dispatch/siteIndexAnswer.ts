import type { SanitizedPluginConfig } from '../../src/types'
import type { RestResult } from '../context'
import type { Route } from '../router'
import type { Exchange } from './exchange'

import { noRoute } from '../errors'
import { describeIndexRoute, siteIndex } from '../siteIndex'
import { resolveLanguage } from './language'
import { parseQuery } from './request'

/**
 * The site index (`GET /wp-json/`), which every answer's `Link` header names: `OPTIONS`
 * describes it, other methods find no route. Its only argument is the language.
 */
export function siteIndexAnswer(
  exchange: Exchange,
  options: SanitizedPluginConfig,
  table: Route[],
): RestResult {
  const { method, request } = exchange
  if (method === 'OPTIONS') {
    exchange.allow = 'GET'
    return { body: describeIndexRoute(request.restBase) }
  }
  if (method !== 'GET' && method !== 'HEAD') throw noRoute()
  exchange.language = resolveLanguage(
    options,
    request.rootLanguage,
    parseQuery(request.query),
    undefined,
  )
  const index = siteIndex({
    language: exchange.language,
    now: options.clock(),
    options,
    restBase: request.restBase,
    routes: table,
  })
  exchange.allow = 'GET'
  return index
}
