import type {
  CollectionBeforeOperationHook,
  CollectionSlug,
  Payload,
  PayloadRequest,
  SanitizedCollectionConfig,
  Where,
} from 'payload'

import { ClientError } from '../lib/clientError'
import { listValuesOf, mapWhereConditions, resolveWherePath, visitWhere } from '../lib/wherePaths'
import { POST_COLLECTIONS } from '../slugs'
import { QUERY_BOUNDS } from './refuseCostlyQueries'
import { isTrustedRead } from './context'

/** Operators whose value names linked items by id, and those of them that take a list. */
const ID_OPERATORS = new Set(['all', 'contains', 'equals', 'in', 'not_equals', 'not_in'])
const LIST_OPERATORS = new Set(['all', 'in', 'not_in'])

/** An id no item has (serial ids start at 1): what an unreadable item's id becomes. */
const NO_ITEM = 0

/**
 * A filter on a link to an item the reader may not read (a published event's draft venue, a
 * private organizer) is answered as if that item did not exist, on Payload's REST and GraphQL APIs
 * and in the admin panel: `where[venue][equals]=<draft venue>` would otherwise list the published
 * events linked to it, a link their own answers hide (`venue: []`), and `not_equals` would tell it
 * by their absence; so would `venue.id`, `venue__id` or a link reached through another one. Each such id is replaced by one no item has, after one read, as the reader,
 * of which of the named items they may read. Only links to the collections with a status workflow
 * (events, venues, organizers) are judged: every other item is readable by whoever may read its
 * collection. The server's own reads (`overrideAccess`, the compatibility API's trusted reads, which
 * check their filters' ids as the caller, `endpoints/validators.ts` `idListOf`) are left as they are.
 */
export const hideUnreadableLinks: CollectionBeforeOperationHook = async ({
  args,
  collection,
  req,
}) => {
  const { overrideAccess, where } = args as { overrideAccess?: boolean; where?: Where }
  if (overrideAccess || isTrustedRead(req) || !where || typeof where !== 'object') return args
  const named = new Map<string, Set<string>>()
  visitWhere(
    where,
    (path, operator, value) => {
      const target = ID_OPERATORS.has(operator) && linkTarget(req.payload, collection, path)
      if (!target) return
      const ids = named.get(target) ?? new Set()
      for (const id of valuesOf(operator, value)) if (isIdLike(id)) ids.add(String(id).trim())
      named.set(target, ids)
    },
    QUERY_BOUNDS.nesting,
    () => {
      throw new ClientError('The query is nested too deeply.')
    },
  )
  const unreadable = new Map<string, Set<string>>()
  for (const [target, ids] of named) {
    const hidden = await unreadableIds(req, target, [...ids])
    if (hidden.size) unreadable.set(target, hidden)
  }
  if (!unreadable.size) return args
  const guarded = mapWhereConditions(where, (path, condition) => {
    const target = linkTarget(req.payload, collection, path)
    const hidden = target && unreadable.get(target)
    if (!hidden) return condition
    const hide = (id: unknown) => (isIdLike(id) && hidden.has(String(id).trim()) ? NO_ITEM : id)
    const operand = (operator: string, value: unknown) => {
      if (!ID_OPERATORS.has(operator)) return value
      if (!LIST_OPERATORS.has(operator)) return hide(value)
      const values = listValuesOf(value).map(hide)
      return typeof value === 'string' ? values.join(',') : values
    }
    return Object.fromEntries(
      Object.entries(condition).map(([operator, value]) => [operator, operand(operator, value)]),
    )
  })
  return { ...args, where: guarded } as typeof args
}

/** The values an operator compares with: each of a list operator's, or the one given. */
const valuesOf = (operator: string, value: unknown): unknown[] =>
  LIST_OPERATORS.has(operator) ? listValuesOf(value) : [value]

/**
 * The collection with a status workflow whose items a path names by id: a relationship to it
 * (`venue`, `organizers`, `seriesRoot.venue`) or its id reached through one (`venue.id`, `venue__id`);
 * not the collection's own `id`, which its read access already answers.
 */
function linkTarget(
  payload: Payload,
  collection: SanitizedCollectionConfig,
  path: string,
): string | undefined {
  if (path === 'id') return undefined
  const { end } = resolveWherePath(payload, collection, path)
  if (!end) return undefined
  const slug =
    'id' in end
      ? end.owner.slug
      : (end.field.type === 'relationship' || end.field.type === 'upload') &&
          typeof end.field.relationTo === 'string'
        ? end.field.relationTo
        : undefined
  return slug && (POST_COLLECTIONS as readonly string[]).includes(slug) ? slug : undefined
}

/** An id as a condition may give it: an integer, or digits in a string. */
const isIdLike = (id: unknown): id is number | string =>
  (typeof id === 'number' && Number.isInteger(id)) ||
  (typeof id === 'string' && /^\d+$/.test(id.trim()))

/**
 * Which of `ids` of `target` the reader may not read. A reader whose read access grants the whole
 * collection (an editor) costs no query.
 */
async function unreadableIds(
  req: PayloadRequest,
  target: string,
  ids: string[],
): Promise<Set<string>> {
  const read = req.payload.collections[target as CollectionSlug]?.config.access?.read
  if (!ids.length || (read && (await read({ req } as Parameters<typeof read>[0])) === true))
    return new Set()
  const { docs } = await req.payload.find({
    collection: target as CollectionSlug,
    depth: 0,
    limit: ids.length,
    overrideAccess: false,
    pagination: false,
    req,
    select: { id: true } as never,
    where: { id: { in: ids.map(Number) } },
  })
  const readable = new Set(docs.map((doc) => String((doc as { id: number | string }).id)))
  return new Set(ids.filter((id) => !readable.has(id)))
}
