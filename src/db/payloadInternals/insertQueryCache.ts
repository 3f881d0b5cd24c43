import type { Payload } from 'payload'

import type { InitPatch } from './patch'
import { isPlainObject, kindsOf, refuse, Unkeyable } from './drizzleShapes'

/*
 * Payload's adapter writes an item's row with Drizzle's insert (`adapter.insert`: an update is
 * `insert … on conflict (id) do update set …`, its translations a plain insert), which builds its
 * SQL anew at each call: every column's value, the `set` of the conflict's update, the returning
 * list, then the text of the whole. For one shape of insert (its table, which columns have a value
 * in each row, the conflict's target and which columns it sets, returning every column or none)
 * that text is always the same; only the values change, in an order the shape fixes: each row's
 * values in the table's column order, then the set's in the table's column order, each as its
 * column gives it to the driver. Here the text is kept by shape and an insert of a kept shape is
 * given it with its own values; a shape is kept only when the values so ordered are exactly those
 * of the query Drizzle built for it. Anything else (a value given as SQL, a placeholder, a column
 * with a default or update function of its own, a conflict with a `where`, a `with`, a select,
 * another returning list) is built as before.
 */

/** Drizzle's keys of a table's parts (`drizzle-orm/table`). */
const COLUMNS = Symbol.for('drizzle:Columns')
const KEEPING = Symbol('insert query cache')
/** The raw arguments of the insert's `onConflictDoUpdate`, when this could key them. */
const CONFLICT = Symbol('conflict update')
/** At most this many shapes kept per table; a table has a few. */
const MAX_SHAPES = 100

type Column = {
  default?: unknown
  defaultFn?: unknown
  mapToDriverValue: (value: unknown) => unknown
  name: string
  onUpdateFn?: unknown
  shouldDisableInsert: () => boolean
}
type Table = Record<symbol, unknown>
type Param = { encoder?: unknown; value: unknown }
type Conflict = { built: unknown; set: Record<string, unknown>; target: Column[] }
type InsertConfig = {
  [CONFLICT]?: Conflict | null
  onConflict?: unknown
  overridingSystemValue_?: unknown
  returning?: unknown
  returningFields?: unknown
  select?: unknown
  table: Table
  values: unknown
  withList?: unknown[]
}
type Prepared = { query: { params: unknown[]; sql: string }; queryMetadata?: unknown }
type Session = {
  prepareQuery: (
    query: { params: unknown[]; sql: string },
    fields: unknown,
    name: unknown,
    isResponseInArrayMode: boolean,
    customResultMapper: undefined,
    queryMetadata: unknown,
    cacheConfig: unknown,
  ) => unknown
}
type Insert = {
  _prepare: (name?: unknown) => Prepared
  cacheConfig?: unknown
  config: InsertConfig
  onConflictDoUpdate: (config: Record<string, unknown>) => Insert
  session: Session
}
type Prototype = Insert & { [KEEPING]?: true }
type Kept = { queryMetadata: unknown; sql: string }

/** The kept shapes of each table, by its Drizzle table object. */
const shapes = new WeakMap<Table, Map<string, Kept | null>>()

/** Whether a value Drizzle would send as it is: not one of its own objects (SQL, a column, a placeholder). */
const isPlainValue = (value: unknown) => kindsOf(value).length === 0

/** The table's columns in its order, each with its key; the insert's own list (`buildInsertQuery`). */
const columnsOf = (table: Table) =>
  Object.entries(table[COLUMNS] as Record<string, Column>).filter(
    ([, column]) => !column.shouldDisableInsert(),
  )

/** A value as the built query has it (`buildQueryFromSourceParams`): null as it is, else the column's driver value. */
function driverValue(column: Column, value: unknown): unknown {
  if (value === null) return null
  if (!isPlainValue(value)) refuse()
  const mapped = column.mapToDriverValue(value)
  return isPlainValue(mapped) ? mapped : refuse()
}

/** An insert's shape and its values in the built query's order; null when not kept. */
function keyOf(config: InsertConfig): null | { key: string; values: unknown[] } {
  const { table } = config
  if (config.select || config.withList?.length || config.overridingSystemValue_) return null
  if (config.returning !== undefined && config.returningFields !== table[COLUMNS]) return null
  const conflict = config[CONFLICT]
  // Keyed only when the conflict's SQL is the one built from the arguments kept.
  if (config.onConflict !== undefined && conflict?.built !== config.onConflict) return null
  if (!Array.isArray(config.values) || !config.values.length) return null
  try {
    const all = table[COLUMNS] as Record<string, Column>
    const columns = columnsOf(table)
    const parts: string[] = [config.returning === undefined ? 'r0' : 'r1']
    const values: unknown[] = []
    for (const row of config.values as Record<string, unknown>[]) {
      if (!isPlainObject(row)) refuse()
      let mask = ''
      for (const [key, column] of columns) {
        const given = row[key]
        const isParam = kindsOf(given).includes('Param')
        if (given === undefined || (isParam && (given as Param).value === undefined)) {
          // Drizzle writes `default`, unless the column has a function of its own.
          if (
            column.defaultFn !== undefined ||
            (!column.default && column.onUpdateFn !== undefined)
          )
            refuse()
          mask += '0'
          continue
        }
        if (!isParam || (given as Param).encoder !== column) refuse()
        mask += '1'
        values.push(driverValue(column, (given as Param).value))
      }
      parts.push(mask)
    }
    if (conflict && config.onConflict !== undefined) {
      let mask = ''
      for (const [key, column] of Object.entries(all)) {
        if (column.onUpdateFn !== undefined) refuse()
        const given = conflict.set[key]
        if (given === undefined) {
          mask += '0'
          continue
        }
        mask += '1'
        values.push(driverValue(column, given))
      }
      parts.push(`c:${conflict.target.map((column) => column.name).join(',')}:${mask}`)
    }
    return { key: parts.join(';'), values }
  } catch (error) {
    if (error instanceof Unkeyable) return null
    throw error
  }
}

