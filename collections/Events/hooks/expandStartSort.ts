import type { CollectionBeforeOperationHook } from 'payload'

import { EVENTS_LIST_SORT } from '../../../src/lib/eventOrder'

/**
 * A sort by the start as a wall time (`startLocal`, the admin list's default and its date views',
 * the calendar's) is the compatibility API's whole order (`EVENTS_LIST_SORT`): ties broken by the
 * post date, then the id, in the same direction. Payload's own fallback would break them by the
 * creation time instead. A sort given as that one field, in a string or a one-item list (as Payload's
 * REST API reads `?sort=`), or none (the collection's default), is expanded; any other sort is left alone.
 */
export const expandStartSort: CollectionBeforeOperationHook = ({ args, collection, operation }) => {
  if (operation !== 'read' || !args || typeof args !== 'object') return args
  // No sort is the collection's default, which Payload would read after this hook, unexpanded.
  const sort = (args as { sort?: unknown }).sort ?? collection.defaultSort
  const only =
    typeof sort === 'string' ? sort : Array.isArray(sort) && sort.length === 1 ? sort[0] : undefined
  if (only !== EVENTS_LIST_SORT[0] && only !== `-${EVENTS_LIST_SORT[0]}`) return args
  const direction = only.startsWith('-') ? '-' : ''
  return { ...args, sort: EVENTS_LIST_SORT.map((field) => `${direction}${field}`) }
}
