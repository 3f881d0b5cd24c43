import type { AuthStrategy, CollectionSlug, Payload } from 'payload'

import { isDatabaseUnavailable, RETRY_AFTER_SECONDS } from '../db/databaseErrors'
import { hashApplicationPassword, looksLikeApplicationPassword } from '../lib/applicationPasswords'
import { readClientAddress } from './clientAddress'
import {
  recallApplicationPasswordSignIn,
  RECORDING_USE,
  rememberApplicationPasswordSignIn,
} from './recentApplicationPasswords'
import {
  accountKey,
  admitPasswordTry,
  mayPassUncounted,
  passwordWasRight,
  storeOf,
  unknownLoginKey,
} from './passwordGuard'
import { guardPolicy } from './passwordGuardPolicy'
import { sharedTry } from './sharedTry'
import { type FailedSignIn, recordFailedSignIn } from './signInOutcome'
import {
  checkPasswordOfNoAccount,
  isRememberedPassword,
  verifyAccountPassword,
} from './verifyAccountPassword'
import { plainDoc } from '../lib/plainDoc'

export const BASIC_STRATEGY = 'basic'

/**
 * HTTP Basic sign-in, as WordPress REST clients send it: the login is an e-mail or a username, the
 * password an application password or the account password (`docs/compatibility.md`,
 * "Application passwords and HTTP Basic"). A header that does not sign in leaves the request
 * anonymous; the compatibility layer turns that into 401 `incorrect_password`.
 */
export const basicAuthStrategy = (args: {
  appPasswordsSlug: string
  usersSlug: string
}): AuthStrategy => ({
  name: BASIC_STRATEGY,
  authenticate: async ({ headers, payload, req }) => {
    const credentials = readBasicCredentials(headers.get('authorization'))
    if (!credentials) return { user: null }
    const failed = (outcome: FailedSignIn) => {
      recordFailedSignIn(headers, outcome)
      const retryAfterMs =
        outcome.kind === 'refused'
          ? outcome.retryAfterMs
          : outcome.kind === 'unavailable'
            ? RETRY_AFTER_SECONDS * 1000
            : 0
      if (!retryAfterMs) return { user: null }
      const retryAfter = String(Math.max(1, Math.ceil(retryAfterMs / 1000)))
      // Set on the request too: Payload keeps only the last strategy's result, and API keys and
      // JWTs are tried after this one (`payload/dist/index.js`, `auth/executeAuthStrategies.js`).
      if (req) {
        req.responseHeaders ??= new Headers()
        req.responseHeaders.set('Retry-After', retryAfter)
      }
      return { responseHeaders: new Headers({ 'Retry-After': retryAfter }), user: null }
    }
    try {
      const result = await signIn(
        payload,
        args,
        credentials,
        readClientAddress(headers, payload.secret),
      )
      if (!('user' in result)) return failed(result)
      const { hash: _hash, salt: _salt, ...safeUser } = result.user
      return {
        user: { ...safeUser, _strategy: BASIC_STRATEGY, collection: args.usersSlug } as never,
      }
    } catch (error) {
      // An outage is not a wrong password: nothing is counted, and the caller hears 503.
      if (isDatabaseUnavailable(error)) return failed({ kind: 'unavailable' })
      throw error
    }
  },
})

/**
 * The account and the application password are looked up side by side: the password is found by
 * its hash (unique), then must belong to that account. An application password is 24 random
 * characters (about 143 bits): it cannot be guessed, so a right one is let through without the
 * guard, and a stranger slowing an account down does not cut off its integrations. Everything
 * else is an account password check, behind the guard (`src/auth/passwordGuard.ts`); a login
 * that names no account costs the same work and is counted the same way.
 */
