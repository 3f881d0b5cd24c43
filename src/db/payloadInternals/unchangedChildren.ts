import type { Payload, PayloadRequest } from 'payload'

import { sql } from '@payloadcms/db-postgres'

import type { InitPatch } from './patch'

import { transactionSessionOf } from './adapter'

/*
 * Payload's adapter saves an item by writing its row and then, for each of its child tables
 * (translations `{table}_locales`, relations `_rels`, repeated texts `_texts`; `_numbers` likewise),
 * deleting the item's rows (of the paths it writes) and inserting them anew (`upsertRow` in
 * @payloadcms/drizzle): two statements per table on every save, also when they did not change
 * (a rename changes one language's title). Here, during an update of one item by id in a
 * transaction, a child table's delete is held back until its insert comes: when the rows it would
 * delete, as stored, are the rows the insert writes (every column but the id), neither is sent;
 * for translations, when some changed and every stored language is written again, those are
 * written over in place (one insert that updates on the table's unique language and item).
 * Otherwise, and before any other statement on the transaction's connection, the delete is sent
 * as it was. The stored rows are read once, at the first held delete, in one statement for every
 * child table of the item. What is stored after is what the adapter stores, but the rows' ids,
 * which nothing reads.
 */

type Column = { hasDefault?: boolean; name: string }
type Table = Record<string | symbol, unknown>
type Where = unknown
type Session = {
  delete: (table: Table) => { where: (where: Where) => Promise<unknown> }
  insert: (table: Table) => {
    values: (rows: Record<string, unknown>[]) => {
      onConflictDoUpdate: (config: {
        set: Record<string, unknown>
        target: unknown[]
      }) => Promise<unknown>
    }
  }
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
  rawTables?: Record<string, { indexes?: Record<string, { on?: unknown; unique?: boolean }> }>
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
  tables: Map<string, Child>
  /** Deletes held back, all of one table. */
  held: { tableName: string; wheres: Where[] } | null
  /** Whether the stored rows have been read. */
  read: boolean
}
const updates = new WeakMap<Session, Update>()

/**
 * A child table: its rows by path (relations, texts), deleted by path and inserted again, or its
 * translations, one row per language, all deleted and inserted again.
 */
type Child = {
  columns: Record<string, Column>
  kind: 'locales' | 'paths'
  parentKey: string
  stored?: Record<string, unknown>[]
}

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
    if (columns?.parent && columns.path && columns.id)
      tables.set(name, { columns, kind: 'paths', parentKey: 'parent' })
  }
  // Its translations, when one row per language and item is what Postgres keeps them to: the
  // changed ones are then written over in place.
  const locales = `${tableName}${db.localesSuffix ?? '_locales'}`
  const columns = columnsOf(db.tables?.[locales])
  const keyed = Object.values(db.rawTables?.[locales]?.indexes ?? {}).some(
    (index) => index.unique && JSON.stringify(index.on) === '["_locale","_parentID"]',
  )
  if (columns?._parentID && columns._locale && columns.id && keyed)
    tables.set(locales, { columns, kind: 'locales', parentKey: '_parentID' })
  return tables
}

const childColumn = (update: Update, name: string) => {
  const child = update.tables.get(name)!
  return child.columns[child.parentKey]!.name
}

/** Reads the item's rows of every child table, in one statement. */
async function readStored(session: Session, update: Update): Promise<void> {
  update.read = true
  const names = [...update.tables.keys()]
  const { rows } = await session.execute(
    sql`SELECT ${sql.join(
      names.map(
        (name, index) =>
          sql`(SELECT coalesce(json_agg(row_to_json("child")), '[]'::json) FROM ${sql.identifier(name)} AS "child"
            WHERE "child".${sql.identifier(childColumn(update, name))} = ${update.parent}) AS ${sql.identifier(`t${index}`)}`,
      ),
      sql`, `,
    )}`,
  )
  const [row] = rows
  names.forEach((name, index) => {
    const stored = row?.[`t${index}`]
    if (Array.isArray(stored)) update.tables.get(name)!.stored = stored as Record<string, unknown>[]
  })
}

/**
 * The stored rows a held delete removes, when it is one of `upsertRow`'s: of the item's paths
 * (`deleteExistingRowsByPath`), or all of the item's translations; null for any other.
 */
