import { createHash, pbkdf2, timingSafeEqual } from 'node:crypto'
import { promisify } from 'node:util'

import { processRegion } from '../calendar/cache/registry'

const pbkdf2Async = promisify(pbkdf2)

/*
 * Payload stores account passwords as PBKDF2-SHA256 with a per-user salt: the current format
 * is prefixed `pbkdf2-sha256-v1:` (600,000 iterations, 32-byte key), the older one is bare hex
 * (25,000 iterations, 512-byte key). Payload does not export its checker, so this mirrors the
 * format. At 600,000 iterations one check costs a few hundred milliseconds, which HTTP Basic
 * would pay on every request, so a success is remembered briefly, keyed by the stored hash:
 * a password change makes the old entry unreachable.
 */
const CURRENT_PREFIX = 'pbkdf2-sha256-v1:'
const CURRENT_ITERATIONS = 600_000
const CURRENT_KEY_LENGTH = 32
const REMEMBER_MS = 5 * 60_000
/** Until when each success is remembered, by a digest of the user, the stored hash and the password. */
const remembered = processRegion<number>('account-passwords', { maxEntries: 10_000 })

type StoredPassword = { hash?: string; id: number | string; salt?: string }

const fingerprint = (parts: string[]): string =>
  createHash('sha256').update(parts.join('\u0000')).digest('hex')

const rememberKey = (user: StoredPassword, password: string) =>
  fingerprint([String(user.id), String(user.hash), password])

/** Whether this password was found right for this stored hash a moment ago (no PBKDF2). */
export function isRememberedPassword(user: StoredPassword, password: string): boolean {
  if (typeof user.hash !== 'string' || password === '') return false
  const until = remembered.get(rememberKey(user, password))
  return Boolean(until && until > Date.now())
}

export async function verifyAccountPassword(
  user: StoredPassword,
  password: string,
): Promise<boolean> {
  if (typeof user.hash !== 'string' || typeof user.salt !== 'string' || password === '')
    return false
  if (isRememberedPassword(user, password)) return true

  const current = user.hash.startsWith(CURRENT_PREFIX)
  const stored = Buffer.from(current ? user.hash.slice(CURRENT_PREFIX.length) : user.hash, 'hex')
  const derived = await pbkdf2Async(
    password,
    user.salt,
    current ? CURRENT_ITERATIONS : 25_000,
    current ? CURRENT_KEY_LENGTH : 512,
    'sha256',
  )
  const ok = derived.length === stored.length && timingSafeEqual(derived, stored)
  if (ok) {
    remembered.set(rememberKey(user, password), Date.now() + REMEMBER_MS)
  }
  return ok
}

const DUMMY_SALT = 'events-calendar-no-such-account'

/**
 * The work of checking a password against an account that does not exist: without it an
 * unknown login answers in a few milliseconds and a known one after the PBKDF2, which tells a
 * stranger which logins exist. Always false.
 */
export async function checkPasswordOfNoAccount(password: string): Promise<false> {
  await pbkdf2Async(password, DUMMY_SALT, CURRENT_ITERATIONS, CURRENT_KEY_LENGTH, 'sha256')
  return false
}
