import type { Payload } from 'payload'

import { sql } from '@payloadcms/db-postgres'

type CountArgs = { column?: unknown; db: unknown; joins: { condition: unknown; table: unknown; type?: string }[]; tableName: string; where: unknown }
type QueryBuilder = Record<string, (...args: unknown[]) => QueryBuilder> & PromiseLike<{ count: unknown }[]>
type Adapter = {
  countDistinct?: (args: CountArgs) => Promise<number>
  name?: string
  tables?: Record<string, { id: unknown }>
}

const MENDED = Symbol('joined counts')

/**
 * Counts with joins (a search in translated fields, a filter on related items) as
 * `SELECT count(*) FROM (… GROUP BY id)`, the same number Payload's Postgres adapter gets with
 * `SELECT COUNT(1) OVER() … GROUP BY id LIMIT 1` (`@payloadcms/drizzle`, `countDistinct`). Its
 * `LIMIT 1` makes the planner pick the plan that yields a first row soonest, although the window
 * reads every row first: at 10,000 events a search total walked every event through the
 * primary key (about 100 ms) instead of using the trigram indexes (`searchIndexes.ts`; about
 * 25 ms). Counts without joins are left to the adapter, which already writes `count(*)`.
 */
export function mendJoinedCounts(payload: Payload): void {
  const db = payload.db as unknown as Adapter & { [MENDED]?: true }
  if (db.name !== 'postgres' || typeof db.countDistinct !== 'function' || db[MENDED]) return
  const original = db.countDistinct.bind(db)
  db[MENDED] = true
  db.countDistinct = async (args) => {
    const table = db.tables?.[args.tableName]
    if (!args.joins.length || !table) return original(args)
    let query = (args.db as QueryBuilder)
      .select({ one: sql`1`.as('one') })
      .from(table)
      .where(args.where)
      .groupBy(args.column ?? table.id)
      .$dynamic()
    for (const { condition, table: joined, type } of args.joins) query = query[type ?? 'leftJoin']!(joined, condition)
    const [row] = await (args.db as QueryBuilder).select({ count: sql`count(*)` }).from(query.as('counted'))
    return Number(row?.count ?? 0)
  }
}
