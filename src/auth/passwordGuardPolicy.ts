import type { Payload } from 'payload'

import type { SanitizedPluginConfig } from '../types'

import { pluginOptionsOf } from '../pluginOptions'

/**
 * The sign-in policy, the same for every way a password is checked (Payload's login, HTTP Basic
 * on the compatibility API and on Payload's REST and GraphQL): no account is ever locked
 * (WordPress locks none either, and a lock is a weapon in a stranger's hands); instead, tries
 * are counted per account and per client address, and once a key has used its free tries each
 * further try must wait after the previous one: the first delay, then twice as long each time,
 * up to the cap. With the defaults (the plugin's `passwordGuard` option): per account 5 free tries, per address 20,
 * then 1 s, 2 s, 4 s, … up to 60 s between tries; a key is forgotten after an hour without
 * tries. A right password clears its account's count and does not count against its address.
 */
export type KeyPolicy = {
  firstDelayMs: number
  forgetAfterMs: number
  freeTries: number
  maxDelayMs: number
}

export type GuardPolicy = {
  account: KeyPolicy
  address: KeyPolicy
  /**
   * Waits up to this long are served by holding the answer (a script simply gets slower
   * answers); a longer one is refused at once with 429 and `Retry-After`, without checking the
   * password, so that a wait never ties up a connection for a minute.
   */
  maxHoldMs: number
}

export function policyFrom(settings: SanitizedPluginConfig['passwordGuard']): GuardPolicy {
  const shared = {
    firstDelayMs: settings.firstDelayMs,
    forgetAfterMs: settings.forgetAfterMs,
    maxDelayMs: settings.maxDelayMs,
  }
  return {
    account: { ...shared, freeTries: settings.accountFreeTries },
    address: { ...shared, freeTries: settings.addressFreeTries },
    maxHoldMs: settings.maxHoldMs,
  }
}

/** The policy of this Payload's plugin options. */
export const guardPolicy = (payload: Pick<Payload, 'config'>): GuardPolicy =>
  policyFrom(pluginOptionsOf(payload).passwordGuard)

/** How long the try after `tries` counted ones must wait after the last of them. */
export function delayAfter(policy: KeyPolicy, tries: number): number {
  if (tries < policy.freeTries) return 0
  return Math.min(
    policy.firstDelayMs * 2 ** Math.min(tries - policy.freeTries, 40),
    policy.maxDelayMs,
  )
}
