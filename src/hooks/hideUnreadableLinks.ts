import type {
  CollectionBeforeOperationHook,
  CollectionSlug,
  PayloadRequest,
  SanitizedCollectionConfig,
  Where,
} from 'payload'

import { isCombination } from '../access/hiddenFieldConditions'
import { POST_COLLECTIONS } from '../slugs'
import { isTrustedRead } from './context'

/** Operators whose value names linked items by id. */
const ID_OPERATORS = new Set(['all', 'contains', 'equals', 'in', 'not_equals', 'not_in'])

/** An id no item has (serial ids start at 1): what an unreadable item's id becomes. */
const NO_ITEM = 0

/**
 * A filter on a link to an item the reader may not read (a published event's draft venue, a
 * private organizer) is answered as if that item did not exist, on Payload's REST and GraphQL APIs
 * and in the admin panel: `where[venue][equals]=<draft venue>` would otherwise list the published
 * events linked to it, a link their own answers hide (`venue: []`), and `not_equals` would tell it
 * by their absence. Each such id is replaced by one no item has, after one read, as the reader,
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
  const named = new Map<string, Set<number | string>>()
  collectLinkedIds(collection, where, named)
  if (!named.size) return args
  const readable = new Map<string, Set<string>>()
  for (const [target, ids] of named) readable.set(target, await readableIds(req, target, [...ids]))
  return { ...args, where: rewritten(collection, where, readable) } as typeof args
}

/** The ids each link condition of `where` names, by the collection they are of, through `and`/`or`. */
function collectLinkedIds(
  collection: SanitizedCollectionConfig,
  where: Where,
  named: Map<string, Set<number | string>>,
): void {
  for (const [key, value] of Object.entries(where)) {
    if (isCombination(key, value)) {
      for (const inner of value)
        if (inner && typeof inner === 'object') collectLinkedIds(collection, inner, named)
      continue
    }
    const target = linkTarget(collection, key)
    if (!target || !value || typeof value !== 'object') continue
    const ids = named.get(target) ?? new Set()
    for (const operator of Object.keys(value))
      if (ID_OPERATORS.has(operator)) for (const id of idsOf(value, operator)) ids.add(id)
    if (ids.size) named.set(target, ids)
  }
}

/** The collection a top-level path links to by id, when it is one with a status workflow. */
function linkTarget(collection: SanitizedCollectionConfig, path: string): string | undefined {
  const name = path.endsWith('.id') ? path.slice(0, -'.id'.length) : path
  if (name.includes('.')) return undefined
  const field = collection.flattenedFields.find((candidate) => candidate.name === name)
  if (!field || (field.type !== 'relationship' && field.type !== 'upload')) return undefined
  const target = field.relationTo
  return typeof target === 'string' && (POST_COLLECTIONS as readonly string[]).includes(target)
    ? target
    : undefined
}

/** The ids an operator's value names (a list, a CSV string as REST sends it, or one id). */
function idsOf(condition: unknown, operator: string): (number | string)[] {
  const value = (condition as Record<string, unknown>)[operator]
  const list = Array.isArray(value)
    ? value
    : typeof value === 'string' && value.includes(',')
      ? value.split(',')
      : [value]
  return list.filter(isIdLike)
}

/** An id as a condition may give it: an integer, or digits in a string. */
const isIdLike = (id: unknown): id is number | string =>
  (typeof id === 'number' && Number.isInteger(id)) ||
  (typeof id === 'string' && /^\d+$/.test(id.trim()))

/** Which of `ids` of `target` the reader may read, as strings. */
async function readableIds(
  req: PayloadRequest,
  target: string,
  ids: (number | string)[],
): Promise<Set<string>> {
  if (!ids.length) return new Set()
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
  return new Set(docs.map((doc) => String((doc as { id: number | string }).id)))
}

/** `where` with every unreadable linked id replaced by one no item has. */
function rewritten(
  collection: SanitizedCollectionConfig,
  where: Where,
  readable: Map<string, Set<string>>,
): Where {
  const out: Where = {}
  for (const [key, value] of Object.entries(where)) {
    if (isCombination(key, value)) {
      out[key] = value.map((inner) =>
        inner && typeof inner === 'object' ? rewritten(collection, inner, readable) : inner,
      )
      continue
    }
    const target = linkTarget(collection, key)
    if (!target || !value || typeof value !== 'object') {
      out[key] = value
      continue
    }
    const allowed = readable.get(target) ?? new Set<string>()
    const hide = (id: unknown) => (isIdLike(id) && !allowed.has(String(id).trim()) ? NO_ITEM : id)
    const condition: Record<string, unknown> = { ...(value as Record<string, unknown>) }
    for (const operator of Object.keys(condition)) {
      if (!ID_OPERATORS.has(operator)) continue
      const given = condition[operator]
      condition[operator] = Array.isArray(given)
        ? given.map(hide)
        : typeof given === 'string' && given.includes(',')
          ? given.split(',').map(hide).join(',')
          : hide(given)
    }
    out[key] = condition as Where[string]
  }
  return out
}
