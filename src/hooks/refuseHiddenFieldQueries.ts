import type {
  CollectionBeforeOperationHook,
  PayloadRequest,
  SanitizedCollectionConfig,
  Where,
} from 'payload'

import {
  isCombination,
  type PathReading,
  onlyWhereContentIsSeen,
  readingOf,
  sortPaths,
} from '../access/hiddenFieldConditions'
import { contentSeenBy, PASSWORD_CONDITIONS_GUARDED } from '../access/protectedContent'
import { isTrustedRead } from './context'
import { ClientError } from '../lib/clientError'

const refused = (message: string) => new ClientError(message)

/**
 * What a reader gets blanked they cannot filter or sort on, on Payload's REST and GraphQL APIs
 * and in the admin panel (`src/access/hiddenFieldConditions.ts`): each condition on a field of a
 * protected item, the item's own (`cost`, `descriptionText`) or a related one's (`venue.address`),
 * holds only for items whose content the reader sees (`contentSeenBy`); sorting by such a field is
 * refused (the order of locked items would tell their values). Paths into a collection the reader
 * may not read at all (`author.sessions.expiresAt` for a visitor) are refused too: Payload checks
 * the fields' own access there, and some of its fields (`sessions`) grant it to anyone signed out.
 * The server's own reads (`overrideAccess`, the compatibility API's trusted reads, which apply
 * their own rule) are left as they are.
 */
export const refuseHiddenFieldQueries: CollectionBeforeOperationHook = async ({
  args,
  collection,
  req,
}) => {
  const { overrideAccess, sort, where } = args as {
    overrideAccess?: boolean
    sort?: unknown
    where?: Where
  }
  const hasWhere = Boolean(where && typeof where === 'object')
  if (overrideAccess || isTrustedRead(req) || (!hasWhere && sort === undefined)) return args
  const payload = req.payload
  const rule = contentSeenBy(req)
  const seen = () => rule
  const paths = [...sortPaths(sort), ...(hasWhere ? pathsOf(where!) : [])]
  const unreadable = await unreadableAmong(
    req,
    paths.flatMap((path) => readingOf(payload, collection, path, seen).related),
  )
  const check = (path: string, reading: PathReading) => {
    if (reading.password || reading.related.some((related) => unreadable.has(related.slug)))
      throw refused(`The following path cannot be queried: ${path}`)
  }
  for (const path of sortPaths(sort)) {
    const reading = readingOf(payload, collection, path, seen)
    check(path, reading)
    if (reading.locks.length)
      throw refused(`Cannot sort by ${path}: password-protected items hide it from you.`)
  }
  if (!hasWhere) return args
  const guarded = onlyWhereContentIsSeen(payload, collection, where!, seen, check)
  // The guard's own conditions on passwords may now be run (`readPostPassword`).
  if (req.context) req.context[PASSWORD_CONDITIONS_GUARDED] = true
  else req.context = { [PASSWORD_CONDITIONS_GUARDED]: true }
  return { ...args, where: guarded } as typeof args
}

/** Every path a `where` names, through its `and`/`or` lists. */
function pathsOf(where: Where): string[] {
  return Object.entries(where).flatMap(([key, value]) => {
    if (isCombination(key, value))
      return value.flatMap((inner) =>
        inner && typeof inner === 'object' ? pathsOf(inner as Where) : [],
      )
    return [key]
  })
}

/** The slugs of those `collections` the reader may read no item of (their read access says `false`). */
async function unreadableAmong(
  req: PayloadRequest,
  collections: SanitizedCollectionConfig[],
): Promise<Set<string>> {
  const unreadable = new Set<string>()
  for (const collection of new Set(collections)) {
    const read = collection.access?.read
    if (read && (await read({ req } as Parameters<typeof read>[0])) === false)
      unreadable.add(collection.slug)
  }
  return unreadable
}
