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
 * Sorting through a collection the reader may read only some items of (`author.email` for anyone
 * but an administrator) is refused as well: Payload's conditions on the related items hold for
 * those the reader may read, but its sort orders by every one. The server's own reads
 * (`overrideAccess`, the compatibility API's trusted reads, which apply their own rule) are left
 * as they are.
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
  const access = await readAccessAmong(
    req,
    paths.flatMap((path) => readingOf(payload, collection, path, seen).related),
  )
  const check = (path: string, reading: PathReading) => {
    if (reading.password || reading.related.some((related) => access.get(related.slug) === false))
      throw refused(`The following path cannot be queried: ${path}`)
  }
  for (const path of sortPaths(sort)) {
    const reading = readingOf(payload, collection, path, seen)
    check(path, reading)
    if (reading.locks.length)
      throw refused(`Cannot sort by ${path}: password-protected items hide it from you.`)
    // Payload's conditions on a related item hold only for items the reader may read, but its
    // sort joins them all: `author.email` would order the reader's items by others' addresses.
    if (reading.related.some((related) => access.get(related.slug) !== true))
      throw refused(`Cannot sort by ${path}: it orders by items you may not read.`)
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

/**
 * What the reader may read of each of `collections`, by slug: every item (`true`), none (`false`),
 * or those a query selects.
 */
async function readAccessAmong(
  req: PayloadRequest,
  collections: SanitizedCollectionConfig[],
): Promise<Map<string, boolean | Where>> {
  const access = new Map<string, boolean | Where>()
  for (const collection of new Set(collections)) {
    const read = collection.access?.read
    access.set(
      collection.slug,
      read ? ((await read({ req } as Parameters<typeof read>[0])) as boolean | Where) : true,
    )
  }
  return access
}
