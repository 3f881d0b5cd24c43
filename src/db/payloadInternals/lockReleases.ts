import type { Payload, PayloadRequest, Where } from 'payload'

import type { InitPatch } from './patch'

import { wasFoundUnopened } from '../locks'

type DeleteManyArgs = { collection: string; req?: PayloadRequest; where: Where }
type Adapter = {
  deleteMany?: ((args: DeleteManyArgs) => Promise<void>) & { [SKIPPING]?: true }
  name?: string
}

const SKIPPING = Symbol('lock releases')
const LOCKED_DOCUMENTS = 'payload-locked-documents'

const adapterOf = (payload: Payload) => payload.db as unknown as Adapter

/**
 * The document a delete of Payload's locked documents releases, when it is the release that
 * ends every update (`checkDocumentLockStatus` in `payload/dist/utilities/`: the rows whose
 * `document` is this collection's item); null for any other delete.
 */
function releasedDocument(args: DeleteManyArgs): null | { id: number | string; slug: string } {
  if (args.collection !== LOCKED_DOCUMENTS) return null
  const and = (args.where as { and?: Where[] } | undefined)?.and
  if (!Array.isArray(and) || and.length !== 2 || Object.keys(args.where).length !== 1) return null
  const [relationTo, value] = and as [Record<string, unknown>, Record<string, unknown>]
  const slug = (relationTo['document.relationTo'] as { equals?: unknown } | undefined)?.equals
  const id = (value['document.value'] as { equals?: unknown } | undefined)?.equals
  if (Object.keys(relationTo).length !== 1 || Object.keys(value).length !== 1) return null
  if (typeof slug !== 'string' || (typeof id !== 'number' && typeof id !== 'string')) return null
  return { id, slug }
}

/**
 * Every update of a document ends by releasing its edit lock in the admin panel, whether or not
 * anyone has it open: the adapter reads the lock rows that match, then deletes them, two
 * statements on every write. An update that took its item's lock with `lockItemForUpdate`
 * (`src/db/locks.ts`) read, in that same statement, whether there was such a row; when there was
 * none, the release has nothing to delete and costs no statement. Any other delete, and a
 * release where a row was found or nothing was read, goes to the adapter as before.
 */
function skipEmptyLockReleases(payload: Payload): void {
  const db = adapterOf(payload)
  if (db.name !== 'postgres' || typeof db.deleteMany !== 'function' || db.deleteMany[SKIPPING])
    return
  const original = db.deleteMany.bind(db)
  const skipping = async (args: DeleteManyArgs) => {
    const released = releasedDocument(args)
    if (released && (await wasFoundUnopened(args.req, released.slug, released.id))) return
    return original(args)
  }
  db.deleteMany = Object.assign(skipping, { [SKIPPING]: true as const })
}

export const lockReleasesPatch: InitPatch = {
  name: 'lock-releases',
  stage: 'init',
  whenDisabled: false,
  reason:
    "an update whose item nobody has open in the admin panel (read with the item's update lock) skips the adapter's two statements that release that edit lock",
  upstream: [],
  apply: skipEmptyLockReleases,
  verify: (payload) => {
    const db = adapterOf(payload)
    if (db.name !== 'postgres') return null
    if (typeof db.deleteMany !== 'function')
      return 'the Postgres adapter has no deleteMany any more'
    return db.deleteMany[SKIPPING] ? null : "the adapter's deleteMany is not the calendar's"
  },
}
