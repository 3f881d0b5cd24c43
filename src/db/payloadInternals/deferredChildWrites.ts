import type { Payload } from 'payload'

import { getTableConfig } from '@payloadcms/db-postgres/drizzle/pg-core'

import type { InitPatch } from './patch'

import { transactionSessionOf } from './adapter'
import {
  deferStatement,
  isSerialQueryClient,
  sendDeferred,
  takeDeferredFailure,
} from './serialQueryClient'

type Built = { toSQL: () => { params: unknown[]; sql: string } }
type Transaction = {
  delete: (table: unknown) => { where: (where: unknown) => Built }
  insert: (table: unknown) => { values: (values: unknown) => Built }
  session?: { client?: unknown }
}
type InsertArgs = {
  db: Transaction
  onConflictDoUpdate?: unknown
  tableName: string
  values: unknown
}
type DeleteArgs = { db: Transaction; tableName: string; where: unknown }
type Writer = ((args: { req?: unknown }) => Promise<unknown>) & { [DEFERRING]?: true }
type Commit = ((id: unknown) => Promise<void>) & { [DEFERRING]?: true }
type Adapter = Record<string, unknown> & {
  commitTransaction?: Commit
  sessions?: Record<string, { db?: Transaction }>
  deleteWhere?: ((args: DeleteArgs) => Promise<void>) & { [DEFERRING]?: true }
  insert?: ((args: InsertArgs) => Promise<unknown[]>) & { [DEFERRING]?: true }
  localesSuffix?: string
  name?: string
  relationshipsSuffix?: string
  tables?: Record<string, unknown>
}

const DEFERRING = Symbol('deferred child writes')

const adapterOf = (payload: Payload) => payload.db as unknown as Adapter

/** The serial connection of an open transaction (`db` is then Drizzle's transaction); null for the pool. */
function transactionClientOf(db: Transaction | null | undefined): unknown {
  const client = db?.session?.client
  return client && isSerialQueryClient((client as object).constructor) ? client : null
}

/**
 * The adapter's writes that save an item through `upsertRow` (@payloadcms/drizzle): a child
 * row's write is deferred only while one of them runs on its connection, and whatever is still
 * deferred when it returns (a save that does not read the item again) is sent before it does.
 * So nothing deferred outlives the write that made it: a transaction's `commit` never carries
 * one, whose error Payload's `commitTransaction` would not report.
 */
const SAVES = [
  'create',
  'createGlobal',
  'createGlobalVersion',
  'createVersion',
  'updateGlobal',
  'updateGlobalVersion',
  'updateMany',
  'updateOne',
  'updateVersion',
  'upsert',
]

/** How many of those writes are running on each connection. */
const savesRunning = new WeakMap<object, number>()

/**
 * Whether `tableName` holds an item's rows of one kind (its translations, relations, many texts
 * or numbers: `upsertRow` in @payloadcms/drizzle deletes and inserts them at each save, and reads
 * nothing they answer), with its parent table beside it.
 */
function isChildTable(db: Adapter, tableName: string): boolean {
  const suffixes = [
    db.localesSuffix ?? '_locales',
    db.relationshipsSuffix ?? '_rels',
    '_texts',
    '_numbers',
  ]
  const suffix = suffixes.find((end) => tableName.endsWith(end))
  return Boolean(suffix && db.tables?.[tableName] && db.tables[tableName.slice(0, -suffix.length)])
}

/**
 * Whether an insert of rows into this child table can fail only as no save expects it to (a link
 * to an item gone meanwhile, the database itself): no unique index but a translation's own one
 * (its parent and locale, whose rows the save deletes first, or whose parent it has just
 * created). A unique field's value is an error Payload reports from the insert itself, so a
 * table with one is written as before.
 */
const safeInserts = new Map<string, boolean>()
function insertsSafely(db: Adapter, tableName: string): boolean {
  const known = safeInserts.get(tableName)
  if (known !== undefined) return known
  const config = getTableConfig(db.tables![tableName] as never)
  const uniques = [
    ...config.indexes.filter((index) => index.config.unique).map((index) => index.config.columns),
    ...config.uniqueConstraints.map((constraint) => constraint.columns),
  ].map((columns) =>
    (columns as { name?: string }[])
      .map((column) => column.name)
      .sort()
      .join(),
  )
  const safe = uniques.every((columns) => columns === '_locale,_parent_id')
  safeInserts.set(tableName, safe)
  return safe
}