async function signIn(
  payload: Payload,
  args: { appPasswordsSlug: string; usersSlug: string },
  credentials: { login: string; password: string },
  address: null | string,
): Promise<FailedSignIn | { user: StoredUser }> {
  const isApplicationPassword = looksLikeApplicationPassword(credentials.password)
  if (isApplicationPassword) {
    const recalled = recallApplicationPasswordSignIn<StoredUser>(
      payload,
      credentials.login,
      credentials.password,
    )
    if (recalled) return { user: recalled }
  }
  const [user, applicationPassword] = await Promise.all([
    findUserByLogin(payload, args.usersSlug, credentials.login),
    isApplicationPassword
      ? findApplicationPassword(payload, args.appPasswordsSlug, credentials.password)
      : null,
  ])
  if (
    user &&
    applicationPassword !== null &&
    relationId(applicationPassword.user) === String(user.id)
  ) {
    recordUse(payload, args.appPasswordsSlug, applicationPassword)
    rememberApplicationPasswordSignIn(payload, credentials.login, credentials.password, user)
    return { user }
  }

  const store = storeOf(payload)
  const account = user
    ? accountKey(args.usersSlug, user.id)
    : unknownLoginKey(args.usersSlug, credentials.login)
  // A password found right moments ago skips the count (and the PBKDF2), unless a wait is running.
  if (
    user &&
    isRememberedPassword(user, credentials.password) &&
    (await mayPassUncounted(store, guardPolicy(payload), account, address))
  )
    return { user }

  return sharedTry(
    [account, address ?? '', credentials.password],
    async (): Promise<FailedSignIn | { user: StoredUser }> => {
      const admitted = await admitPasswordTry(store, guardPolicy(payload), account, address)
      if (!admitted.admitted) return { kind: 'refused', retryAfterMs: admitted.retryAfterMs }
      const right = user
        ? await verifyAccountPassword(user, credentials.password)
        : await checkPasswordOfNoAccount(credentials.password)
      if (!right || !user) return { kind: 'rejected' }
      await passwordWasRight(store, admitted.try)
      return { user }
    },
  )
}

/**
 * The login and password of an HTTP Basic header, as PHP and WordPress read them (facts in
 * `test/fixtures/oracle-auth.json`): after `Basic ` (any case, one space) characters outside the
 * base64 alphabet are skipped; the text up to its first NUL must hold a colon and a password after
 * it, or the header signs nobody in (the request is a visitor's). Only when a NUL comes before
 * every colon is the whole decoded text split at its first colon (WordPress's own reading of the
 * header, which asks for strict base64), the password then possibly empty.
 */
export function readBasicCredentials(
  header: null | string,
): null | { login: string; password: string } {
  if (!header || !/^basic /i.test(header)) return null
  const decoded = Buffer.from(header.slice(6).replace(/[^A-Za-z0-9+/]/g, ''), 'base64').toString(
    'utf8',
  )
  const nul = decoded.indexOf('\0')
  const text = nul < 0 ? decoded : decoded.slice(0, nul)
  const colon = text.indexOf(':')
  if (colon >= 0) {
    const password = text.slice(colon + 1)
    return password ? { login: text.slice(0, colon), password } : null
  }
  const whole = decoded.indexOf(':')
  if (whole < 0 || !/^Basic [a-z\d/+]*={0,2}$/i.test(header)) return null
  return { login: decoded.slice(0, whole), password: decoded.slice(whole + 1) }
}

type StoredUser = { hash?: string; id: number | string; salt?: string } & Record<string, unknown>

// One query each (`pagination: false`: no count); the user is read whole, as it becomes `req.user`.
async function findUserByLogin(
  payload: Payload,
  usersSlug: string,
  login: string,
): Promise<null | StoredUser> {
  // A NUL can arrive in a login (readBasicCredentials) but is in none: Postgres' text refuses it.
  if (login.includes('\0')) return null
  const { docs } = await payload.find({
    collection: usersSlug as CollectionSlug,
    depth: 0,
    limit: 1,
    overrideAccess: true,
    pagination: false,
    showHiddenFields: true,
    where: login.includes('@')
      ? { email: { equals: login.toLowerCase() } }
      : { username: { equals: login } },
  })
  return docs[0] ? (plainDoc(docs[0]) as StoredUser) : null
}

type StoredApplicationPassword = { id: number | string; lastUsedAt?: null | string; user?: unknown }

async function findApplicationPassword(
  payload: Payload,
  appPasswordsSlug: string,
  password: string,
): Promise<null | StoredApplicationPassword> {
  const { docs } = await payload.find({
    collection: appPasswordsSlug as CollectionSlug,
    depth: 0,
    limit: 1,
    overrideAccess: true,
    pagination: false,
    select: { lastUsedAt: true, user: true } as never,
    where: { passwordHash: { equals: hashApplicationPassword(password) } },
  })
  return (docs[0] as StoredApplicationPassword | undefined) ?? null
}

function relationId(value: unknown): null | string {
  if (value === null || value === undefined) return null
  if (typeof value === 'object') return relationId((value as { id?: unknown }).id)
  return String(value)
}

/** Recording use is for the owner's overview; it must not slow down or fail the request. */
function recordUse(
  payload: Payload,
  appPasswordsSlug: string,
  found: StoredApplicationPassword,
): void {
  if (!found.lastUsedAt || Date.now() - new Date(found.lastUsedAt).getTime() > 60_000) {
    void payload
      .update({
        collection: appPasswordsSlug as CollectionSlug,
        context: { [RECORDING_USE]: true },
        data: { lastUsedAt: new Date().toISOString() },
        depth: 0,
        id: found.id,
        overrideAccess: true,
      })
      .catch(() => undefined)
  }
}
