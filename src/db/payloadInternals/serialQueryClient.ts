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
 *
 * A transaction's `begin`, whose answer no one reads, waits for the transaction's next statement
 * and goes in the same message (`withBegin`): one round trip fewer for every transaction. A
 * transaction that ends before sending anything sends nothing.
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

/**
 * The longest statement a `begin` is sent with, its parameters written in: a longer one (a save of
 * a long text) goes as it is, after the `begin` on its own, so that no large text is rewritten.
 */
export const MAX_STATEMENT_WITH_BEGIN = 16_384

const BEGIN = /^\s*begin\s*;?\s*$/i
const END = /^\s*(commit|rollback)\s*;?\s*$/i

/** What `pg` answers for a statement that sent nothing. */
const unsentResult = (command: string) => ({
  command,
  fields: [],
  oid: null,
  rowCount: null,
  rows: [],
})

const SERIAL = Symbol.for('payload-events-calendar.serialQueryClient')
const classes = new WeakMap<PgModule['Client'], typeof pg.Client>()

/** Whether pool clients of this class are serial ones. */
export const isSerialQueryClient = (Client: unknown): boolean =>
  typeof Client === 'function' && (Client as { [SERIAL]?: true })[SERIAL] === true

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
  /** The connections whose transaction's `begin` is not sent yet. */
  const beginning = new WeakSet<pg.Client>()
  const settled = () => undefined

  /**
   * The statement `args` asks for, sent with the `begin` kept back before it: in one message (the
   * simple query protocol, which takes no parameters, so they are written in as `pg` would send
   * them, `inlineParameters.ts`) when it can be, else the `begin` first on its own. A `commit` or
   * `rollback` of a transaction that sent nothing is not sent either.
   */
  const withBegin = async (client: pg.Client, args: unknown[]): Promise<unknown> => {
    beginning.delete(client)
    const [config, values] = args
    const query: QueryConfig =
      typeof config === 'string' ? { text: config } : (config as QueryConfig)
    const text = typeof query?.text === 'string' ? query.text : null
    const params = (Array.isArray(values) ? values : query?.values) as unknown[] | undefined
    const end = text !== null && !params?.length ? END.exec(text) : null
    if (end) return unsentResult(end[1]!.toUpperCase())
    const plain = text !== null && !query.name && !query.rows && !query.queryMode
    const inlined =
      literals && plain && text.length <= MAX_STATEMENT_WITH_BEGIN
        ? inlineParameters(text, params, literals)
        : null
    if (inlined === null || inlined.length > MAX_STATEMENT_WITH_BEGIN) {
      await send.call(client, 'begin')
      return send.apply(client, args)
    }
    const { values: _values, ...rest } = query
    const results = await send.call(client, { ...rest, text: `begin;\n${inlined}` })
    // One answer per statement: the `begin`'s, then the statement's.
    return Array.isArray(results) ? results.at(-1) : results
  }

  class SerialQueryClient extends Base {
    static readonly [SERIAL] = true
  }
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
        // A kept `begin` goes first: the driver's queue keeps the order.
        if (beginning.delete(this))
          void (send.call(this, 'begin') as Promise<unknown>).catch(settled)
        return send.apply(this, args)
      }
      const text = typeof config === 'string' ? config : (config as QueryConfig | null)?.text
      const params = Array.isArray(values) ? values : (config as QueryConfig | null)?.values
      const keepBegin =
        literals !== null &&
        typeof text === 'string' &&
        BEGIN.test(text) &&
        !(params as unknown[] | undefined)?.length
      const step = keepBegin
        ? () => {
            // Sent with the transaction's next statement (`withBegin`).
            beginning.add(this)
            return Promise.resolve(unsentResult('BEGIN'))
          }
        : () =>
            beginning.has(this)
              ? withBegin(this, args)
              : (send.apply(this, args) as Promise<unknown>)
      const previous = tails.get(this)
      const result = previous ? previous.then(step) : step()
      const tail = result.then(settled, settled)
      tails.set(this, tail)
      // The last one in the chain clears it, so an idle connection holds nothing.
      void tail.then(() => {
        if (tails.get(this) === tail) tails.delete(this)
      })
      return result
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
