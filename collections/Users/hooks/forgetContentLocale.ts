import type { CollectionAfterLoginHook, Where } from 'payload'

const PREFERENCES = 'payload-preferences'

/**
 * Each sign-in opens the admin on the default content language: Payload keeps the language last
 * picked in the locale switch as a preference (`locale`) and opened every later session on it, so
 * an editor who once translated into French found English items shown as French the next day.
 * The preference is looked up first, then deleted by id (`src/db/payloadInternals/deleteOwnPreference.ts` says why).
 */
export const forgetContentLocale: CollectionAfterLoginHook = async ({ collection, req, user }) => {
  if (!req.payload.config.localization || !user?.id) return
  const where: Where = {
    and: [
      { key: { equals: 'locale' } },
      { 'user.value': { equals: user.id } },
      { 'user.relationTo': { equals: collection.slug } },
    ],
  }
  try {
    const found = await req.payload.db.findOne<{ id: number | string }>({
      collection: PREFERENCES,
      req,
      where,
    })
    if (found)
      await req.payload.db.deleteOne({
        collection: PREFERENCES,
        req,
        where: { id: { equals: found.id } },
      })
  } catch (error) {
    // A sign-in does not fail over a preference: the language switch still works.
    req.payload.logger.warn({ err: error, msg: 'Could not reset the content language at sign-in' })
  }
}
