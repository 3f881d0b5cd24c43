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
 * and goes in the same message (`withKept`): one round trip fewer for every transaction. A
 * transaction that ends before sending anything sends nothing. A statement whose answer is not
 * needed at once may wait likewise (`keepForNextStatement`): it goes in one message before the
 * connection's next statement, or alone when its answer is asked for first.
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
const KEEP_FOR_NEXT = Symbol.for('payload-events-calendar.keepForNextStatement')

/** A statement's answer, as `pg` gives it (rows as objects). */
export type KeptResult = { fields?: { name: string }[]; rows: Record<string, unknown>[] }
/** A statement kept for the connection's next one: its answer, and a way to send it now. */
export type KeptStatement = { flush: () => void; result: Promise<KeptResult> }
type Rider = {
  reject: (error: unknown) => void
  resolve: (result: KeptResult) => void
  text: string
}

/**
 * Keeps `text` (its parameters written in) to go in one message before the next statement sent on
 * `client`, in the order statements were asked for; `flush` sends it on its own if it has not
 * gone yet. Its rows are read with the next statement's row mode (made objects again) and type
 * parsers, so it should select only what every parser reads alike (text, json). Null when the
 * client is not a serial one or the statement cannot be written so: then send it as usual.
 */
export function keepForNextStatement(
  client: unknown,
  text: string,
  values: readonly unknown[],
): KeptStatement | null {
  const keep = (client as Record<symbol, unknown> | null)?.[KEEP_FOR_NEXT]
  return typeof keep === 'function'
    ? (keep as (text: string, values: readonly unknown[]) => KeptStatement | null).call(
        client,
        text,
        values,
      )
    : null
}