function heldRows(session: Session, update: Update, tableName: string, where: Where) {
  const query = session.dialect?.sqlToQuery(where)
  const child = update.tables.get(tableName)!
  if (!query || !child.stored) return null
  if (String(query.params[0]) !== String(update.parent)) return null
  const column = (key: string) => `"${tableName}"."${child.columns[key]!.name}"`
  if (child.kind === 'locales')
    return query.sql === `${column('_parentID')} = $1` && query.params.length === 1
      ? child.stored
      : null
  const head = `(${column('parent')} = $1 and ${column('path')} in (`
  if (!query.sql.startsWith(head) || !query.sql.endsWith('))')) return null
  const placeholders = query.sql.slice(head.length, -2).split(', ')
  const expected = query.params.slice(1).map((_, index) => `$${index + 2}`)
  if (placeholders.join(', ') !== expected.join(', ')) return null
  if (!query.params.slice(1).every((path) => typeof path === 'string')) return null
  const paths = new Set(query.params.slice(1) as string[])
  const pathColumn = child.columns.path!.name
  return child.stored.filter((row) => paths.has(row[pathColumn] as string))
}

const same = (stored: unknown, written: unknown) =>
  (stored === null && (written === null || written === undefined)) ||
  (stored !== null && typeof stored !== 'object' && stored === written)

/**
 * What inserting `values` after the held deletes comes to: nothing (`skip`), when the rows those
 * deletes remove, as stored, are `values`, column by column but the id, as many of each; for
 * translations, writing over the languages whose row changed (`rows`), when every stored
 * language is among `values`; else the delete and insert as the adapter sends them.
 */
function decide(
  session: Session,
  update: Update,
  tableName: string,
  values: unknown[],
): 'rewrite' | 'skip' | { rows: Record<string, unknown>[] } {
  const child = update.tables.get(tableName)!
  const removed = new Set<Record<string, unknown>>()
  for (const where of update.held!.wheres) {
    const rows = heldRows(session, update, tableName, where)
    if (!rows) return 'rewrite'
    for (const row of rows) removed.add(row)
  }
  const columns = Object.entries(child.columns).filter(([key]) => key !== 'id')
  const rows: Record<string, unknown>[] = []
  for (const value of values) {
    if (!value || typeof value !== 'object') return 'rewrite'
    const written = value as Record<string, unknown>
    const unknown = (key: string) =>
      key !== 'id' && written[key] !== undefined && !child.columns[key]
    if (Object.keys(written).some(unknown)) return 'rewrite'
    rows.push(written)
  }
  // A column the insert leaves out takes its default, which this does not know.
  const isStored = (row: Record<string, unknown>, written: Record<string, unknown>) =>
    columns.every(([key, column]) =>
      written[key] === undefined && column.hasDefault
        ? false
        : same(row[column.name], written[key]),
    )
  if (child.kind === 'locales') {
    const localeColumn = child.columns._locale!.name
    const languages = rows.map((row) => row._locale)
    if (new Set(languages).size !== rows.length) return 'rewrite'
    if (languages.some((language) => typeof language !== 'string')) return 'rewrite'
    if ([...removed].some((row) => !languages.includes(row[localeColumn]))) return 'rewrite'
    const changed = rows.filter((written) => {
      const row = [...removed].find((stored) => stored[localeColumn] === written._locale)
      return !row || !isStored(row, written)
    })
    return changed.length ? { rows: changed } : 'skip'
  }
  if (removed.size !== rows.length) return 'rewrite'
  const left = [...removed]
  for (const written of rows) {
    const match = left.findIndex((row) => isStored(row, written))
    if (match < 0) return 'rewrite'
    left.splice(match, 1)
  }
  return 'skip'
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
    const update: Update = {
      held: null,
      parent: id,
      read: false,
      tables: new Map([...tables].map(([name, { stored: _, ...child }]) => [name, child])),
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
      if (!update || !update.tables.has(args.tableName)) return deleteWhere.call(this, args)
      if (update.held && update.held.tableName !== args.tableName)
        await sendHeld(db, args.db, update)
      if (!update.read) await readStored(args.db, update)
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
    const outcome = decide(args.db, update, args.tableName, values)
    if (outcome === 'rewrite') {
      await sendHeld(db, args.db, update)
      return insert.call(this, args)
    }
    update.held = null
    unhook(args.db)
    if (outcome === 'skip') return []
    const table = db.tables![args.tableName]!
    const child = update.tables.get(args.tableName)!
    const set = Object.fromEntries(
      Object.entries(child.columns)
        .filter(([key]) => !['_locale', '_parentID', 'id'].includes(key))
        .map(([key, column]) => [key, sql`excluded.${sql.identifier(column.name)}`]),
    )
    await args.db
      .insert(table)
      .values(outcome.rows)
      .onConflictDoUpdate({ set, target: [table._locale, table._parentID] })
    return []
  }
}

export const unchangedChildrenPatch: InitPatch = {
  name: 'unchanged-children',
  stage: 'init',
  whenDisabled: false,
  reason:
    "an update leaves an item's translations, relations and repeated texts as they are stored when it would write the same rows, and writes over the translations that changed, instead of deleting and inserting them all again",
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
