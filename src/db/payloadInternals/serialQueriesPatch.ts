import type { AdapterPatch } from './patch'

import { poolOf } from './adapter'
import { isSerialQueryClient, serializeAdapterQueries } from './serialQueryClient'

export const serialQueriesPatch: AdapterPatch = {
  name: 'serial-queries',
  stage: 'adapter',
  whenDisabled: true,
  reason:
    "each pooled connection sends its statements one at a time, although Payload sends some side by side in a transaction, which pg deprecates and pg@9 refuses; a transaction's begin, and a statement kept for the next one (an update's read of its stored child rows), go in one message with the next statement",
  upstream: ['https://github.com/brianc/node-postgres/pull/3603'],
  apply: (adapter) => serializeAdapterQueries(adapter as never),
  verify: (payload) => {
    const db = payload.db as unknown as { name?: string; pg?: { Client?: unknown } }
    const pool = poolOf(payload) as unknown as { Client?: unknown } | null
    if (db.name !== 'postgres') return null
    if (!pool) return 'the Postgres adapter has no pool'
    if (!db.pg?.Client) return 'the Postgres adapter no longer keeps the pg it connects with'
    // A site's own Client is left as it is.
    if (pool.Client !== db.pg.Client && !isSerialQueryClient(pool.Client)) return null
    if (!isSerialQueryClient(pool.Client))
      return "the pool's connections are pg's own Client, not the serial one (the adapter's poolOptions or pg option moved)"
    const pg = db.pg as { escapeLiteral?: unknown; utils?: { prepareValue?: unknown } }
    if (typeof pg.escapeLiteral !== 'function' || typeof pg.utils?.prepareValue !== 'function')
      return "pg no longer exports escapeLiteral and utils.prepareValue: a transaction's begin and kept statements are sent on their own"
    return null
  },
}
