import type { SanitizedPluginConfig } from '../../src/types'
import type { Route } from '../router'

import { buildRoutes } from '../routes'

const tables = new WeakMap<SanitizedPluginConfig, Route[]>()

/** The route table for one plugin configuration, built once. */
export function routesFor(options: SanitizedPluginConfig): Route[] {
  let table = tables.get(options)
  if (!table) {
    table = buildRoutes(options)
    tables.set(options, table)
  }
  return table
}
