import type { CollectionBeforeOperationHook, CollectionConfig, Payload } from 'payload'

import { capBulkChanges } from './hooks/capBulkChanges'
import { hideUnreadableLinks } from './hooks/hideUnreadableLinks'
import { refuseCostlyQueries } from './hooks/refuseCostlyQueries'
import { refuseHiddenFieldQueries } from './hooks/refuseHiddenFieldQueries'
import { refuseImpossibleIds } from './hooks/refuseImpossibleIds'
import { refuseInvalidPaging } from './hooks/refuseInvalidPaging'
import { refuseUnreadableRestores } from './hooks/refuseUnreadableRestores'
import { refuseUnqueryableWhere } from './hooks/refuseUnqueryableWhere'
import { refuseUnreadableTimestamps } from './hooks/refuseUnreadableTimestamps'
import { stripNulCharacters } from './hooks/stripNulCharacters'
import { withStorableDates } from './lib/storableDateFields'

/**
 * A collection that refuses, with a 4xx, input its database cannot take, whichever API it comes
 * through (REST, GraphQL, Local API, the compatibility API): impossible ids are 404, bad paging
 * and unqueryable `where` 400, a filter by a linked item the reader may not read answers as one
 * by no item, dates outside the years 1-9999 and timestamps that are not dates a validation
 * error, a revision the caller may not read restored as one that does not exist, NUL characters dropped, a bulk change of more than 100 items refused. The plugin applies
 * this to every collection of the config (`src/plugin.ts`); its own hooks run first, so the
 * collection's hooks only ever see input that passed.
 */
// The cost is judged on what the caller wrote, before the hidden-field guard adds its own conditions.
const OPERATION_GUARDS: CollectionBeforeOperationHook[] = [
  refuseImpossibleIds,
  refuseUnreadableRestores,
  refuseInvalidPaging,
  refuseCostlyQueries,
  refuseUnqueryableWhere,
  refuseHiddenFieldQueries,
  hideUnreadableLinks,
  capBulkChanges,
]

export function withInputGuards(collection: CollectionConfig): CollectionConfig {
  const hooks = collection.hooks ?? {}
  return {
    ...collection,
    fields: withStorableDates(collection.fields),
    hooks: {
      ...hooks,
      beforeOperation: [...OPERATION_GUARDS, ...(hooks.beforeOperation ?? [])],
      beforeValidate: [
        stripNulCharacters,
        refuseUnreadableTimestamps,
        ...(hooks.beforeValidate ?? []),
      ],
    },
  }
}

/** Whether the collection's operations pass the guards above first. */
export const hasInputGuards = (hooks: { beforeOperation?: unknown[] }): boolean =>
  hooks.beforeOperation?.includes(OPERATION_GUARDS[0]) === true

/**
 * The same operation guards for the collections Payload adds to the config after plugins run
 * (`payload-preferences`, `payload-locked-documents`, `payload-jobs`, `payload-kv`, …), which
 * no plugin can reach before `onInit`: put into their sanitized config, whose hooks Payload reads
 * at each operation (`src/db/payloadInternals/`). Their fields are Payload's own, so they keep them
 * as is.
 */
export function guardCollectionsAddedByPayload(payload: Payload): void {
  for (const collection of Object.values(payload.collections)) {
    const hooks = collection.config.hooks
    if (hasInputGuards(hooks)) continue
    hooks.beforeOperation = [...OPERATION_GUARDS, ...hooks.beforeOperation]
    hooks.beforeValidate = [refuseUnreadableTimestamps, ...(hooks.beforeValidate ?? [])]
  }
}
