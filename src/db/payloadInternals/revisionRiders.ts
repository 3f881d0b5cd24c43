import type { sql } from '@payloadcms/db-postgres'

/*
 * Reads that a save needs after its revision, made in the statement that copies the revision
 * (`revisionCopies.ts`), which saves them a round trip: that statement runs after every write of
 * the save to the item's own tables, in its transaction, so what it reads is what the save left.
 * Each read is kept for the request, tied to the item and to the save (its `updatedAt`), and taken
 * once; a save whose revision is not copied that way reads nothing here, and its reader reads as
 * before.
 */

type SQL = ReturnType<typeof sql>

/** The save whose revision is copied: its collection, item and stored fields. */
export type RevisionSave = {
  collection: string
  parent: number
  versionData: Record<string, unknown>
}

/**
 * A read made with a save's revision: one SQL value, and `key`, what it was read for (the values
 * its SQL holds), which its reader compares with its own; null when this save needs none.
 */
export type RevisionRider = (save: RevisionSave) => null | { key: string; read: SQL }

const riders = new Map<string, RevisionRider>()

/** Makes `rider` read with every revision copied from now on. */
export function rideOnRevisionCopies(name: string, rider: RevisionRider): void {
  riders.set(name, rider)
}

type Kept = { key: string; savedAt: string; value: unknown }
/** By request, then by collection, item and rider. */
const kept = new WeakMap<object, Map<string, Kept>>()
const slot = (collection: string, parent: number, name: string) =>
  `${collection}\u0000${parent}\u0000${name}`

/** Forgets what an earlier save of the item read in this request: called before each revision. */
export function forgetRevisionReads(req: object | undefined, collection: string, parent: unknown) {
  const reads = req ? kept.get(req) : undefined
  if (!reads || typeof parent !== 'number') return
  for (const name of riders.keys()) reads.delete(slot(collection, parent, name))
}

/** The riders' reads for this save: the columns to select, each named `rider_{n}`. */
export function revisionRiderReads(save: RevisionSave): {
  columns: { alias: string; name: string; key: string; read: SQL }[]
} {
  const columns: { alias: string; key: string; name: string; read: SQL }[] = []
  for (const [name, rider] of riders) {
    const read = rider(save)
    if (read) columns.push({ alias: `rider_${columns.length}`, name, ...read })
  }
  return { columns }
}

/** Keeps what the revision's statement read for its riders, for this request. */
export function keepRevisionReads(
  req: object | undefined,
  save: RevisionSave & { savedAt: string },
  columns: { alias: string; key: string; name: string }[],
  row: Record<string, unknown>,
): void {
  if (!req || !columns.length) return
  const reads = kept.get(req) ?? new Map<string, Kept>()
  kept.set(req, reads)
  for (const { alias, key, name } of columns)
    reads.set(slot(save.collection, save.parent, name), {
      key,
      savedAt: save.savedAt,
      value: row[alias],
    })
}

/**
 * What rider `name` read with the revision of this save of the item (`savedAt`, its `updatedAt`),
 * when it read for `key`; taken once. Undefined otherwise: the caller reads for itself.
 */
export function takeRevisionRead(
  req: object | undefined,
  name: string,
  save: { collection: string; key: string; parent: number; savedAt: unknown },
): { value: unknown } | undefined {
  const reads = req ? kept.get(req) : undefined
  const at = slot(save.collection, save.parent, name)
  const read = reads?.get(at)
  if (!read) return undefined
  reads!.delete(at)
  return read.savedAt === save.savedAt && read.key === save.key ? { value: read.value } : undefined
}
