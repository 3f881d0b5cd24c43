import type { CollectionAfterChangeHook, CollectionAfterDeleteHook, Payload } from 'payload'

import { createHash } from 'node:crypto'

import type { Region } from '../calendar/cache/region'

import { payloadRegion } from '../calendar/cache/registry'

/*
 * Application-password sign-ins found right moments ago, so that an integration sending a burst
 * of requests is not looked up (account and password, two queries) on each one. Only a right
 * application password is remembered: anything else still goes through `basicAuthStrategy.ts`
 * and its guard. Any change to a user or an application password made through this process
 * forgets them all at once (the hooks below), so a revoked password, a deleted account or a
 * changed role counts from the next request; a change made by another server process (or in
 * the database directly) counts after at most REMEMBER_MS. The hooks run before the change
 * commits, and a sign-in looked up meanwhile still reads the old rows: for REMEMBER_MS after a
 * change nothing new is remembered.
 */

/** How long a sign-in is remembered: the longest another process may still accept a revoked password. */
export const REMEMBER_MS = 5_000
const MAX_REMEMBERED = 1_000

type Remembered = { entries: Region<{ expires: number; user: unknown }>; quietUntil: number }

const states = new WeakMap<Payload, Remembered>()

function stateOf(payload: Payload): Remembered {
  let state = states.get(payload)
  if (!state)
    states.set(
      payload,
      (state = {
        entries: payloadRegion(payload, 'application-password-sign-ins', {
          maxEntries: MAX_REMEMBERED,
        }),
        quietUntil: 0,
      }),
    )
  return state
}

// Keyed by a digest: the passwords themselves are not kept in memory.
const keyOf = (login: string, password: string) =>
  createHash('sha256')
    .update(`${login}\0${password.replace(/\s+/g, '')}`)
    .digest('hex')

/** The user this login and application password signed in as moments ago, a copy of it; or null. */
export function recallApplicationPasswordSignIn<User>(
  payload: Payload,
  login: string,
  password: string,
): null | User {
  const { entries } = stateOf(payload)
  const key = keyOf(login, password)
  const entry = entries.get(key)
  if (!entry) return null
  if (entry.expires <= Date.now()) {
    entries.delete(key)
    return null
  }
  return structuredClone(entry.user) as User
}

export function rememberApplicationPasswordSignIn(
  payload: Payload,
  login: string,
  password: string,
  user: unknown,
): void {
  const { entries, quietUntil } = stateOf(payload)
  if (Date.now() < quietUntil) return
  entries.set(keyOf(login, password), {
    expires: Date.now() + REMEMBER_MS,
    user: structuredClone(user),
  })
}

function forgetAll(payload: Payload): void {
  const state = stateOf(payload)
  state.entries.clear()
  state.quietUntil = Date.now() + REMEMBER_MS
}

/** For users: any change (role, password, login) or deletion forgets every remembered sign-in. */
export const forgetSignInsAfterUserChange: CollectionAfterChangeHook = ({ doc, req }) => {
  forgetAll(req.payload)
  return doc
}

/**
 * The context of the update that records an application password's use (`lastUsedAt`,
 * `basicAuthStrategy.ts`): it changes neither whose nor which password it is, so it forgets
 * nothing. (Comparing the changed item with the previous one cannot say so: the item after the
 * change has its user populated and its hidden hash left out, so they always differed, and each
 * recorded use stopped every sign-in from being remembered for the next REMEMBER_MS.)
 */
export const RECORDING_USE = 'eventsCalendarRecordingApplicationPasswordUse'

/** For application passwords: any change but a recorded use (a new owner, a new hash, a rename). */
export const forgetSignInsAfterPasswordChange: CollectionAfterChangeHook = ({
  doc,
  operation,
  req,
}) => {
  if (operation === 'update' && req.context?.[RECORDING_USE] !== true) forgetAll(req.payload)
  return doc
}

export const forgetSignInsAfterDelete: CollectionAfterDeleteHook = ({ doc, req }) => {
  forgetAll(req.payload)
  return doc
}
