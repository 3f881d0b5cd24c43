import type { FlattenedField, Payload, SanitizedCollectionConfig, Where } from 'payload'

import { blankedFieldsOf } from '../hooks/hideProtectedContent'
import { fieldsQueriedBy } from '../lib/revisionFields'

/*
 * No oracle on hidden fields: what a reader gets blanked (a password-protected item's content,
 * `src/hooks/hideProtectedContent.ts`) must not answer that reader's filters, sorts or searches
 * either, or `where[cost][greater_than]=…` reads the cost back one comparison at a time. Every
 * surface writes its conditions through here: Payload's REST, GraphQL and admin panel
 * (`src/hooks/refuseHiddenFieldQueries.ts`, with `contentSeenBy`), and the compatibility API's
 * search and filters (`endpoints/searchConditions.ts`, with its own unlocking rule,
 * `unlockedItems` of `endpoints/unlockProtected.ts`).
 */

/** The items of `collection` whose content the reader sees: all (`true`), or those a query selects. */
export type ContentSeen = (collection: SanitizedCollectionConfig) => true | Where

/** What a path of a condition reads that the reader may not see through. */
export type PathReading = {
  /** Conditions under which the path reads what the reader sees: one per protected item on the way. */
  locks: Where[]
  /** The path reads a password the reader may not see. */
  password: boolean
  /** Collections whose fields (other than the id) the path reads through a relationship. */
  related: SanitizedCollectionConfig[]
}

/**
 * `where` with every condition on a field blanked for this reader (its own fields, or those of a
 * related item such as `venue.address`) holding only for items whose content the reader sees:
 * `C` becomes `C AND seen`. `where` has only AND and OR, so a locked item then answers the same
 * whatever its hidden value: a right and a wrong guess give the same answer. `check` sees every
 * path first, to refuse what may not be asked at all (a password the reader may not see).
 */
export function onlyWhereContentIsSeen(
  payload: Payload,
  collection: SanitizedCollectionConfig,
  where: Where,
  seen: ContentSeen,
  check: (path: string, reading: PathReading) => void = () => {},
): Where {
  const rewrite = (node: Where): Where => {
    const kept: Where = {}
    const locked: Where[] = []
    for (const [key, value] of Object.entries(node)) {
      if (isCombination(key, value)) {
        kept[key] = value.map((inner) =>
          inner && typeof inner === 'object' ? rewrite(inner as Where) : inner,
        ) as Where[]
        continue
      }
      const reading = readingOf(payload, collection, key, seen)
      check(key, reading)
      if (!reading.locks.length) kept[key] = value
      else locked.push(withLocks({ [key]: value } as Where, reading.locks))
    }
    if (!locked.length) return kept
    if (!Object.keys(kept).length && locked.length === 1) return locked[0]!
    return { ...kept, and: [...(Array.isArray(kept.and) ? kept.and : []), ...locked] }
  }
  return rewrite(where)
}

/** Whether `key` of a `where` combines a list of conditions: Payload reads `and`/`or` in any case (GraphQL sends `AND`, `OR`). */
export function isCombination(key: string, value: unknown): value is Where[] {
  return (key.toLowerCase() === 'and' || key.toLowerCase() === 'or') && Array.isArray(value)
}

/** `condition`, holding only where every lock holds (the locks of `readingOf`). */
export function withLocks(condition: Where, locks: Where[]): Where {
  return locks.length ? { and: [condition, ...locks] } : condition
}

/** The paths of a `sort` (a comma-separated text or a list, each maybe starting with `-`). */
export function sortPaths(sort: unknown): string[] {
  const list = Array.isArray(sort) ? sort : typeof sort === 'string' ? sort.split(',') : []
  return list
    .filter((item): item is string => typeof item === 'string')
    .map((item) => item.trim().replace(/^[-+]/, ''))
}

/**
 * Walks a dotted path (GraphQL writes `__` for the dots) through groups, arrays and relationships:
 * each collection on the way whose blanked field the path names adds its lock, prefixed with the
 * relationship that leads to it. Unknown paths end the walk; Payload refuses them itself.
 */
export function readingOf(
  payload: Payload,
  root: SanitizedCollectionConfig,
  path: string,
  seen: ContentSeen,
): PathReading {
  const segments = path.replace(/__/g, '.').split('.')
  const reading: PathReading = { locks: [], password: false, related: [] }
  let collection = root
  // A revision's `version.venue.address` reads the venue as the item's `venue.address` does; its
  // own `version.…` fields are its item's, which only those who may edit the item read.
  let fields: FlattenedField[] = fieldsQueriedBy(payload, root, segments[0]!)
  let prefix: string[] = []
  let atItem = true
  for (let index = 0; index < segments.length; index++) {
    const segment = segments[index]!
    const field = fields.find((candidate) => 'name' in candidate && candidate.name === segment)
    if (!field) break
    if (atItem && blankedFieldsOf(collection)?.has(segment)) {
      const lock = seen(collection)
      // The password is not locked but refused (or, in the server's own conditions, left as written).
      if (lock !== true && segment === 'password') reading.password = true
      else if (lock !== true) reading.locks.push(prefixed(lock, prefix))
    }
    atItem = false
    if (
      (field.type === 'relationship' || field.type === 'upload') &&
      typeof field.relationTo === 'string'
    ) {
      const related = payload.collections[field.relationTo]?.config
      if (!related) break
      collection = related
      fields = related.flattenedFields
      prefix = segments.slice(0, index + 1)
      atItem = true
      if (index + 1 < segments.length && segments[index + 1] !== 'id') reading.related.push(related)
    } else if (field.type === 'group' || field.type === 'tab' || field.type === 'array') {
      fields = field.flattenedFields
    } else {
      break
    }
  }
  return reading
}

/** `where` about a related item, as seen from the item that links to it through `prefix`. */
function prefixed(where: Where, prefix: string[]): Where {
  if (!prefix.length) return where
  const out: Where = {}
  for (const [key, value] of Object.entries(where)) {
    if (isCombination(key, value)) out[key] = value.map((inner) => prefixed(inner, prefix))
    else out[`${prefix.join('.')}.${key}`] = value
  }
  return out
}
