import { createHash } from 'node:crypto'

const inFlight = new Map<string, Promise<unknown>>()

/**
 * Runs `work` once for identical sign-in tries that arrive together (same account, address and
 * password), and gives all of them its outcome. A client that opens many requests at once with
 * the same credentials then costs one counted try and one password check rather than one each:
 * without this, its own parallel requests would use up the account's free tries and be refused.
 * A guesser gains nothing from it: identical guesses have one answer.
 */
export function sharedTry<T>(parts: string[], work: () => Promise<T>): Promise<T> {
  const key = createHash('sha256').update(parts.join('\u0000')).digest('hex')
  const running = inFlight.get(key) as Promise<T> | undefined
  if (running) return running
  const started = work().finally(() => inFlight.delete(key))
  inFlight.set(key, started)
  return started
}
