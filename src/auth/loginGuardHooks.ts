import type {
  CollectionAfterLoginHook,
  CollectionBeforeOperationHook,
  PayloadRequest,
  Where,
} from 'payload'

import { APIError, AuthenticationError, getLoginOptions } from 'payload'

import { isDatabaseUnavailable, RETRY_AFTER_SECONDS } from '../db/databaseErrors'
import { readClientAddress } from './clientAddress'
import {
  accountKey,
  admitPasswordTry,
  type GuardedTry,
  passwordWasRight,
  storeOf,
  unknownLoginKey,
} from './passwordGuard'
import { guardPolicy } from './passwordGuardPolicy'
import { checkPasswordOfNoAccount } from './verifyAccountPassword'

/**
 * Payload's login (`POST /api/users/login`, GraphQL's login, the admin's sign-in form) behind
 * the password guard. Payload's login operation (`payload/dist/auth/operations/login.js`) runs
 * the collection's `beforeOperation` hooks first, then finds the user, answers at once when there
 * is none, and checks the password; `afterLogin` runs only when it was right. So the try is
 * counted and slowed here, a login that names no account is answered here after the same PBKDF2
 * work a real check costs, and `afterLogin` forgives a right password.
 */
const GUARDED_TRY = 'eventsCalendarGuardedLogin'

export const guardLogin: CollectionBeforeOperationHook = async ({
  args,
  collection,
  operation,
  req,
}) => {
  if (operation !== 'login') return args
  const data =
    (args as { data?: { email?: unknown; password?: unknown; username?: unknown } }).data ?? {}
  const username = typeof data.username === 'string' ? data.username.trim().toLowerCase() : ''
  const email = typeof data.email === 'string' ? data.email.trim().toLowerCase() : ''
  const login = username || email
  // Missing fields are Payload's to refuse (400), with no password to guess.
  if (!login || typeof data.password !== 'string' || data.password.trim() === '') return args

  try {
    const where = loginWhere(collection.auth?.loginWithUsername, login)
    const user = where
      ? await req.payload.db.findOne<{ id: number | string }>({
          collection: collection.slug,
          req,
          where,
        })
      : null
    const store = storeOf(req.payload)
    const account = user
      ? accountKey(collection.slug, user.id)
      : unknownLoginKey(collection.slug, login)
    const admitted = await admitPasswordTry(
      store,
      guardPolicy(req.payload),
      account,
      readClientAddress(req.headers, req.payload.secret),
    )
    if (!admitted.admitted) {
      setRetryAfter(req, admitted.retryAfterMs)
      throw new APIError(
        'Too many sign-in attempts. Please wait before trying again.',
        429,
        null,
        true,
      )
    }
    if (!user) {
      await checkPasswordOfNoAccount(data.password)
      throw new AuthenticationError(req.t, Boolean(username))
    }
    req.context[GUARDED_TRY] = admitted.try
  } catch (error) {
    throw databaseUnavailableOr(req, error)
  }
  return args
}

export const forgiveRightPassword: CollectionAfterLoginHook = async ({ req, user }) => {
  const tried = req.context[GUARDED_TRY] as GuardedTry | undefined
  if (!tried) return user
  delete req.context[GUARDED_TRY]
  // The sign-in succeeded; failing to forgive it only leaves the count a little higher.
  await passwordWasRight(storeOf(req.payload), tried).catch((error: unknown) =>
    req.payload.logger.warn({
      err: error,
      msg: 'password guard: could not clear the count of a right password',
    }),
  )
  return user
}

/** The account Payload's login will look for (`payload/dist/auth/operations/login.js`). */
function loginWhere(loginWithUsername: unknown, login: string): null | Where {
  const { canLoginWithEmail, canLoginWithUsername } = getLoginOptions(loginWithUsername as never)
  const or: Where[] = []
  if (canLoginWithEmail) or.push({ email: { equals: login } })
  if (canLoginWithUsername) or.push({ username: { equals: login } })
  return or.length ? { or } : null
}

/** `Retry-After` on the answer, whatever Payload answers (an error too). */
export function setRetryAfter(req: PayloadRequest, ms: number) {
  const headers = req.responseHeaders ?? new Headers()
  headers.set('Retry-After', String(Math.max(1, Math.ceil(ms / 1000))))
  req.responseHeaders = headers
}

/**
 * The error a guard answers when counting a try failed: 503 with `Retry-After` when the database
 * cannot be reached (the try is neither counted nor checked), else `error` itself.
 */
export function databaseUnavailableOr(req: PayloadRequest, error: unknown): unknown {
  if (!isDatabaseUnavailable(error)) return error
  setRetryAfter(req, RETRY_AFTER_SECONDS * 1000)
  return new APIError(
    'The site cannot reach its database right now. Please try again shortly.',
    503,
    null,
    true,
  )
}
