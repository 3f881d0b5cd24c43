import type {
  CollectionAfterChangeHook,
  CollectionAfterLoginHook,
  FieldHook,
  PayloadRequest,
  Where,
} from 'payload'

const PREFERENCES = 'payload-preferences'
/** The preference that holds an account's admin language, set by an administrator or the account. */
export const ADMIN_LANGUAGE_KEY = 'events-calendar-admin-language'

/**
 * An account's admin language: Payload keeps the admin's language in the browser only (its
 * `{prefix}-lng` cookie, set from the account page), so an administrator had no way to give a new
 * editor French. It is kept as a preference of the account (no column: a virtual field), and
 * becomes the browser's language at each sign-in; the account page still changes it until the next.
 */
const preferenceWhere = (userSlug: string, id: number | string): Where => ({
  and: [
    { key: { equals: ADMIN_LANGUAGE_KEY } },
    { 'user.value': { equals: id } },
    { 'user.relationTo': { equals: userSlug } },
  ],
})

async function readAdminLanguage(
  req: PayloadRequest,
  userSlug: string,
  id: number | string,
): Promise<string | undefined> {
  const found = await req.payload.db.findOne<{ id: number | string; value?: unknown }>({
    collection: PREFERENCES,
    req,
    where: preferenceWhere(userSlug, id),
  })
  const value = found?.value
  return typeof value === 'string' && value in req.payload.config.i18n.supportedLanguages
    ? value
    : undefined
}

/** The field's value on one account's read (the form, `/me`); lists do not look it up. */
export const adminLanguageAfterRead: FieldHook = async ({
  collection,
  findMany,
  originalDoc,
  req,
}) => {
  if (findMany || !collection || originalDoc?.id === undefined) return undefined
  return readAdminLanguage(req, collection.slug, originalDoc.id)
}

/** A save that names a language keeps it as the account's preference (an empty choice forgets it). */
export const storeAdminLanguage: CollectionAfterChangeHook = async ({
  collection,
  data,
  doc,
  req,
}) => {
  if (!('adminLanguage' in data)) return doc
  const value = data.adminLanguage
  const where = preferenceWhere(collection.slug, doc.id)
  const found = await req.payload.db.findOne<{ id: number | string }>({
    collection: PREFERENCES,
    req,
    where,
  })
  if (typeof value !== 'string' || !(value in req.payload.config.i18n.supportedLanguages)) {
    if (found)
      await req.payload.db.deleteOne({
        collection: PREFERENCES,
        req,
        where: { id: { equals: found.id } },
      })
    return { ...doc, adminLanguage: undefined }
  }
  if (found)
    await req.payload.db.updateOne({
      collection: PREFERENCES,
      data: { value },
      req,
      where: { id: { equals: found.id } },
    })
  else
    await req.payload.db.create({
      collection: PREFERENCES,
      data: {
        key: ADMIN_LANGUAGE_KEY,
        user: { relationTo: collection.slug, value: doc.id },
        value,
      },
      req,
    })
  return { ...doc, adminLanguage: value }
}

/** At sign-in, the account's language becomes the browser's admin language (Payload's cookie). */
export const applyAdminLanguage: CollectionAfterLoginHook = async ({ collection, req, user }) => {
  if (!user?.id) return
  try {
    const language = await readAdminLanguage(req, collection.slug, user.id)
    if (!language) return
    const name = `${req.payload.config.cookiePrefix || 'payload'}-lng`
    req.responseHeaders ??= new Headers()
    req.responseHeaders.append(
      'Set-Cookie',
      `${name}=${language}; Path=/; Max-Age=31536000; SameSite=Lax`,
    )
  } catch (error) {
    // A sign-in does not fail over a preference: the admin then opens in the browser's language.
    req.payload.logger.warn({ err: error, msg: 'Could not apply the account’s admin language' })
  }
}
