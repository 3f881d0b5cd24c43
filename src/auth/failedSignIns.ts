/**
 * Slows down guessing: after a few wrong passwords from one address, each further wrong
 * answer waits longer before it is sent (up to a cap), so a script cannot try passwords at the
 * server's full speed. Right answers are never delayed, and an address is forgiven after a
 * quiet period. Kept in memory: a restart forgets, which only ever makes things faster.
 */
const FREE_ATTEMPTS = 3
const STEP_MS = 400
const MAX_DELAY_MS = 4_000
const FORGET_AFTER_MS = 15 * 60_000
const MAX_TRACKED = 10_000

const failures = new Map<string, { count: number; last: number }>()

/** Records a wrong password from `address` and returns how long to wait before answering. */
export function recordFailedSignIn(address: string, now = Date.now()): number {
  const previous = failures.get(address)
  const count = previous && now - previous.last < FORGET_AFTER_MS ? previous.count + 1 : 1
  if (failures.size >= MAX_TRACKED && !previous) failures.clear()
  failures.set(address, { count, last: now })
  return Math.min(Math.max(0, count - FREE_ATTEMPTS) * STEP_MS, MAX_DELAY_MS)
}

export const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))
