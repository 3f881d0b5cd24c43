import type { AdapterPatch } from './patch'

import { keepCalendarSchemaOnPush } from '../calendarSchema/pushSchema'

type SchemaHooks = { afterSchemaInit?: unknown[]; extensions?: unknown; name?: string }

export const pushSchemaPatch: AdapterPatch = {
  name: 'push-schema',
  stage: 'adapter',
  whenDisabled: true,
  reason:
    "a development push keeps the calendar's shared id sequences, indexes and tables instead of dropping them (and failing to turn the ids back into serial)",
  // The schema hooks it goes through (the adapter's afterSchemaInit, added after the site's own).
  upstream: ['https://github.com/payloadcms/payload/pull/8196'],
  apply: (adapter) => {
    const hooks = adapter as unknown as SchemaHooks
    if (hooks.name === 'postgres')
      hooks.afterSchemaInit = [...(hooks.afterSchemaInit ?? []), keepCalendarSchemaOnPush]
  },
  verify: (payload) => {
    const hooks = payload.db as unknown as SchemaHooks
    if (hooks.name !== 'postgres') return null
    // The hook adds pg_trgm to the extensions the adapter creates when it connects.
    if (!hooks.extensions || typeof hooks.extensions !== 'object')
      return 'the Postgres adapter has no extensions map any more'
    return hooks.afterSchemaInit?.includes(keepCalendarSchemaOnPush)
      ? null
      : "the adapter's afterSchemaInit hooks lack the calendar's"
  },
}
