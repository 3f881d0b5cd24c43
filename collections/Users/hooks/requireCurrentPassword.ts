import type { CollectionBeforeValidateHook, CollectionSlug, PayloadRequest, Where } from 'payload'

import { ValidationError } from 'payload'

import { readClientAddress } from '../../../src/auth/clientAddress'
import {
  accountKey,
  admitPasswordTry,
  passwordWasRight,
  storeOf,
} from '../../../src/auth/passwordGuard'
import { guardPolicy } from '../../../src/auth/passwordGuardPolicy'
import { verifyAccountPassword } from '../../../src/auth/verifyAccountPassword'
import { translatorOf } from '../../../src/i18n/index'
import { ClientError } from '../../../src/lib/clientError'

/** The write-only field the account page sends the current password in (never stored nor returned). */
export const CURRENT_PASSWORD = 'currentPassword'

type Account = {
  email?: null | string
  hash?: string
  id: number | string
  salt?: string
  username?: null | string
}

/**
 * Changing one's own e-mail address, username or password takes one's current password, as
 * WordPress's profile does for the password: a borrowed session (a browser left signed in, a
 * stolen token) must not be enough to take the account over. Administrators changing another
 * person's account are not asked for theirs, nor is server code. The check goes through the
 * password guard like any sign-in. An address or username that another account has is refused
 * as Payload refuses it, but the try is not forgiven even with the right password: asking for
 * one address after another, to learn which have accounts, is slowed as guessing is.
 */
export const requireCurrentPassword: CollectionBeforeValidateHook = async ({
  collection,
  data,
  operation,
  originalDoc,
  req,
}) => {
  if (!data) return data
  const sent = data[CURRENT_PASSWORD]
  delete data[CURRENT_PASSWORD]
  const own =
    operation === 'update' &&
    req.user &&
    req.user.collection === collection.slug &&
    String(req.user.id) === String(originalDoc?.id)
  if (!own) return data
  const changes = changedLogins(data, originalDoc as Account)
  if (!changes.email && !changes.username && !changes.password) return data

  const account = await req.payload.db.findOne<Account>({
    collection: collection.slug,
    req,
    where: { id: { equals: originalDoc.id } },
  })
  const store = storeOf(req.payload)
  const admitted = await admitPasswordTry(
    store,
    guardPolicy(req.payload),
    accountKey(collection.slug, originalDoc.id),
    readClientAddress(req.headers, req.payload.secret),
  )
  if (!admitted.admitted)
    throw new ClientError('Too many attempts. Please wait before trying again.', 429)
  const right =
    Boolean(account) && typeof sent === 'string' && (await verifyAccountPassword(account!, sent))
  if (!right)
    refuse(req, collection.slug, CURRENT_PASSWORD, translatorOf(req.t)('currentPasswordRequired'))
  if (await takenByAnother(req, collection.slug, originalDoc.id, changes)) return data
  await passwordWasRight(store, admitted.try)
  return data
}

function changedLogins(data: Record<string, unknown>, stored: Account) {
  const differs = (value: unknown, before: null | string | undefined) =>
    typeof value === 'string' &&
    value.trim().toLowerCase() !==
      String(before ?? '')
        .trim()
        .toLowerCase()
  return {
    email: differs(data.email, stored.email) ? String(data.email).trim().toLowerCase() : null,
    password: typeof data.password === 'string' && data.password !== '',
    username: differs(data.username, stored.username)
      ? String(data.username).trim().toLowerCase()
      : null,
  }
}

/** Whether another account has the address or username asked for (Payload then refuses it). */
async function takenByAnother(
  req: PayloadRequest,
  collection: string,
  id: number | string,
  changes: { email: null | string; username: null | string },
): Promise<boolean> {
  const logins: Where[] = []
  if (changes.email) logins.push({ email: { equals: changes.email } })
  if (changes.username) logins.push({ username: { equals: changes.username } })
  if (!logins.length) return false
  const other = await req.payload.db.findOne({
    collection: collection as CollectionSlug,
    req,
    where: { and: [{ id: { not_equals: id } }, { or: logins }] },
  })
  return Boolean(other)
}

function refuse(req: PayloadRequest, collection: string, path: string, message: string): never {
  throw new ValidationError({
    collection: collection as CollectionSlug,
    errors: [{ message, path }],
    req,
  })
}
