import type pg from 'pg'

import { inlineParameters } from './inlineParameters'

/**
 * A `pg` client that sends its statements one after another: a statement asked for while an
 * earlier one is unanswered waits for it here instead of in the driver's queue, which `pg`
 * deprecates ("Calling client.query() when the client is already executing a query", removed in
 * pg@9). Payload sends statements side by side on a transaction's connection (its fields'
 * validations and a bulk update's or delete's documents run under `Promise.all`), and Postgres
 * answers one connection's statements in order anyway, so nothing runs slower.
 *
 * Built on the `pg` the adapter uses (its `pg` option, else its own dependency), so the plugin
 * needs no copy of its own. Only promise-style calls are chained; a call with a callback, or a
 * submittable (cursors, streams), goes straight to the driver as before.
 */
type PgModule = Pick<typeof pg, 'Client'> & {
  /** `pg`'s own quoting and its conversion of a parameter to what it sends. */
  escapeLiteral?: (text: string) => string
  utils?: { prepareValue?: (value: unknown) => unknown }
}
type Query = (this: pg.Client, ...args: unknown[]) => unknown
type QueryConfig = {
  name?: unknown
  queryMode?: unknown
  rows?: unknown
  text?: unknown
  values?: unknown
}
type Deferred = { text: string; values: readonly unknown[] }

const SERIAL = Symbol.for('payload-events-calendar.serialQueryClient')
const DEFER = Symbol.for('payload-events-calendar.serialQueryClient.defer')
const FLUSH = Symbol.for('payload-events-calendar.serialQueryClient.flush')
const FAILURE = Symbol.for('payload-events-calendar.serialQueryClient.failure')
const classes = new WeakMap<PgModule['Client'], typeof pg.Client>()

/** Whether pool clients of this class are serial ones. */
export const isSerialQueryClient = (Client: unknown): boolean =>
  typeof Client === 'function' && (Client as { [SERIAL]?: true })[SERIAL] === true

type Deferring = {
  [DEFER]: (text: string, values: readonly unknown[]) => void
  [FAILURE]: () => unknown
  [FLUSH]: () => Promise<void>
}

/**
 * Has a serial connection send `text` with the next statement it is asked for, in one message
 * (`deferStatement`): for a write whose answer no one reads, made in a transaction that goes on
 * (`deferredChildWrites.ts`). It keeps its place among the connection's statements; should it
 * fail, the statement it is sent with fails with its error, and the transaction with it. False
 * (nothing done) when `client` is not a serial connection: the caller then sends it itself.
 */
export function deferStatement(client: unknown, text: string, values: readonly unknown[]): boolean {
  const defer = (client as Partial<Deferring> | null)?.[DEFER]
  if (typeof defer !== 'function') return false
  defer.call(client, text, values)
  return true
}

/**
 * Sends what `deferStatement` left on `client` now, and waits for it: its error, if one fails, is
 * this call's.
 */
export async function sendDeferred(client: unknown): Promise<void> {
  const flush = (client as Partial<Deferring> | null)?.[FLUSH]
  if (typeof flush === 'function') await flush.call(client)
}

/**
 * The error of a deferred write that failed in the transaction `client` runs, whoever's statement
 * it was sent with (whose caller may have caught it); undefined when none did. Taken once: the
 * transaction's commit reports it (`deferredChildWrites.ts`), as Postgres answers the `commit` of
 * a transaction that failed with a rollback, not an error.
 */
export function takeDeferredFailure(client: unknown): unknown {
  const take = (client as Partial<Deferring> | null)?.[FAILURE]
  return typeof take === 'function' ? take.call(client) : undefined
}

/** What `pg` answers for a statement that sent nothing (a `begin` sent with the next statement). */
const unsentResult = (command: string) => ({
  command,
  fields: [],
  oid: null,
  rowCount: null,
  rows: [],
})

const BEGIN = /^\s*begin\s*;?\s*$/i
const ROLLBACK = /^\s*rollback\b/i

