import type { CollectionBeforeOperationHook, CollectionSlug } from 'payload'

import { ValidationError } from 'payload'

import { can } from '../lib/roles'

/**
 * The highest id anyone may choose. Ids are 32-bit and each collection group draws from one
 * sequence that moves past a chosen id, so an id near the top would leave the site unable to
 * create anything; this keeps more than a billion ids free above any chosen one.
 */
export const MAX_CHOSEN_ID = 1_000_000_000

/**
 * Ids are chosen on create only by the server's own code (imports keep the original site's ids)
 * and by administrators; every other caller gets the next id. `sharedWith` are the collections
 * drawing from the same sequence, whose ids a new item may not take either (the database refuses
 * that too, see `src/migrations/20261121_014425_shared_id_sequences.ts`; this answers it clearly).
 */
export const guardChosenIds =
  (sharedWith: readonly string[] = []): CollectionBeforeOperationHook =>
  async ({ args, collection, operation, overrideAccess, req }) => {
    if (operation !== 'create') return args
    const data = (args as { data?: Record<string, unknown> }).data
    if (!data || data.id === undefined || data.id === null) return args
    const refuse = (message: string) => {
      throw new ValidationError({ collection: collection.slug, errors: [{ message, path: 'id' }] }, req.t)
    }
    if (!overrideAccess && !can(req.user, 'manage_users')) refuse('Only administrators may choose the id of a new item.')
    const id = typeof data.id === 'string' && /^\d+$/.test(data.id) ? Number(data.id) : data.id
    if (typeof id !== 'number' || !Number.isSafeInteger(id) || id < 1 || id > MAX_CHOSEN_ID) {
      refuse(`A chosen id must be a whole number from 1 to ${MAX_CHOSEN_ID}.`)
    }
    for (const slug of new Set([collection.slug, ...sharedWith])) {
      const { totalDocs } = await req.payload.count({ collection: slug as CollectionSlug, overrideAccess: true, req, where: { id: { equals: id } } })
      if (totalDocs > 0) refuse(`The id ${String(id)} is already used by another item.`)
    }
    data.id = id
    return args
  }
