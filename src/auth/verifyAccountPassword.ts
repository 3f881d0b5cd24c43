import { createHash, pbkdf2, timingSafeEqual } from 'node:crypto'
import { promisify } from 'node:util'

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
const REMEMBER_MS = 5 * 60_000
const remembered = new Map<string, number>()

const fingerprint = (parts: string[]): string => createHash('sha256').update(parts.join('\u0000')).digest('hex')

export async function verifyAccountPassword(
  user: { hash?: string; id: number | string; salt?: string },
  password: string,
): Promise<boolean> {
  if (typeof user.hash !== 'string' || typeof user.salt !== 'string' || password === '') return false
  const key = fingerprint([String(user.id), user.hash, password])
  const until = remembered.get(key)
  if (until && until > Date.now()) return true

  const current = user.hash.startsWith(CURRENT_PREFIX)
  const stored = Buffer.from(current ? user.hash.slice(CURRENT_PREFIX.length) : user.hash, 'hex')
  const derived = await pbkdf2Async(password, user.salt, current ? 600_000 : 25_000, current ? 32 : 512, 'sha256')
  const ok = derived.length === stored.length && timingSafeEqual(derived, stored)
  if (ok) {
    if (remembered.size > 10_000) remembered.clear()
    remembered.set(key, Date.now() + REMEMBER_MS)
  }
  return ok
}
