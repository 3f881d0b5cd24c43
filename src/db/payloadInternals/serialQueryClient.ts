import type pg from 'pg'

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
type PgModule = Pick<typeof pg, 'Client'>
type Query = (this: pg.Client, ...args: unknown[]) => unknown

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
  const tails = new WeakMap<pg.Client, Promise<unknown>>()
  const settled = () => undefined

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
      if (!promiseStyle) return send.apply(this, args)
      const previous = tails.get(this)
      const result = previous
        ? previous.then(() => send.apply(this, args))
        : (send.apply(this, args) as Promise<unknown>)
      const tail = (result as Promise<unknown>).then(settled, settled)
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
