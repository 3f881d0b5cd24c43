import type { Pool } from 'pg'
import type { Payload, PayloadRequest } from 'payload'

/*
 * The one place that reads what Payload's Postgres adapter (`@payloadcms/db-postgres` on
 * `@payloadcms/drizzle`) keeps to itself: its pool, its Drizzle database, its transactions'
 * sessions, its table names, its push setting. Everything else asks here instead of casting
 * `payload.db`, so an upgrade that renames one of them breaks in one file, and the registry's
 * `adapter-state` entry says so at start (`missingAdapterState` below).
 */

/** Where the calendar's own SQL runs: Drizzle's database or a transaction of it. */
export type SqlQuerier = {
  execute: (query: unknown) => Promise<{ rows: Record<string, unknown>[] }>
}

/** Payload's Drizzle database (the primary, with read replicas), which can open transactions. */
export type Drizzle = SqlQuerier & {
  transaction?: <T>(work: (tx: SqlQuerier) => Promise<T>) => Promise<T>
}

/** What the calendar reads of the adapter; every property private to it. */
type AdapterState = {
  drizzle?: Drizzle
  name?: string
  pool?: Pool
  push?: boolean
  /** Open transactions by id (`beginTransaction`), each with the Drizzle session it runs on. */
  sessions?: Record<string, { db?: SqlQuerier }>
  tableNameMap?: Map<string, string>
}

const stateOf = (payload: Pick<Payload, 'db'> | undefined) =>
  payload?.db as unknown as AdapterState | undefined

/**
 * The Postgres pool, for the few things Payload's own API has no word for (advisory locks, the
 * password guard's table, readiness probes). Null with another database adapter.
 */
export function poolOf(payload: Pick<Payload, 'db'> | undefined): null | Pool {
  return stateOf(payload)?.pool ?? null
}

/** The Drizzle database, for SQL written with the adapter's `sql`. Null with another database adapter. */
export function drizzleOf(payload: Pick<Payload, 'db'>): Drizzle | null {
  const db = stateOf(payload)
  return db?.name === 'postgres' && db.drizzle ? db.drizzle : null
}

/** `drizzleOf` for code that cannot do without Postgres: says so instead of returning null. */
export function requireDrizzle(payload: Pick<Payload, 'db'>): Drizzle {
  const drizzle = drizzleOf(payload)
  if (!drizzle) {
    throw new Error(
      `events calendar: its database pieces need Payload's Postgres adapter (@payloadcms/db-postgres), not ${stateOf(payload)?.name ?? 'this one'}`,
    )
  }
  return drizzle
}

/**
 * The Drizzle session of the request's transaction (as the adapter's own `getTransaction`
 * finds it), so that SQL of the calendar's sees and takes part in the request's writes; null
 * outside a transaction or with another adapter.
 */
export async function transactionSessionOf(
  req: Pick<PayloadRequest, 'payload' | 'transactionID'> | undefined,
): Promise<SqlQuerier | null> {
  const id = req?.transactionID ? await req.transactionID : undefined
  if (id === undefined || id === null) return null
  return stateOf(req!.payload)?.sessions?.[String(id)]?.db ?? null
}

/** The request's transaction when it has one, else the Drizzle database; null with another adapter. */
export async function querierFor(
  payload: Pick<Payload, 'db'>,
  req: Pick<PayloadRequest, 'payload' | 'transactionID'> | undefined,
): Promise<SqlQuerier | null> {
  const drizzle = drizzleOf(payload)
  if (!drizzle) return null
  return (await transactionSessionOf(req)) ?? drizzle
}

/** The table of collection `slug` (the adapter's `tableNameMap`, by the slug in snake case). */
export function tableNameOf(payload: Pick<Payload, 'db'>, slug: string): string {
  const snake = slug.replace(/-/g, '_')
  return stateOf(payload)?.tableNameMap?.get(snake) ?? snake
}

/**
 * Whether the adapter pushed the collections' schema when it connected (development): the same
 * condition as `connect` in @payloadcms/db-postgres, where `push` left unset means yes.
 */
export function pushesSchema(db: Payload['db'] | object): boolean {
  const { push } = db as AdapterState
  return (
    push !== false &&
    process.env.NODE_ENV !== 'production' &&
    process.env.PAYLOAD_MIGRATING !== 'true'
  )
}

/** What of the state above a connected Postgres adapter lacks, by name; empty when all is there. */
export function missingAdapterState(payload: Pick<Payload, 'db'>): string[] {
  const db = stateOf(payload)
  if (db?.name !== 'postgres') return []
  const missing: string[] = []
  if (!db.pool || typeof db.pool.connect !== 'function') missing.push('pool')
  if (!db.drizzle || typeof db.drizzle.execute !== 'function') missing.push('drizzle')
  if (!db.sessions || typeof db.sessions !== 'object') missing.push('sessions')
  if (!(db.tableNameMap instanceof Map)) missing.push('tableNameMap')
  return missing
}
