import type { SqlRunner } from '../calendarSchema/pieces'
import type { AdapterPatch } from './patch'

import {
  calendarTables,
  calendarTablesFilter,
  keepCalendarSchemaOnPush,
} from '../calendarSchema/pushSchema'
import { createSearchFold } from '../calendarSchema/searchFolding'
import { pushesSchema } from './adapter'

const FOLD_FIRST = Symbol('calendar search fold before the push')

type SchemaHooks = {
  afterSchemaInit?: unknown[]
  createExtensions?: ((this: unknown) => Promise<void>) & { [FOLD_FIRST]?: boolean }
  extensions?: unknown
  name?: string
  tablesFilter?: string | string[]
}

export const pushSchemaPatch: AdapterPatch = {
  name: 'push-schema',
  stage: 'adapter',
  whenDisabled: true,
  reason:
    "a development push keeps the calendar's tables (outside its view), shared id sequences and indexes instead of dropping them or asking to (and failing to turn the ids back into serial)",
  // The schema hooks it goes through (the adapter's afterSchemaInit, added after the site's own),
  // and the `tablesFilter` the adapter hands to drizzle-kit's push (pushDevSchema in
  // @payloadcms/drizzle).
  upstream: ['https://github.com/payloadcms/payload/pull/8196'],
  apply: (adapter) => {
    const hooks = adapter as unknown as SchemaHooks
    if (hooks.name !== 'postgres') return
    hooks.afterSchemaInit = [...(hooks.afterSchemaInit ?? []), keepCalendarSchemaOnPush]
    hooks.tablesFilter = calendarTablesFilter(hooks.tablesFilter)
    // The adapter creates its extensions when it connects, just before it pushes: the function
    // the search indexes the push keeps (or makes) are of must exist by then.
    const base = hooks.createExtensions
    if (typeof base === 'function') {
      const withFold = async function (this: unknown) {
        await base.call(this)
        const connected = this as { drizzle: SqlRunner }
        if (pushesSchema(connected)) await createSearchFold(connected.drizzle)
      }
      hooks.createExtensions = Object.assign(withFold, { [FOLD_FIRST]: true })
    }
  },
  verify: (payload) => {
    const hooks = payload.db as unknown as SchemaHooks
    if (hooks.name !== 'postgres') return null
    // The hook adds pg_trgm to the extensions the adapter creates when it connects.
    if (!hooks.extensions || typeof hooks.extensions !== 'object')
      return 'the Postgres adapter has no extensions map any more'
    if (!hooks.afterSchemaInit?.includes(keepCalendarSchemaOnPush))
      return "the adapter's afterSchemaInit hooks lack the calendar's"
    if (!hooks.createExtensions?.[FOLD_FIRST])
      return "the adapter's createExtensions, which runs before its push, does not make calendar_search_fold first"
    const filter = Array.isArray(hooks.tablesFilter) ? hooks.tablesFilter : []
    const seen = calendarTables().filter((table) => !filter.includes(`!${table}`))
    return seen.length
      ? `the adapter's tablesFilter does not keep ${seen.join(', ')} out of a push`
      : null
  },
}