/** A result's rows as objects, when a statement sent with others was read in array mode. */
function asObjects(result: unknown, arrayMode: boolean): KeptResult {
  const { fields = [], rows = [] } = (result ?? {}) as {
    fields?: { name: string }[]
    rows?: unknown[]
  }
  return {
    fields,
    rows: arrayMode
      ? rows.map((row) =>
          Object.fromEntries(fields.map((field, index) => [field.name, (row as unknown[])[index]])),
        )
      : (rows as Record<string, unknown>[]),
  }
}
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
  /** The statements kept for each connection's next statement, in order. */
  const riders = new WeakMap<pg.Client, Rider[]>()
  const settled = () => undefined

  /** Runs `step` after every statement asked for before it on `client`. */
  const enqueue = <T>(client: pg.Client, step: () => Promise<T>): Promise<T> => {
    const previous = tails.get(client)
    const result = previous ? previous.then(step) : step()
    const tail = result.then(settled, settled)
    tails.set(client, tail)
    // The last one in the chain clears it, so an idle connection holds nothing.
    void tail.then(() => {
      if (tails.get(client) === tail) tails.delete(client)
    })
    return result
  }

  const takeRiders = (client: pg.Client): Rider[] => {
    const kept = riders.get(client) ?? []
    riders.delete(client)
    return kept
  }

  /**
   * Sends kept statements each on its own, in order (before a statement they cannot go with); the
   * first failure, if one failed (the transaction is then aborted).
   */
  const sendAlone = async (
    client: pg.Client,
    kept: Rider[],
  ): Promise<null | { error: unknown }> => {
    let failure: null | { error: unknown } = null
    for (const rider of kept) {
      try {
        rider.resolve(asObjects(await send.call(client, rider.text), false))
      } catch (error) {
        failure ??= { error }
        rider.reject(error)
      }
    }
    return failure
  }

  /**
   * The statement `args` asks for, sent with the `begin` and the statements kept back before it:
   * in one message (the simple query protocol, which takes no parameters, so they are written in
   * as `pg` would send them, `inlineParameters.ts`) when it can be, else those first, each on its
   * own. A `commit` or `rollback` of a transaction that sent nothing is not sent either; one that
   * did is sent on its own, after the statements kept (which, failing, must not keep it back).
   */
  const withKept = async (client: pg.Client, args: unknown[], kept: Rider[]): Promise<unknown> => {
    const begin = beginning.delete(client)
    const [config, values] = args
    const query: QueryConfig =
      typeof config === 'string' ? { text: config } : (config as QueryConfig)
    const text = typeof query?.text === 'string' ? query.text : null
    const params = (Array.isArray(values) ? values : query?.values) as unknown[] | undefined
    const end = text !== null && !params?.length ? END.exec(text) : null
    if (end && begin && !kept.length) return unsentResult(end[1]!.toUpperCase())
    const plain = text !== null && !query.name && !query.rows && !query.queryMode
    const inlined =
      !end && literals && plain && text.length <= MAX_STATEMENT_WITH_BEGIN
        ? inlineParameters(text, params, literals)
        : null
    if (inlined === null || inlined.length > MAX_STATEMENT_WITH_BEGIN) {
      if (begin) await send.call(client, 'begin')
      const failure = await sendAlone(client, kept)
      // A kept statement failed, so the transaction is aborted: the statement after it fails with
      // that cause, not Postgres's "transaction is aborted", and a commit, which Postgres would
      // answer by rolling back without an error, rolls back and fails.
      if (failure && end?.[1]!.toLowerCase() !== 'rollback') {
        if (end) await send.call(client, 'rollback')
        throw failure.error
      }
      return send.apply(client, args)
    }
    const { values: _values, ...rest } = query
    const before = [...(begin ? ['begin'] : []), ...kept.map((rider) => rider.text)]
    let results: unknown
    try {
      results = await send.call(client, { ...rest, text: `${before.join(';\n')};\n${inlined}` })
    } catch (error) {
      for (const rider of kept) rider.reject(error)
      throw error
    }
    // One answer per statement: the `begin`'s, the kept ones', then the statement's.
    const answers = Array.isArray(results) ? results : [results]
    const arrayMode = (rest as { rowMode?: unknown }).rowMode === 'array'
    kept.forEach((rider, index) =>
      rider.resolve(asObjects(answers[(begin ? 1 : 0) + index], arrayMode)),
    )
    return answers.at(-1)
  }

  class SerialQueryClient extends Base {
    static readonly [SERIAL] = true
  }
  Object.defineProperty(SerialQueryClient.prototype, KEEP_FOR_NEXT, {
    configurable: true,
    writable: true,
    value: function keep(
      this: pg.Client,
      text: string,
      values: readonly unknown[],
    ): KeptStatement | null {
      const inlined =
        literals && text.length <= MAX_STATEMENT_WITH_BEGIN
          ? inlineParameters(text, values, literals)
          : null
      if (inlined === null || inlined.length > MAX_STATEMENT_WITH_BEGIN) return null
      let rider!: Rider
      const result = new Promise<KeptResult>((resolve, reject) => {
        rider = { reject, resolve, text: inlined }
      })
      // Read by whoever asks for it; a failure no one asks for is the next statement's too.
      result.catch(settled)
      const kept = riders.get(this) ?? []
      kept.push(rider)
      riders.set(this, kept)
      const flush = () => {
        const waiting = riders.get(this)
        const at = waiting?.indexOf(rider) ?? -1
        if (at < 0) return
        waiting!.splice(at, 1)
        void enqueue(this, async () => {
          if (beginning.delete(this)) await send.call(this, 'begin')
          await sendAlone(this, [rider])
        }).catch(settled)
      }
      return { flush, result }
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
        // A kept `begin` and kept statements go first: the driver's queue keeps the order.
        if (beginning.delete(this))
          void (send.call(this, 'begin') as Promise<unknown>).catch(settled)
        for (const rider of takeRiders(this))
          void (send.call(this, rider.text) as Promise<unknown>).then(
            (result) => rider.resolve(asObjects(result, false)),
            rider.reject,
          )
        return send.apply(this, args)
      }
      const text = typeof config === 'string' ? config : (config as QueryConfig | null)?.text
      const params = Array.isArray(values) ? values : (config as QueryConfig | null)?.values
      // The statements kept until now go before this one (those kept later, after it).
      const kept = takeRiders(this)
      const keepBegin =
        !kept.length &&
        literals !== null &&
        typeof text === 'string' &&
        BEGIN.test(text) &&
        !(params as unknown[] | undefined)?.length
      const step = keepBegin
        ? () => {
            // Sent with the transaction's next statement (`withKept`).
            beginning.add(this)
            return Promise.resolve(unsentResult('BEGIN'))
          }
        : () =>
            beginning.has(this) || kept.length
              ? withKept(this, args, kept)
              : (send.apply(this, args) as Promise<unknown>)
      return enqueue(this, step)
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
