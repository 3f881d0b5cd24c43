import type { CollectionSlug, PayloadRequest, Where } from 'payload'

/** Where an item is looked for and created: its collection, its name field, and whether it has a status. */
export type NamedCollection = { slug: string; nameField: string; hasStatus: boolean }

export type Found = { id: number; created: boolean }

const normal = (name: string) => name.trim().toLowerCase()

/**
 * The id of the item named `name` (case and surrounding spaces aside, never one in the trash),
 * as the reader of `req` may read it; `null` when there is none. An integer is also an id, as
 * the original reads "Name(s) or ID(s)".
 */
export async function findNamed(
  req: PayloadRequest,
  collection: NamedCollection,
  name: string,
  { byId = false }: { byId?: boolean } = {},
): Promise<null | number> {
  const wanted = normal(name)
  if (!wanted) return null
  const overrideAccess = !req.user
  const notTrashed: Where[] = collection.hasStatus ? [{ status: { not_equals: 'trash' } }] : []
  if (byId && /^\d{1,15}$/.test(wanted)) {
    const { docs } = await req.payload.find({
      collection: collection.slug as CollectionSlug,
      depth: 0,
      limit: 1,
      overrideAccess,
      pagination: false,
      req,
      select: {},
      where: { and: [{ id: { equals: Number(wanted) } }, ...notTrashed] },
    })
    if (docs[0]) return docs[0].id as number
  }
  // `like` finds each word anywhere, whatever the case: the exact name is picked among those.
  const { docs } = await req.payload.find({
    collection: collection.slug as CollectionSlug,
    depth: 0,
    limit: 50,
    overrideAccess,
    pagination: false,
    req,
    select: { [collection.nameField]: true },
    sort: 'id',
    where: { and: [{ [collection.nameField]: { like: name.trim() } }, ...notTrashed] },
  })
  const match = docs.find(
    (doc) =>
      normal(String((doc as unknown as Record<string, unknown>)[collection.nameField] ?? '')) ===
      wanted,
  )
  return match ? (match.id as number) : null
}

/** The item named `name`, created (with `data`, as the reader of `req` may create it) when there is none. */
export async function findOrCreateNamed(
  req: PayloadRequest,
  collection: NamedCollection,
  name: string,
  data: Record<string, unknown> = {},
  options: { byId?: boolean } = {},
): Promise<Found> {
  const id = await findNamed(req, collection, name, options)
  if (id !== null) return { id, created: false }
  const created = await req.payload.create({
    collection: collection.slug as CollectionSlug,
    data: { ...data, [collection.nameField]: name.trim() } as never,
    depth: 0,
    overrideAccess: !req.user,
    req,
  })
  return { id: created.id as number, created: true }
}
