import type { Payload, PayloadRequest } from 'payload'

import { sql } from '@payloadcms/db-postgres'

import type { InitPatch } from './patch'

import { transactionSessionOf } from './adapter'
import { keepForNextStatement, type KeptStatement } from './serialQueryClient'

/*
 * Payload's adapter saves an item by writing its row and then, for each of its child tables of
 * relations and repeated texts (`{table}_rels`, `_texts`; `_numbers` likewise), deleting
 * the item's rows of the paths it writes and inserting them anew (`upsertRow` in
 * @payloadcms/drizzle): two statements per table on every save, also when they did not change
 * (a rename). Here, during an update of one item by id in a transaction, a child table's delete
 * is held back until its insert comes: when the rows it would delete, as stored, are the rows the
 * insert writes (every column but the id), neither is sent. Otherwise, and before any other
 * statement on the transaction's connection, the delete is sent as it was. The stored rows are
 * read once, in one statement for every child table of the item: with the delete of the item's
 * translations, which the save sends first (`upsertRow` deletes them all and inserts them again),
 * or at the first held delete when there is none. That statement, whose answer is needed only at
 * the first held delete, goes in one message with the save's next statement (its translations'
 * insert: `keepForNextStatement`, serialQueryClient.ts), or on its own when it cannot.
 */

type Column = { hasDefault?: boolean; name: string }
type Table = Record<string | symbol, unknown>
type Where = unknown
type Session = {
  delete: (table: Table) => { where: (where: Where) => Promise<unknown> & { getSQL: () => Where } }
  dialect?: { sqlToQuery: (query: Where) => { params: unknown[]; sql: string } }
  execute: (query: unknown) => Promise<{ rows: Record<string, unknown>[] }>
  session?: { client?: PgClient }
}
type PgClient = Record<string, unknown> & { query: (...args: unknown[]) => unknown }
type DeleteArgs = { db: Session; tableName: string; where: Where }
type InsertArgs = {
  db: Session
  onConflictDoUpdate?: unknown
  tableName: string
  values: Record<string, unknown> | Record<string, unknown>[]
}
type UpdateOneArgs = Record<string, unknown> & {
  collection?: string
  id?: unknown
  req?: PayloadRequest
  where?: unknown
}
type Adapter = {
  deleteWhere: ((this: Adapter, args: DeleteArgs) => Promise<void>) & { [HOLDING]?: true }
  insert: (this: Adapter, args: InsertArgs) => Promise<unknown[]>
  localesSuffix?: string
  name?: string
  relationshipsSuffix?: string
  tableNameMap?: Map<string, string>
  tables?: Record<string, Table>
  updateOne: (this: Adapter, args: UpdateOneArgs) => Promise<unknown>
}

const HOLDING = Symbol('unchanged children')
/** Drizzle's key for a table's columns (`drizzle-orm/table`). */
const COLUMNS = Symbol.for('drizzle:Columns')

/** One update's state on its transaction's session. */
type Update = {
  parent: number | string
  /** The item's child tables, by name, with the stored rows once read. */
  tables: Map<string, { columns: Record<string, Column>; stored?: Record<string, unknown>[] }>
  /** Deletes held back, all of one table. */
  held: { tableName: string; wheres: Where[] } | null
  /** Whether the stored rows have been read, or asked for. */
  read: boolean
  /** Their read, kept to go with the next statement, until it is answered. */
  reading?: { done: Promise<void>; kept: KeptStatement }
  /** The item's translations table and its column of the item, whose delete the read goes with. */
  locales: null | { parent: string; table: string }
}
const updates = new WeakMap<Session, Update>()

const columnsOf = (table: Table | undefined): null | Record<string, Column> => {
  const columns = table?.[COLUMNS]
  if (!columns || typeof columns !== 'object') return null
  const all = columns as Record<string, Column>
  return Object.values(all).every((column) => typeof column?.name === 'string') ? all : null
}

/** The child tables of `tableName` this handles, with their columns; those with a `parent` column. */
function childTables(db: Adapter, tableName: string): Update['tables'] {
  const tables: Update['tables'] = new Map()
  // Not `_numbers`: a numeric column's value as JSON loses its scale (1.00 reads as 1), so
  // "the same" could not be told exactly.
  for (const suffix of [db.relationshipsSuffix ?? '_rels', '_texts']) {
    const name = `${tableName}${suffix}`
    const columns = columnsOf(db.tables?.[name])
    if (columns?.parent && columns.path && columns.id) tables.set(name, { columns })
  }
  return tables
}

/**
 * Reads the item's rows of every child table, in one statement; with `deleting`, a delete sent in
 * the same statement (a data-modifying `WITH`, which runs to its end whatever the read does).
 */
function storedRead(update: Update, deleting?: Where) {
  const names = [...update.tables.keys()]
  return sql`${deleting ? sql`WITH "deleted" AS (${deleting}) ` : sql``}SELECT ${sql.join(
    names.map(
      (name, index) =>
        sql`(SELECT coalesce(json_agg(row_to_json("child")), '[]'::json) FROM ${sql.identifier(name)} AS "child"
            WHERE "child".${sql.identifier(update.tables.get(name)!.columns.parent!.name)} = ${update.parent}) AS ${sql.identifier(`t${index}`)}`,
    ),
    sql`, `,
  )}`
}

