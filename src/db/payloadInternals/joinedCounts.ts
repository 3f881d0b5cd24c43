import type { Payload } from 'payload'

import { sql } from '@payloadcms/db-postgres'

import type { InitPatch } from './patch'

type CountArgs = {
  column?: unknown
  db: unknown
  joins: { condition: unknown; table: unknown; type?: string }[]
  tableName: string
  where: unknown
}
type QueryBuilder = Record<string, (...args: unknown[]) => QueryBuilder> &
  PromiseLike<{ count: unknown }[]>
type Adapter = {
  countDistinct?: ((args: CountArgs) => Promise<number>) & { [MENDED]?: true }
  name?: string
  tables?: Record<string, { id: unknown }>
}

const MENDED = Symbol('joined counts')

const adapterOf = (payload: Payload) => payload.db as unknown as Adapter

/**
 * Counts with joins (a search in translated fields, a filter on related items) as
 * `SELECT count(*) FROM (… GROUP BY id)`, the same number Payload's Postgres adapter gets with
 * `SELECT COUNT(1) OVER() … GROUP BY id LIMIT 1` (`@payloadcms/drizzle`, `countDistinct`). Its
 * `LIMIT 1` makes the planner pick the plan that yields a first row soonest, although the window
 * reads every row first: a search total walked every event through the primary key instead of
 * using the trigram indexes (`searchIndexes.ts`). Counts without joins are left to the adapter,
 * which already writes `count(*)`.
 */
function mendJoinedCounts(payload: Payload): void {
  const db = adapterOf(payload)
  if (db.name !== 'postgres' || typeof db.countDistinct !== 'function' || db.countDistinct[MENDED])
    return
  const original = db.countDistinct.bind(db)
  const mended = async (args: CountArgs) => {
    const table = db.tables?.[args.tableName]
    if (!args.joins.length || !table) return original(args)
    let query = (args.db as QueryBuilder)
      .select({ one: sql`1`.as('one') })
      .from(table)
      .where(args.where)
      .groupBy(args.column ?? table.id)
      .$dynamic()
    for (const { condition, table: joined, type } of args.joins)
      query = query[type ?? 'leftJoin']!(joined, condition)
    const [row] = await (args.db as QueryBuilder)
      .select({ count: sql`count(*)` })
      .from(query.as('counted'))
    return Number(row?.count ?? 0)
  }
  db.countDistinct = Object.assign(mended, { [MENDED]: true as const })
}

export const joinedCountsPatch: InitPatch = {
  name: 'joined-counts',
  stage: 'init',
  whenDisabled: false,
  reason:
    "counts with joins (searches, filters on related items) as count(*) of a grouped subquery instead of the adapter's COUNT(1) OVER() … LIMIT 1, whose plan ignores the search indexes",
  upstream: [
    // Where the adapter's window count comes from; no report of its plan found upstream.
    'https://github.com/payloadcms/payload/pull/11208',
    'https://github.com/payloadcms/payload/issues/6321',
  ],
  apply: mendJoinedCounts,
  verify: (payload) => {
    const db = adapterOf(payload)
    if (db.name !== 'postgres') return null
    if (typeof db.countDistinct !== 'function')
      return 'the Postgres adapter has no countDistinct any more'
    if (!db.tables || typeof db.tables !== 'object')
      return 'the Postgres adapter has no tables map any more'
    return db.countDistinct[MENDED] ? null : "the adapter's countDistinct is not the calendar's"
  },
}
