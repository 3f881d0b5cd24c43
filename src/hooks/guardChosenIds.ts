import type { CollectionBeforeOperationHook, CollectionSlug } from 'payload'

import { ValidationError } from 'payload'

import { MAX_INT4 } from '../lib/databaseIds'
import { can } from '../lib/roles'

/**
 * The highest id anyone may choose. Ids are 32-bit and each collection group draws from one
 * sequence that moves past a chosen id, so an id near the top would leave the site unable to
 * create anything; this keeps more than a billion ids free above any chosen one.
 */
export const MAX_CHOSEN_ID = 1_000_000_000

/**
 * Creates that restore a dump of this app (`import --file`) carry this flag: their ids are ones a
 * site's sequences gave out, which after an id chosen near `MAX_CHOSEN_ID` go on up to the top of
 * the 32-bit range. A restore takes every id a sequence can give, so that any export restores
 * whole; the sequences end where the exported site's were. Nothing outside the server can set a
 * request's context.
 */
export const RESTORED_IDS = 'eventsCalendarRestoredIds'

/**
 * Ids are chosen on create only by the server's own code (imports keep the original site's ids)
 * and by administrators; every other caller gets the next id. `sharedWith` are the collections
 * drawing from the same sequence, whose ids a new item may not take either: this answers it clearly,
 * and the database enforces it, also between creates at the same moment
 * (`src/db/calendarSchema/sharedIdSequences.ts`).
 */
export const guardChosenIds =
  (sharedWith: readonly string[] = []): CollectionBeforeOperationHook =>
  async ({ args, collection, operation, overrideAccess, req }) => {
    if (operation !== 'create') return args
    const data = (args as { data?: Record<string, unknown> }).data
    if (!data || data.id === undefined || data.id === null) return args
    const refuse = (message: string) => {
      throw new ValidationError(
        { collection: collection.slug, errors: [{ message, path: 'id' }] },
        req.t,
      )
    }
    if (!overrideAccess && !can(req.user, 'manage_users'))
      refuse('Only administrators may choose the id of a new item.')
    const id = typeof data.id === 'string' && /^\d+$/.test(data.id) ? Number(data.id) : data.id
    const highest = req.context?.[RESTORED_IDS] === true ? MAX_INT4 : MAX_CHOSEN_ID
    if (typeof id !== 'number' || !Number.isSafeInteger(id) || id < 1 || id > highest) {
      refuse(`A chosen id must be a whole number from 1 to ${highest}.`)
    }
    for (const slug of new Set([collection.slug, ...sharedWith])) {
      const { totalDocs } = await req.payload.count({
        collection: slug as CollectionSlug,
        overrideAccess: true,
        req,
        where: { id: { equals: id } },
      })
      if (totalDocs > 0) refuse(`The id ${String(id)} is already used by another item.`)
    }
    data.id = id
    return args
  }
