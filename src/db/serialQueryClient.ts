import pg from 'pg'

/**
 * A `pg` client that sends its statements one after another: a statement asked for while an
 * earlier one is unanswered waits for it here instead of in the driver's queue, which `pg`
 * deprecates ("Calling client.query() when the client is already executing a query", removed in
 * pg@9). Payload sends statements side by side on a transaction's connection (its fields'
 * validations and a bulk update's or delete's documents run under `Promise.all`), and Postgres
 * answers one connection's statements in order anyway, so nothing runs slower.
 *
 * Given to the pool (`pool: { Client: SerialQueryClient }` of `postgresAdapter`), every pooled
 * connection is one. Only promise-style calls are chained; a call with a callback, or a
 * submittable (cursors, streams), goes straight to the driver as before.
 */
export class SerialQueryClient extends pg.Client {}

type Query = (this: pg.Client, ...args: unknown[]) => unknown

// The driver's own `query`, looked up at each call (a measurement may wrap it: `bench/create.ts`).
const send: Query = function (this: pg.Client, ...args: unknown[]) {
  return (pg.Client.prototype.query as unknown as Query).apply(this, args)
}
const tails = new WeakMap<pg.Client, Promise<unknown>>()
const settled = () => undefined

Object.defineProperty(SerialQueryClient.prototype, 'query', {
  configurable: true,
  writable: true,
  value: function query(this: pg.Client, ...args: unknown[]): unknown {
    const [config, values, callback] = args
    const promiseStyle = typeof values !== 'function' && typeof callback !== 'function' && typeof (config as { submit?: unknown } | null)?.submit !== 'function'
    if (!promiseStyle) return send.apply(this, args)
    const previous = tails.get(this)
    const result = previous ? previous.then(() => send.apply(this, args)) : (send.apply(this, args) as Promise<unknown>)
    const tail = (result as Promise<unknown>).then(settled, settled)
    tails.set(this, tail)
    // The last one in the chain clears it, so an idle connection holds nothing.
    void tail.then(() => {
      if (tails.get(this) === tail) tails.delete(this)
    })
    return result
  },
})
