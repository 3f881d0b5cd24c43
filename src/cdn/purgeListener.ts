import type { Payload } from 'payload'

import { randomUUID } from 'node:crypto'
import pg from 'pg'

import { judgedCollections } from '../../endpoints/freshness'
import { TIERS } from '../db/calendarSchema/hiddenChanges'
import { poolOf } from '../db/payloadInternals/adapter'
import { slugLookUpsKey } from './surrogateKeys'
import { transactionKeys } from './transactionFacts'

/** The Postgres channel changes announce their keys on (`purgeOnChange.ts`). */
export const PURGE_CHANNEL = 'calendar_cdn_purge'

/** This process: each instance purges the changes it made, so that N instances purge once, not N times. */
export const thisInstance = randomUUID()

type Purge = (keys: string[]) => Promise<void> | void

/**
 * A change's notification (`purgeOnChange.ts`): the keys it purges, the item it changed
 * (`collection:id`), and the transaction whose committed rows tell whether visitors can see that
 * change at all and, with `lists`, which events lists it also purges (`transactionFacts.ts`).
 */
export type Announcement = {
  instance: string
  item?: string
  keys: string[]
  lists?: boolean
  txid?: string
}

/** Waits before the second and third try of a purge that failed. */
const RETRY_DELAYS_MS = [1_000, 5_000]

async function purgeWithRetries(payload: Payload, purge: Purge, keys: string[]) {
  for (let attempt = 0; ; attempt++) {
    try {
      await purge(keys)
      return
    } catch (error) {
      const delay = RETRY_DELAYS_MS[attempt]
      payload.logger.warn({
        err: error,
        msg: `CDN purge of ${keys.join(' ')} failed${delay ? `; trying again in ${delay / 1000} s` : ''}`,
      })
      if (delay === undefined) return
      await new Promise((resolve) => setTimeout(resolve, delay).unref())
    }
  }
}

/**
 * Listens for the changes this instance commits and purges their keys, and for a change that names
 * its transaction the events lists the committed transaction altered (`transactionFacts.ts`, asked
 * on the same connection): on a connection of its own (a listening session cannot be pooled),
 * opened again after a second when it breaks. It
 * does not keep the process alive. A change committed while it is reconnecting is not purged;
 * the answers' `s-maxage` bounds how long such an answer is served.
 */
export function startPurgeListener(payload: Payload, purge: Purge): void {
  const pool = poolOf(payload)
  if (!pool) return
  const connect = async () => {
    // Payload closed its database: nothing more to listen for.
    if ((pool as { ending?: boolean }).ending) return
    const client = new pg.Client(pool.options as pg.ClientConfig)
    const retry = () => {
      client.removeAllListeners()
      client.end().catch(() => undefined)
      setTimeout(() => void connect(), 1_000).unref()
    }
    client.on('error', retry)
    client.on('notification', ({ channel, payload: message }) => {
      if (channel !== PURGE_CHANNEL || !message) return
      const { instance, item, keys, lists, txid } = JSON.parse(message) as Announcement
      if (instance !== thisInstance) return
      void (async () => {
        const told =
          typeof txid === 'string'
            ? await transactionKeys(client, txid, judgedCollections(payload))
            : null
        // A change of an item visitors cannot read purges only what can tell of it: the purge
        // would tell them when it was made.
        const tier = item ? told?.hidden.get(item) : undefined
        if (tier === TIERS.unseen) return
        const all =
          tier === TIERS.slug
            ? [slugLookUpsKey(item!.slice(0, item!.lastIndexOf(':')))]
            : [...new Set([...keys, ...(lists && told ? told.lists : [])])]
        if (all.length) await purgeWithRetries(payload, purge, all)
      })()
    })
    try {
      await client.connect()
      // The listening connection must not keep the process running once all else is done.
      ;(
        client as unknown as { connection?: { stream?: { unref?: () => void } } }
      ).connection?.stream?.unref?.()
      await client.query(`LISTEN ${PURGE_CHANNEL}`)
    } catch {
      retry()
    }
  }
  void connect()
}

/**
 * A purge for Varnish (with the xkey module) or any proxy that takes `PURGE` with the keys in
 * `Surrogate-Key` (docs/caching.md, "Behind a CDN"): one request per change, within 10 seconds.
 */
export function purgeByHttp(url: string): Purge {
  return async (keys) => {
    const response = await fetch(url, {
      headers: { 'Surrogate-Key': keys.join(' ') },
      method: 'PURGE',
      signal: AbortSignal.timeout(10_000),
    })
    await response.body?.cancel()
    if (!response.ok) throw new Error(`${url} answered ${response.status} to PURGE`)
  }
}