export function serialQueryClientOf(driver: PgModule): typeof pg.Client {
  const known = classes.get(driver.Client)
  if (known) return known
  const Base = driver.Client
  // The driver's own `query`, looked up at each call (a measurement may wrap it: `bench/create.ts`).
  const send: Query = function (this: pg.Client, ...args: unknown[]) {
    return (Base.prototype.query as unknown as Query).apply(this, args)
  }
  const literals =
    driver.escapeLiteral && driver.utils?.prepareValue
      ? { escapeLiteral: driver.escapeLiteral, prepareValue: driver.utils.prepareValue }
      : null
  const tails = new WeakMap<pg.Client, Promise<unknown>>()
  const deferred = new WeakMap<pg.Client, Deferred[]>()
  const settled = () => undefined
  const failures = new WeakMap<pg.Client, unknown>()
  /** Runs `work`, which sends deferred writes, keeping its error for the transaction's commit. */
  const recorded = async <T>(client: pg.Client, work: () => Promise<T>): Promise<T> => {
    try {
      return await work()
    } catch (error) {
      if (!failures.has(client)) failures.set(client, error)
      throw error
    }
  }
  /** Sends `pending` as one message when every part can be, else each as it was asked for. */
  const sendPending = (client: pg.Client, pending: Deferred[]) =>
    recorded(client, async () => {
      const parts = literals
        ? pending.map((item) => inlineParameters(item.text, item.values, literals))
        : []
      if (parts.length && parts.every((part) => part !== null))
        await send.call(client, { text: parts.join(';\n') })
      else
        for (const item of pending)
          await send.call(client, { text: item.text, values: [...item.values] })
    })

  /** Runs `step` after every statement asked for before it has been answered. */
  const inTurn = (client: pg.Client, step: () => unknown): Promise<unknown> => {
    const previous = tails.get(client)
    const result = previous ? previous.then(step) : (step() as Promise<unknown>)
    const tail = Promise.resolve(result).then(settled, settled)
    tails.set(client, tail)
    // The last one in the chain clears it, so an idle connection holds nothing.
    void tail.then(() => {
      if (tails.get(client) === tail) tails.delete(client)
    })
    return result as Promise<unknown>
  }

  /** Sends a statement with what was deferred before it, in one message when every part can be. */
  const sendWithDeferred = async (client: pg.Client, args: unknown[]): Promise<unknown> => {
    const pending = deferred.get(client)
    if (!pending?.length) return send.apply(client, args)
    deferred.delete(client)
    const [config, values] = args
    const query: QueryConfig =
      typeof config === 'string' ? { text: config } : (config as QueryConfig)
    const text = String(query.text ?? '')
    const params = (Array.isArray(values) ? values : query.values) as unknown[] | undefined
    // A rollback undoes what was deferred: nothing of it need be sent, nor the rollback when the
    // transaction's `begin` was never sent either.
    if (ROLLBACK.test(text) && !params?.length && !/savepoint/i.test(text))
      return pending.some((item) => BEGIN.test(item.text))
        ? unsentResult('ROLLBACK')
        : send.apply(client, args)
    const plain = !query.name && !query.rows && !query.queryMode
    const parts =
      literals && plain
        ? [...pending, { text, values: params ?? [] }].map((item) =>
            inlineParameters(item.text, item.values, literals),
          )
        : []
    if (parts.length && parts.every((part) => part !== null)) {
      const { values: _values, ...rest } = query
      const results = await recorded(
        client,
        () => send.call(client, { ...rest, text: parts.join(';\n') }) as Promise<unknown>,
      )
      return Array.isArray(results) ? results.at(-1) : results
    }
    // Not one message: each as it was asked for, in turn.
    await sendPending(client, pending)
    return send.apply(client, args)
  }

  class SerialQueryClient extends Base {
    static readonly [SERIAL] = true
  }
  Object.defineProperty(SerialQueryClient.prototype, DEFER, {
    configurable: true,
    value: function defer(this: pg.Client, text: string, values: readonly unknown[]) {
      void inTurn(this, () => {
        const pending = deferred.get(this) ?? []
        pending.push({ text, values })
        deferred.set(this, pending)
      })
    },
  })
  Object.defineProperty(SerialQueryClient.prototype, FLUSH, {
    configurable: true,
    value: function flush(this: pg.Client): Promise<unknown> {
      return inTurn(this, async () => {
        const pending = deferred.get(this)
        if (!pending?.length) return
        deferred.delete(this)
        await sendPending(this, pending)
      })
    },
  })
  Object.defineProperty(SerialQueryClient.prototype, FAILURE, {
    configurable: true,
    value: function take(this: pg.Client): unknown {
      const failure = failures.get(this)
      failures.delete(this)
      return failure
    },
  })
  Object.defineProperty(SerialQueryClient.prototype, 'query', {
    configurable: true,
    writable: true,
    value: function query(this: pg.Client, ...args: unknown[]): unknown {
      const [config, values, callback] = args
      const promiseStyle =
        typeof values !== 'function' &&
        typeof callback !== 'function' &&
        typeof (config as { submit?: unknown } | null)?.submit !== 'function'
      if (!promiseStyle) {
        // What was deferred goes first, as its own message.
        const pending = deferred.get(this)
        if (pending?.length) {
          deferred.delete(this)
          void sendPending(this, pending).catch(settled)
        }
        return send.apply(this, args)
      }
      const text = typeof config === 'string' ? config : (config as QueryConfig | null)?.text
      const params = Array.isArray(values) ? values : (config as QueryConfig | null)?.values
      // A transaction's `begin` goes with its first statement: it answers nothing anyone reads.
      if (
        literals &&
        typeof text === 'string' &&
        BEGIN.test(text) &&
        !(params as unknown[] | undefined)?.length
      )
        return inTurn(this, () => {
          // A new transaction: a failure kept from the last one is no longer anyone's.
          failures.delete(this)
          const pending = deferred.get(this) ?? []
          pending.push({ text, values: [] })
          deferred.set(this, pending)
          return unsentResult('BEGIN')
        })
      return inTurn(this, () => sendWithDeferred(this, args))
    },
  })
  classes.set(driver.Client, SerialQueryClient)
  return SerialQueryClient
}

type PoolingAdapter = { name?: string; pg?: PgModule; poolOptions?: { Client?: unknown } }

/**
 * Makes every connection of the adapter's pools (the primary's and the read replicas') a serial
 * one, unless the site gave its own `Client`. Runs on the adapter as `postgresAdapter` made it,
 * before it connects: `connect` makes its pools from `poolOptions` with its `pg`.
 */
export function serializeAdapterQueries(adapter: PoolingAdapter): void {
  if (adapter.name !== 'postgres' || !adapter.pg?.Client || adapter.poolOptions?.Client) return
  adapter.poolOptions = { ...adapter.poolOptions, Client: serialQueryClientOf(adapter.pg) }
}
