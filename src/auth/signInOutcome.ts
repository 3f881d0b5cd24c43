/**
 * Why an HTTP Basic header did not sign in, for the compatibility API to answer in WordPress's
 * terms. Payload runs auth strategies for us and keeps only the user (a strategy's errors are
 * logged and dropped, `payload/dist/auth/executeAuthStrategies.js`), so the strategy leaves its
 * outcome here, keyed by the very `Headers` object it was given.
 */
export type FailedSignIn =
  /** The login or password is wrong (the try was counted and slowed). */
  | { kind: 'rejected' }
  /** Too many tries: not checked; try again after `retryAfterMs`. */
  | { kind: 'refused'; retryAfterMs: number }
  /** The database could not be reached: nothing was checked, nothing counted. */
  | { kind: 'unavailable' }

const outcomes = new WeakMap<Headers, FailedSignIn>()

export const recordFailedSignIn = (headers: Headers, outcome: FailedSignIn) =>
  outcomes.set(headers, outcome)

export const failedSignInOf = (headers: Headers): FailedSignIn | undefined => outcomes.get(headers)