function keepStored(update: Update, rows: Record<string, unknown>[]): void {
  const names = [...update.tables.keys()]
  const [row] = rows
  names.forEach((name, index) => {
    const stored = row?.[`t${index}`]
    if (Array.isArray(stored)) update.tables.get(name)!.stored = stored as Record<string, unknown>[]
  })
}

async function readStored(session: Session, update: Update, deleting?: Where): Promise<void> {
  update.read = true
  const { rows } = await session.execute(storedRead(update, deleting))
  keepStored(update, rows)
}

/**
 * The read and the translations' delete, kept to go with the transaction's next statement; false
 * when the connection cannot keep them, and the caller sends them at once.
 */
function readWithNextStatement(session: Session, update: Update, deleting: Where): boolean {
  const client = session.session?.client
  const query = session.dialect?.sqlToQuery(storedRead(update, deleting))
  const kept = client && query ? keepForNextStatement(client, query.sql, query.params) : null
  if (!kept) return false
  update.read = true
  const done = kept.result.then(({ rows }) => keepStored(update, rows))
  done.catch(() => undefined)
  update.reading = { done, kept }
  return true
}

/** Waits for the stored rows: sent now if still kept, or read now if never asked for. */
async function storedRows(session: Session, update: Update): Promise<void> {
  if (update.reading) {
    update.reading.kept.flush()
    return update.reading.done
  }
  if (!update.read) await readStored(session, update)
}

/**
 * The paths a held delete removes, when it is `upsertRow`'s delete of the item's rows by path
 * (`deleteExistingRowsByPath`): null for any other.
 */
function deletedPaths(session: Session, update: Update, tableName: string, where: Where) {
  const query = session.dialect?.sqlToQuery(where)
  if (!query) return null
  const { columns } = update.tables.get(tableName)!
  const column = (key: string) => `"${tableName}"."${columns[key]!.name}"`
  const head = `(${column('parent')} = $1 and ${column('path')} in (`
  if (!query.sql.startsWith(head) || !query.sql.endsWith('))')) return null
  const placeholders = query.sql.slice(head.length, -2).split(', ')
  const expected = query.params.slice(1).map((_, index) => `$${index + 2}`)
  if (placeholders.join(', ') !== expected.join(', ')) return null
  if (String(query.params[0]) !== String(update.parent)) return null
  if (!query.params.slice(1).every((path) => typeof path === 'string')) return null
  return new Set(query.params.slice(1) as string[])
}

/** Whether `where` is `upsertRow`'s delete of every translation of the item (`_parent_id` = the item). */
function deletesTranslations(session: Session, update: Update, tableName: string, where: Where) {
  const query = session.dialect?.sqlToQuery(where)
  return (
    !!query &&
    !!update.locales &&
    tableName === update.locales.table &&
    query.sql === `"${tableName}"."${update.locales.parent}" = $1` &&
    query.params.length === 1 &&
    String(query.params[0]) === String(update.parent)
  )
}

const same = (stored: unknown, written: unknown) =>
  (stored === null && (written === null || written === undefined)) ||
  (stored !== null && typeof stored !== 'object' && stored === written)

/**
 * Whether inserting `values` after the held deletes leaves the table as it is: the rows those
 * deletes remove, as stored, are `values`, column by column but the id, as many of each.
 */
function unchanged(session: Session, update: Update, tableName: string, values: unknown[]) {
  const table = update.tables.get(tableName)!
  const held = update.held!
  if (!table.stored) return false
  const paths = new Set<string>()
  for (const where of held.wheres) {
    const some = deletedPaths(session, update, tableName, where)
    if (!some) return false
    for (const path of some) paths.add(path)
  }
  const columns = Object.entries(table.columns).filter(([key]) => key !== 'id')
  const pathColumn = table.columns.path!.name
  const removed = table.stored.filter((row) => paths.has(row[pathColumn] as string))
  if (removed.length !== values.length) return false
  const left = [...removed]
  for (const value of values) {
    if (!value || typeof value !== 'object') return false
    const written = value as Record<string, unknown>
    // A column the insert leaves out takes its default, which this does not know.
    if (columns.some(([key, column]) => written[key] === undefined && column.hasDefault))
      return false
    const unknown = (key: string) =>
      key !== 'id' && written[key] !== undefined && !table.columns[key]
    if (Object.keys(written).some(unknown)) return false
    const match = left.findIndex((row) =>
      columns.every(([key, column]) => same(row[column.name], written[key])),
    )
    if (match < 0) return false
    left.splice(match, 1)
  }
  return true
}

/** Sends the held deletes, as the adapter would have. */
async function sendHeld(adapter: Adapter, session: Session, update: Update): Promise<void> {
  const held = update.held
  if (!held) return
  update.held = null
  unhook(session)
  for (const where of held.wheres)
    await session.delete(adapter.tables![held.tableName]!).where(where)
}

