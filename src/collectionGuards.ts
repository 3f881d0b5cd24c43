import type { CollectionConfig } from 'payload'

import { refuseImpossibleIds } from './hooks/refuseImpossibleIds'
import { refuseInvalidPaging } from './hooks/refuseInvalidPaging'
import { refuseUnqueryableWhere } from './hooks/refuseUnqueryableWhere'
import { stripNulCharacters } from './hooks/stripNulCharacters'
import { withStorableDates } from './lib/storableDateFields'

/**
 * A collection that refuses, with a 4xx, input its database cannot take, whichever API it comes
 * through (REST, GraphQL, Local API, the compatibility API): impossible ids are 404, bad paging
 * and unqueryable `where` 400, dates outside the years 1-9999 a validation error, NUL characters
 * dropped. The plugin applies this to every collection of the config (`src/plugin.ts`); its own
 * hooks run first, so the collection's hooks only ever see input that passed.
 */
export function withInputGuards(collection: CollectionConfig): CollectionConfig {
  const hooks = collection.hooks ?? {}
  return {
    ...collection,
    fields: withStorableDates(collection.fields),
    hooks: {
      ...hooks,
      beforeOperation: [refuseImpossibleIds, refuseInvalidPaging, refuseUnqueryableWhere, ...(hooks.beforeOperation ?? [])],
      beforeValidate: [stripNulCharacters, ...(hooks.beforeValidate ?? [])],
    },
  }
}
