import type {
  Access,
  CollectionBeforeChangeHook,
  CollectionSlug,
  Payload,
  PayloadRequest,
  Where,
} from 'payload'

import { executeAccess, Forbidden } from 'payload'

import { mayUpdate } from '../lib/editingLock'
import { can } from '../lib/roles'

/** Where Payload records who has a document open in the admin panel. */
const LOCKED_DOCUMENTS = 'payload-locked-documents'

type LockedDocument = {
  document?: null | { relationTo?: unknown; value?: unknown }
  globalSlug?: null | string
  user?: null | { relationTo?: unknown; value?: unknown }
}

const idOf = (value: unknown): unknown =>
  value && typeof value === 'object' ? (value as { id?: unknown }).id : value

/**
 * The records of who has which document open. Payload lets every signed-in user read, write and
 * delete them all, so a subscriber listed the ids of others' drafts being edited and who edited
 * them, and could lock any item (refusing its editors' saves) or lift another's lock. Those who
 * edit items read them all, as the admin panel shows who has an item open; others only their own.
 */
const ownLocksOr: Access = ({ req: { user } }) => {
  if (!user) return false
  if (can(user, 'edit_posts')) return true
  return { 'user.value': { equals: user.id } } as Where
}

/**
 * A lock is written through the APIs (the admin panel's "take over") only by someone who may
 * update its document, and in their own name; the admin panel's own locks are written by Payload
 * through its database adapter, and server code through the Local API.
 */
const onlyOwnLocksOfEditableDocuments: CollectionBeforeChangeHook = async ({
  data,
  originalDoc,
  req,
}) => {
  // The server's own writes (the Local API) are its own.
  if (req.payloadAPI === 'local') return data
  const lock = { ...(originalDoc as LockedDocument | undefined), ...(data as LockedDocument) }
  if (!req.user) throw new Forbidden(req.t)
  // In the writer's name, of one document or one global, which the writer may update.
  if (!lock.user || String(idOf(lock.user.value)) !== String(req.user.id))
    throw new Forbidden(req.t)
  const target = lock.document
  const global = lock.globalSlug
  if (Boolean(target) === Boolean(global)) throw new Forbidden(req.t)
  const allowed = target
    ? await mayUpdateItem(req, String(target.relationTo), idOf(target.value))
    : await mayUpdateGlobal(req, String(global))
  if (!allowed) throw new Forbidden(req.t)
  return data
}

async function mayUpdateGlobal(req: PayloadRequest, slug: string): Promise<boolean> {
  const global = req.payload.config.globals.find((candidate) => candidate.slug === slug)
  if (!global) return false
  return Boolean(await executeAccess({ disableErrors: true, req }, global.access.update))
}

/** Whether the caller may update item `id` of collection `slug` (`mayUpdate` of the editing lock). */
async function mayUpdateItem(req: PayloadRequest, slug: string, id: unknown): Promise<boolean> {
  const collection = req.payload.collections[slug as CollectionSlug]?.config
  if (!collection || (typeof id !== 'number' && typeof id !== 'string')) return false
  return mayUpdate(req, collection, id)
}

/** Puts the rules above on Payload's `payload-locked-documents`, which it adds after plugins run. */
export function guardLockedDocuments(payload: Payload): void {
  const collection = payload.collections[LOCKED_DOCUMENTS as CollectionSlug]?.config
  if (!collection) return
  collection.access = {
    ...collection.access,
    create: ({ req: { user } }) => Boolean(user),
    delete: ownLocksOr,
    read: ownLocksOr,
    update: ownLocksOr,
  }
  if (!collection.hooks.beforeChange.includes(onlyOwnLocksOfEditableDocuments))
    collection.hooks.beforeChange = [
      onlyOwnLocksOfEditableDocuments,
      ...collection.hooks.beforeChange,
    ]
}
