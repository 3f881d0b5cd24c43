import type { Payload } from 'payload'

import type { GuardPolicy } from './passwordGuardPolicy'

import { poolOf } from '../db/pool'
import { type GuardKey, guardStoreFor, type PasswordGuardStore } from './passwordGuardStore'

/**
 * The one guard in front of every password check (Payload's login through
 * `src/auth/loginGuardHooks.ts`, HTTP Basic through `src/auth/basicAuthStrategy.ts`): a try is
 * counted and given its turn before the password is looked at, then a right password is
 * forgiven. The policy is in `src/auth/passwordGuardPolicy.ts`.
 */
export type GuardedTry = {
  accountKey: string
  addressKey: null | string
  keys: GuardKey[]
}

export type Admitted =
  { admitted: true; try: GuardedTry } | { admitted: false; retryAfterMs: number }

/** The key of an existing account, the same whatever login (e-mail or username) named it. */
export const accountKey = (collection: string, id: number | string) => `account:${collection}:${id}`

/** The key of a login that names no account: it is counted like one, so both look alike. */
export const unknownLoginKey = (collection: string, login: string) =>
  `login:${collection}:${login.trim().toLowerCase()}`

export function storeOf(payload: Payload): PasswordGuardStore {
  const pool = poolOf(payload)
  if (!pool)
    throw new Error('The password guard keeps its counts in Postgres: use @payloadcms/db-postgres.')
  return guardStoreFor(pool)
}

function triedKeys(policy: GuardPolicy, account: string, address: null | string): GuardedTry {
  const addressKey = address ? `address:${address}` : null
  const keys: GuardKey[] = [{ key: account, policy: policy.account }]
  if (addressKey) keys.push({ key: addressKey, policy: policy.address })
  return { accountKey: account, addressKey, keys }
}

/** Counts a try and waits for its turn; refused (not counted) when the turn is too far away. */
export async function admitPasswordTry(
  store: PasswordGuardStore,
  policy: GuardPolicy,
  account: string,
  address: null | string,
): Promise<Admitted> {
  const tried = triedKeys(policy, account, address)
  const admission = await store.admit(tried.keys, policy)
  if (!admission.admitted) return admission
  if (admission.waitMs > 0) await wait(admission.waitMs)
  return { admitted: true, try: tried }
}

/** The password was right: the account's count starts afresh, the address gets its try back. */
export const passwordWasRight = (store: PasswordGuardStore, tried: GuardedTry) =>
  store.succeeded(tried.accountKey, tried.addressKey)

/**
 * Whether a password already known right (remembered from a recent check) may go through
 * without being counted: only when neither its account nor its address has a wait running, so
 * that during a wait a right guess is not told apart from a wrong one.
 */
export async function mayPassUncounted(
  store: PasswordGuardStore,
  policy: GuardPolicy,
  account: string,
  address: null | string,
): Promise<boolean> {
  return (await store.currentWait(triedKeys(policy, account, address).keys)) === 0
}

export const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))
