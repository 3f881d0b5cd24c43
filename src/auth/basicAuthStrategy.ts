import type { AuthStrategy, CollectionSlug, Payload } from 'payload'

import { hashApplicationPassword, looksLikeApplicationPassword } from '../lib/applicationPasswords'
import { verifyAccountPassword } from './verifyAccountPassword'

export const BASIC_STRATEGY = 'basic'

/**
 * HTTP Basic sign-in, as WordPress REST clients send it: the login is an e-mail or a username,
 * the password an application password or the account password (`decisions.md` §13).
 * A header that does not sign in leaves the request anonymous; the compatibility layer turns
 * that into 401 `incorrect_password`.
 */
export const basicAuthStrategy = (args: { appPasswordsSlug: string; usersSlug: string }): AuthStrategy => ({
  name: BASIC_STRATEGY,
  authenticate: async ({ headers, payload }) => {
    const credentials = readBasicCredentials(headers.get('authorization'))
    if (!credentials) return { user: null }
    // The account and the application password are looked up side by side: the password is
    // found by its hash (unique), then must belong to that account.
    const [user, applicationPassword] = await Promise.all([
      findUserByLogin(payload, args.usersSlug, credentials.login),
      looksLikeApplicationPassword(credentials.password)
        ? findApplicationPassword(payload, args.appPasswordsSlug, credentials.password)
        : null,
    ])
    if (!user) return { user: null }

    const signedIn =
      (applicationPassword !== null && relationId(applicationPassword.user) === String(user.id) && recordUse(payload, args.appPasswordsSlug, applicationPassword)) ||
      (await verifyAccountPassword(user, credentials.password))
    if (!signedIn) return { user: null }

    const { hash: _hash, salt: _salt, ...safeUser } = user
    return { user: { ...safeUser, _strategy: BASIC_STRATEGY, collection: args.usersSlug } as never }
  },
})

export function readBasicCredentials(header: null | string): null | { login: string; password: string } {
  const match = header?.match(/^Basic\s+([A-Za-z0-9+/=]+)\s*$/i)
  if (!match) return null
  const decoded = Buffer.from(match[1]!, 'base64').toString('utf8')
  const colon = decoded.indexOf(':')
  if (colon <= 0) return null
  return { login: decoded.slice(0, colon), password: decoded.slice(colon + 1) }
}

type StoredUser = { hash?: string; id: number | string; salt?: string } & Record<string, unknown>

// One query each (`pagination: false`: no count); the user is read whole, as it becomes `req.user`.
async function findUserByLogin(payload: Payload, usersSlug: string, login: string): Promise<null | StoredUser> {
  const { docs } = await payload.find({
    collection: usersSlug as CollectionSlug,
    depth: 0,
    limit: 1,
    overrideAccess: true,
    pagination: false,
    showHiddenFields: true,
    where: login.includes('@') ? { email: { equals: login.toLowerCase() } } : { username: { equals: login } },
  })
  return (docs[0] as StoredUser | undefined) ?? null
}

type StoredApplicationPassword = { id: number | string; lastUsedAt?: null | string; user?: unknown }

async function findApplicationPassword(payload: Payload, appPasswordsSlug: string, password: string): Promise<null | StoredApplicationPassword> {
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
function recordUse(payload: Payload, appPasswordsSlug: string, found: StoredApplicationPassword): true {
  if (!found.lastUsedAt || Date.now() - new Date(found.lastUsedAt).getTime() > 60_000) {
    void payload
      .update({ collection: appPasswordsSlug as CollectionSlug, data: { lastUsedAt: new Date().toISOString() }, id: found.id, overrideAccess: true })
      .catch(() => undefined)
  }
  return true
}