/**
 * Until the held deletes are sent, any other statement on the transaction's connection (the
 * save's read back, the commit) sends them first.
 */
const hooked = new WeakMap<PgClient, PropertyDescriptor | undefined>()
function hook(adapter: Adapter, session: Session, update: Update): void {
  const client = session.session?.client
  if (!client || hooked.has(client)) return
  hooked.set(client, Object.getOwnPropertyDescriptor(client, 'query'))
  const query = client.query
  client.query = function (this: unknown, ...args: unknown[]) {
    const send = sendHeld(adapter, session, update)
    return send.then(() => query.apply(client, args))
  }
}
function unhook(session: Session): void {
  const client = session.session?.client
  if (!client || !hooked.has(client)) return
  const own = hooked.get(client)
  hooked.delete(client)
  if (own) Object.defineProperty(client, 'query', own)
  else delete (client as Partial<PgClient>).query
}

function holdChildRewrites(payload: Payload): void {
  const db = payload.db as unknown as Adapter
  if (db.name !== 'postgres' || db.deleteWhere?.[HOLDING]) return
  const { deleteWhere, insert, updateOne } = db
  const children = new Map<string, Update['tables']>()

  db.updateOne = async function (this: Adapter, args: UpdateOneArgs) {
    const id = args.id
    const tableName = args.collection
      ? db.tableNameMap?.get(args.collection.replace(/-/g, '_'))
      : undefined
    const session = (await transactionSessionOf(args.req)) as null | Session
    if (
      (typeof id !== 'number' && typeof id !== 'string') ||
      args.where ||
      !tableName ||
      !session ||
      updates.has(session) ||
      !session.session?.client ||
      !session.dialect
    )
      return updateOne.call(this, args)
    if (!children.has(tableName)) children.set(tableName, childTables(db, tableName))
    const tables = children.get(tableName)!
    if (!tables.size) return updateOne.call(this, args)
    const locales = `${tableName}${db.localesSuffix ?? '_locales'}`
    const localeParent = columnsOf(db.tables?.[locales])?._parentID?.name
    const update: Update = {
      held: null,
      locales: localeParent ? { parent: localeParent, table: locales } : null,
      parent: id,
      read: false,
      tables: new Map([...tables].map(([name, { columns }]) => [name, { columns }])),
    }
    updates.set(session, update)
    try {
      return await updateOne.call(this, args)
    } finally {
      updates.delete(session)
      // Normally sent by then (the save reads its item back); a failed save's are sent too, for
      // a caller that goes on in the transaction.
      await sendHeld(db, session, update).catch(() => undefined)
    }
  }

  db.deleteWhere = Object.assign(
    async function (this: Adapter, args: DeleteArgs) {
      const update = updates.get(args.db)
      if (
        update &&
        !update.read &&
        !update.held &&
        deletesTranslations(args.db, update, args.tableName, args.where)
      ) {
        const deleting = args.db.delete(db.tables![args.tableName]!).where(args.where).getSQL()
        if (readWithNextStatement(args.db, update, deleting)) return
        return readStored(args.db, update, deleting)
      }
      if (!update || !update.tables.has(args.tableName)) return deleteWhere.call(this, args)
      if (update.held && update.held.tableName !== args.tableName)
        await sendHeld(db, args.db, update)
      await storedRows(args.db, update)
      if (update.held) update.held.wheres.push(args.where)
      else update.held = { tableName: args.tableName, wheres: [args.where] }
      hook(db, args.db, update)
    },
    { [HOLDING]: true as const },
  )

  db.insert = async function (this: Adapter, args: InsertArgs) {
    const update = updates.get(args.db)
    const held = update?.held
    if (!update || !held || held.tableName !== args.tableName || args.onConflictDoUpdate)
      return insert.call(this, args)
    const values = Array.isArray(args.values) ? args.values : [args.values]
    if (unchanged(args.db, update, args.tableName, values)) {
      update.held = null
      unhook(args.db)
      return []
    }
    await sendHeld(db, args.db, update)
    return insert.call(this, args)
  }
}

export const unchangedChildrenPatch: InitPatch = {
  name: 'unchanged-children',
  stage: 'init',
  whenDisabled: false,
  reason:
    "an update leaves an item's relations and repeated texts as they are stored when it would write the same rows, instead of deleting and inserting them again",
  upstream: [],
  apply: holdChildRewrites,
  verify: (payload) => {
    const db = payload.db as unknown as Adapter
    if (db.name !== 'postgres') return null
    if (typeof db.updateOne !== 'function' || typeof db.insert !== 'function')
      return 'the Postgres adapter has no updateOne or insert any more'
    const events = db.tableNameMap?.get('events')
    if (!events || !columnsOf(db.tables?.[`${events}${db.relationshipsSuffix ?? '_rels'}`]))
      return "Drizzle's tables no longer list their columns where this reads them"
    return db.deleteWhere?.[HOLDING] ? null : "the adapter's deleteWhere is not the calendar's"
  },
}
