import type { CollectionBeforeValidateHook, CollectionSlug } from 'payload'

/** The first account of a new site runs it, whatever the sign-up form sent. */
export const makeFirstUserAdministrator: CollectionBeforeValidateHook = async ({ collection, data, operation, req }) => {
  if (operation !== 'create' || !data) return data
  const { totalDocs } = await req.payload.count({ collection: collection.slug as CollectionSlug, req })
  if (totalDocs === 0) data.role = 'administrator'
  return data
}