/**
 * A save of an item rewrites its child rows (translations, relations, texts, numbers) by a
 * delete and an insert each, in its transaction, and reads none of their answers: the save reads
 * the item again afterwards. These writes are sent with the transaction's next statement, in one
 * message (`deferStatement`), rather than one round trip each: the same statements in the same
 * order on the same connection, so the triggers on these tables (term counts, change log) see
 * each as before. Outside a transaction (no connection of its own), an insert that could break a
 * unique index, and every other table are written as before.
 */
function deferChildWrites(payload: Payload): void {
  const db = adapterOf(payload)
  if (db.name !== 'postgres' || !db.insert || !db.deleteWhere || db.insert[DEFERRING]) return
  const insert = db.insert
  const deleteWhere = db.deleteWhere
  db.deleteWhere = Object.assign(
    async function (this: Adapter, args: DeleteArgs) {
      const client = transactionClientOf(args.db)
      if (client && savesRunning.get(client as object) && isChildTable(db, args.tableName)) {
        const { params, sql } = args.db.delete(db.tables![args.tableName]).where(args.where).toSQL()
        if (deferStatement(client, sql, params)) return
      }
      return deleteWhere.call(this, args)
    },
    { [DEFERRING]: true as const },
  )
  db.insert = Object.assign(
    async function (this: Adapter, args: InsertArgs) {
      const client = transactionClientOf(args.db)
      if (
        client &&
        savesRunning.get(client as object) &&
        !args.onConflictDoUpdate &&
        isChildTable(db, args.tableName) &&
        insertsSafely(db, args.tableName)
      ) {
        const { params, sql } = args.db
          .insert(db.tables![args.tableName])
          .values(args.values)
          .toSQL()
        if (deferStatement(client, sql, params)) return []
      }
      return insert.call(this, args)
    },
    { [DEFERRING]: true as const },
  )
  // Postgres answers the `commit` of a transaction in which a deferred write failed with a
  // rollback (or fails it, when the write was sent with the commit), and Payload's
  // `commitTransaction` reports neither: its callers would acknowledge a write that is not kept.
  const commit = db.commitTransaction
  if (commit && !commit[DEFERRING])
    db.commitTransaction = Object.assign(
      async function (this: Adapter, incoming: unknown) {
        const id = incoming instanceof Promise ? await incoming : incoming
        const client = transactionClientOf(db.sessions?.[String(id)]?.db)
        await commit.call(this, id)
        const failure = client ? takeDeferredFailure(client) : undefined
        if (failure) throw failure
      },
      { [DEFERRING]: true as const },
    )
  for (const name of SAVES) {
    const save = db[name] as undefined | Writer
    if (typeof save !== 'function' || save[DEFERRING]) continue
    db[name] = Object.assign(
      async function (this: Adapter, args: { req?: unknown }) {
        const session = await transactionSessionOf(
          args?.req as Parameters<typeof transactionSessionOf>[0],
        )
        const client = transactionClientOf(session as Transaction | null) as null | object
        if (!client) return save.call(this, args)
        savesRunning.set(client, (savesRunning.get(client) ?? 0) + 1)
        let result: unknown
        try {
          result = await save.call(this, args)
        } catch (error) {
          // Sent as it would have been before the error; when the transaction is lost, so is this.
          await sendDeferred(client).catch(() => undefined)
          throw error
        } finally {
          const running = (savesRunning.get(client) ?? 1) - 1
          if (running > 0) savesRunning.set(client, running)
          else savesRunning.delete(client)
        }
        await sendDeferred(client)
        return result
      },
      { [DEFERRING]: true as const },
    )
  }
}

export const deferredChildWritesPatch: InitPatch = {
  name: 'deferred-child-writes',
  stage: 'init',
  whenDisabled: false,
  reason:
    "a save's rewrite of its child rows (translations, relations, texts, numbers: a delete and an insert each, whose answers Payload does not read) is sent with the transaction's next statement instead of a round trip each",
  upstream: [],
  apply: deferChildWrites,
  verify: (payload) => {
    const db = adapterOf(payload)
    if (db.name !== 'postgres') return null
    if (typeof db.insert !== 'function' || typeof db.deleteWhere !== 'function')
      return 'the Postgres adapter has no insert or deleteWhere any more'
    if (!db.tables || typeof db.tables !== 'object')
      return 'the Postgres adapter has no tables any more'
    const missing = SAVES.filter((name) => typeof db[name] !== 'function')
    if (missing.length) return `the Postgres adapter has no ${missing.join(', ')} any more`
    return db.insert[DEFERRING] &&
      db.deleteWhere[DEFERRING] &&
      db.commitTransaction?.[DEFERRING] &&
      SAVES.every((name) => (db[name] as Writer)[DEFERRING])
      ? null
      : "the adapter's insert and deleteWhere are not the calendar's"
  },
}