/** The conflict's arguments this keys: a target of the table's own columns and a set of plain values, no `where`. */
function conflictOf(
  table: Table,
  config: Record<string, unknown>,
  built: unknown,
): Conflict | null {
  if (!isPlainObject(config) || config.where || config.targetWhere || config.setWhere) return null
  if (!isPlainObject(config.set)) return null
  const own = Object.values(table[COLUMNS] as Record<string, Column>)
  const target = (Array.isArray(config.target) ? config.target : [config.target]) as Column[]
  if (!target.length || !target.every((column) => own.includes(column))) return null
  const set = { ...config.set }
  if (!Object.values(set).every(isPlainValue)) return null
  if (!Object.values(set).some((value) => value !== undefined)) return null
  return { built, set, target }
}

function keepInsertQueries(payload: Payload): void {
  const db = payload.db as unknown as {
    drizzle?: { insert?: (table: unknown) => { values: (row: unknown) => unknown } }
    name?: string
    tables?: Record<string, Table>
  }
  const table = Object.values(db.tables ?? {})[0]
  if (db.name !== 'postgres' || typeof db.drizzle?.insert !== 'function' || !table) return
  const proto = Object.getPrototypeOf(db.drizzle.insert(table).values({})) as Prototype
  if (proto[KEEPING] || typeof proto._prepare !== 'function') return
  if (typeof proto.onConflictDoUpdate !== 'function') return
  const prepare = proto._prepare
  const onConflictDoUpdate = proto.onConflictDoUpdate
  Object.defineProperty(proto, KEEPING, { value: true })
  proto.onConflictDoUpdate = function (this: Insert, config: Record<string, unknown>) {
    const result = onConflictDoUpdate.call(this, config)
    // What the conflict's SQL was built from, as it was at this call (its set's values).
    this.config[CONFLICT] = conflictOf(this.config.table, config, this.config.onConflict)
    return result
  }
  proto._prepare = function (this: Insert, name?: unknown) {
    const keyed = name === undefined ? keyOf(this.config) : null
    if (!keyed) return prepare.call(this, name)
    let kept = shapes.get(this.config.table)
    if (!kept) shapes.set(this.config.table, (kept = new Map()))
    const found = kept.get(keyed.key)
    if (found)
      return this.session.prepareQuery(
        { params: keyed.values, sql: found.sql },
        this.config.returning,
        name,
        true,
        undefined,
        found.queryMetadata,
        this.cacheConfig,
      ) as Prepared
    const prepared = prepare.call(this, name)
    if (found === undefined) {
      if (kept.size >= MAX_SHAPES) kept.clear()
      const { params, sql } = prepared.query
      const same =
        params.length === keyed.values.length &&
        params.every((param, index) => Object.is(param, keyed.values[index]))
      kept.set(keyed.key, same ? { queryMetadata: prepared.queryMetadata, sql } : null)
    }
    return prepared
  }
}

/** Whether `payload`'s inserts are kept by shape: for the registry's check and the tests. */
export function keepsInsertQueries(payload: Payload): boolean {
  const db = payload.db as unknown as {
    drizzle?: { insert?: (table: unknown) => { values: (row: unknown) => unknown } }
    tables?: Record<string, Table>
  }
  const table = Object.values(db.tables ?? {})[0]
  if (typeof db.drizzle?.insert !== 'function' || !table) return false
  const proto = Object.getPrototypeOf(db.drizzle.insert(table).values({})) as Prototype
  return proto[KEEPING] === true
}

export const insertQueryCachePatch: InitPatch = {
  name: 'insert-query-cache',
  stage: 'init',
  whenDisabled: false,
  reason:
    "the adapter's writes of an item's row and its translations (an update's upsert, a create's insert) reuse the SQL text Drizzle built for the same shape of insert instead of building it again",
  upstream: [],
  apply: keepInsertQueries,
  verify: (payload) => {
    const db = payload.db as unknown as { name?: string }
    if (db.name !== 'postgres') return null
    return keepsInsertQueries(payload)
      ? null
      : "Drizzle's inserts are not prepared where this keeps them (PgInsertBase._prepare)"
  },
}
