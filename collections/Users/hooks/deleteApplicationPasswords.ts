import type { CollectionBeforeDeleteHook, CollectionSlug } from 'payload'

/**
 * A user's application passwords go with the user, in the same transaction, as WordPress keeps
 * them in the user's own meta. Without this the database refuses the delete: a password's user
 * may not become empty.
 */
export const deleteApplicationPasswords =
  (appPasswordsSlug: string): CollectionBeforeDeleteHook =>
  async ({ id, req }) => {
    await req.payload.delete({
      collection: appPasswordsSlug as CollectionSlug,
      overrideAccess: true,
      req,
      where: { user: { equals: id } },
    })
  }
