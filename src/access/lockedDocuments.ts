import type {
  Access,
  CollectionBeforeChangeHook,
  CollectionSlug,
  Payload,
  PayloadRequest,
  Where,
} from 'payload'

import { executeAccess, Forbidden } from 'payload'

import { locksOfAuthoredItems } from '../db/locks'
import { mayUpdate } from '../lib/editingLock'
import { can } from '../lib/roles'
import { POST_COLLECTIONS } from '../slugs'
import { readPosts, readScope } from './posts'

/** Where Payload records who has a document open in the admin panel. */
const LOCKED_DOCUMENTS = 'payload-locked-documents'

type LockedDocument = {
  document?: null | { relationTo?: unknown; value?: unknown }
  globalSlug?: null | string
  user?: null | { relationTo?: unknown; value?: unknown }
}

const idOf = (value: unknown): unknown =>
  value && typeof value === 'object' ? (value as { id?: unknown }).id : value

/** How many locks of the caller's own items one read looks up: far more than can be open at once. */
const OWN_ITEMS_LOCKS_LIMIT = 1000

const ownLocks = (user: { id: number | string }): Where => ({ 'user.value': { equals: user.id } })

/**
 * The records of who has which document open. Payload lets every signed-in user read, write and
 * delete them all, so a subscriber or contributor listed the ids of others' drafts being edited and
 * who edited them, and could lock any item (refusing its editors' saves) or lift another's lock.
 * Editors read them all, as the admin panel shows who has an item open; others read the locks that
 * concern them: their own, and those of what they may open to edit, so that the admin panel
 * (which reads locks as the user) still shows them who else has it open rather than letting them
 * open it a second time. That is their own items, their own account, the collections they may
 * update whole (an author's categories) and the globals they may update.
 */
const readLocks: Access = async ({ req }) => {
  const { user } = req
  if (!user) return false
  if (can(user, 'edit_others_posts')) return true
  const concerning: Where[] = [ownLocks(user)]
  const lockable = lockableCollections(req.payload)
  if (user.collection && lockable.includes(user.collection))
    concerning.push({
      and: [
        { 'document.relationTo': { equals: user.collection } },
        { 'document.value': { equals: user.id } },
      ],
    })
  for (const slug of await collectionsUpdatableWhole(req, lockable))
    concerning.push({ 'document.relationTo': { equals: slug } })
  const globals = await updatableGlobals(req)
  if (globals.length > 0) concerning.push({ globalSlug: { in: globals } })
  const ownItemsLocks = await locksOfOwnItems(req, lockable)
  if (ownItemsLocks.length > 0) concerning.push({ id: { in: ownItemsLocks } })
  return concerning.length === 1 ? concerning[0] : { or: concerning }
}

/** The collections whose items a lock's `document` may be (Payload's `lockDocuments`). */
function lockableCollections(payload: Payload): string[] {
  const document = payload.collections[LOCKED_DOCUMENTS as CollectionSlug]?.config.fields.find(
    (field) => 'name' in field && field.name === 'document',
  ) as undefined | { relationTo?: unknown }
  return Array.isArray(document?.relationTo) ? (document.relationTo as string[]) : []
}

/** Of `slugs`, the collections the caller may update every item of (their rule answers `true`). */
async function collectionsUpdatableWhole(req: PayloadRequest, slugs: string[]): Promise<string[]> {
  const updatable: string[] = []
  for (const slug of slugs) {
    const collection = req.payload.collections[slug as CollectionSlug]?.config
    if (!collection) continue
    const access = await executeAccess({ disableErrors: true, req }, collection.access.update)
    if (access === true) updatable.push(slug)
  }
  return updatable
}

async function updatableGlobals(req: PayloadRequest): Promise<string[]> {
  const updatable: string[] = []
  for (const global of req.payload.config.globals)
    if (global.lockDocuments !== false && (await mayUpdateGlobal(req, global.slug)))
      updatable.push(global.slug)
  return updatable
}

/** One look-up per request, however many times it reads locks (GraphQL, the admin's lists). */
const ownItemsLocksByRequest = new WeakMap<PayloadRequest, Promise<number[]>>()

/**
 * The ids of the locks of items the caller reads as their own (`readScope`: a contributor's or
 * author's events, venues and organizers), looked up by lock rather than by item, so an author of
 * thousands of items costs one bounded query. Only of collections whose read rule is still
 * `readPosts`: a site that replaced it decides itself what its readers own.
 */
function locksOfOwnItems(req: PayloadRequest, lockable: string[]): Promise<number[]> {
  const kept = ownItemsLocksByRequest.get(req)
  if (kept) return kept
  const { author } = readScope(req.user)
  const slugs = POST_COLLECTIONS.filter(
    (slug) =>
      lockable.includes(slug) &&
      req.payload.collections[slug as CollectionSlug]?.config.access.read === readPosts,
  )
  const found =
    author === null || slugs.length === 0
      ? Promise.resolve([])
      : locksOfAuthoredItems(req, slugs, author, OWN_ITEMS_LOCKS_LIMIT)
  ownItemsLocksByRequest.set(req, found)
  return found
}

/**
 * Changed or deleted through the APIs: one's own locks, and another's lock of a document or
 * global the caller may update (the admin panel's "take over"), each answered as a rule pinned to
 * what was checked, so a lock changed meanwhile is not changed on the strength of the old check.
 * Any other lock, or none with that id, is refused (403). Without an id (a change of every lock a
 * query matches) only one's own.
 */
const changeLocks: Access = async ({ id, req }) => {
  const { user } = req
  if (!user) return false
  if (id === undefined || id === null) return ownLocks(user)
  const lock = (await req.payload.db.findOne({
    collection: LOCKED_DOCUMENTS,
    req,
    where: { id: { equals: id } },
  })) as LockedDocument | null
  if (!lock || String(idOf(lock.user?.value)) === String(user.id)) return ownLocks(user)
  const target = lock.document
  if (target && (await mayUpdateItem(req, String(target.relationTo), idOf(target.value))))
    return {
      and: [
        { 'document.relationTo': { equals: target.relationTo } },
        { 'document.value': { equals: idOf(target.value) } },
      ],
    }
  if (lock.globalSlug && (await mayUpdateGlobal(req, lock.globalSlug)))
    return { globalSlug: { equals: lock.globalSlug } }
  return false
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
    delete: changeLocks,
    read: readLocks,
    update: changeLocks,
  }
  if (!collection.hooks.beforeChange.includes(onlyOwnLocksOfEditableDocuments))
    collection.hooks.beforeChange = [
      onlyOwnLocksOfEditableDocuments,
      ...collection.hooks.beforeChange,
    ]
}
