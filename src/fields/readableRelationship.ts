import type { RelationshipFieldValidation } from 'payload'

import { validations } from 'payload/shared'

import {
  itemsReadBefore,
  mayReadEveryItem,
  readItemsById,
  rememberItemsRead,
} from '../lib/itemsReadByRequest'

/**
 * The validation of a relationship to one collection (an event's venue and organizers): Payload's
 * checks of the values' form, then every linked item must be one the writer may read, so nobody
 * attaches someone else's draft venue by its id. That is what Payload checks for a field with
 * `filterOptions` (`validateFilterOptions` in `payload/dist/fields/validations.js`), with the same
 * access rules, transaction and message; but Payload reads the items in the collection's default
 * order (a translated name: two queries, every column twice), where this reads them by id in one,
 * and keeps them for the rest of the request (`src/lib/itemsReadByRequest.ts`): the write's answer
 * shows the same items without reading them again. Items the request already read as the caller
 * may read them (the compatibility API's check of the ids, `endpoints/validators.ts`) are not read
 * again: that read applied the same access rules, so it found the same items (one deleted since
 * cannot be linked either: the database's foreign key refuses it).
 */
export const readableRelationship: RelationshipFieldValidation = async (value, options) => {
  const form = await validations.relationship(value, { ...options, filterOptions: undefined })
  if (form !== true || options.event === 'onChange') return form
  if (value === undefined || value === null || typeof options.relationTo !== 'string') return true
  const { overrideAccess, relationTo, req } = options
  const values: unknown[] = Array.isArray(value) ? value : [value]
  const ids = values.filter(
    (item): item is number | string => typeof item === 'number' || typeof item === 'string',
  )
  // A link the item already has, to items the writer may read whatever they are (or with
  // `overrideAccess`): an update hands every stored field back, and reading them again would only
  // find that they exist, which the database's foreign key already holds.
  if (
    options.operation === 'update' &&
    sameIds(ids, values, options.previousValue) &&
    (overrideAccess || (await mayReadEveryItem(req, relationTo)))
  )
    return true
  let found: (number | string)[] = []
  // Read earlier in this request as the caller may read them (the API's own check of the ids): not again.
  const readBefore = overrideAccess ? null : itemsReadBefore(req, relationTo, ids)
  if (readBefore) found = [...readBefore.keys()]
  else if (ids.length) {
    try {
      const docs = await readItemsById(req, relationTo, ids, {
        disableErrors: true,
        overrideAccess: overrideAccess ?? false,
      })
      // As the caller may read them: what the answer to the caller may show.
      if (!overrideAccess) rememberItemsRead(req, relationTo, ids, docs)
      found = docs.map((doc) => doc.id as number | string)
    } catch (error) {
      // As Payload: a failed read links nothing.
      req.payload.logger.error({
        err: error,
        msg: `Error validating filter options for collection ${relationTo}`,
      })
    }
  }
  // Payload's comparison and message, word for word: an id of another type, or anything but an id, is not found.
  const invalid = values.filter((item) => found.indexOf(item as number | string) === -1)
  if (!invalid.length) return true
  return invalid.reduce<string>(
    (message, item, index) =>
      `${message} ${JSON.stringify(item)}${invalid.length === index + 1 ? ',' : ''} `,
    req.t('validation:invalidSelections'),
  )
}

/** Whether the value is only ids, the very ones the stored item links, in the same order. */
function sameIds(
  ids: readonly (number | string)[],
  values: readonly unknown[],
  previous: unknown,
): boolean {
  const before: unknown[] =
    previous === undefined || previous === null
      ? []
      : Array.isArray(previous)
        ? previous
        : [previous]
  return (
    ids.length === values.length &&
    ids.length === before.length &&
    ids.every((id, index) => id === before[index])
  )
}
