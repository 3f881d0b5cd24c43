import type { Payload } from 'payload'

import type { InitPatch } from './patch'
import { isPlainObject, kindsOf, refuse, Unkeyable } from './drizzleShapes'

/*
 * Payload's adapter reads an item (`findOne`, an update's read of the item before it and its read
 * back after it, `upsertRow`) with Drizzle's relational queries (`db.query[table].findFirst`),
 * which build their SQL anew at each call: the item's columns and, for each child table
 * (translations, relations, repeated texts), a lateral subquery, then the text of the whole. For
 * one shape of query (its table, columns, child tables, order, limit and the shape of its `where`)
 * that text is always the same; only the `where`'s values change. Here the built query is kept
 * by its shape, and a query of a kept shape is given the kept text with its own values. A shape
 * is kept only when the built query's values are exactly its `where`'s, then its limit and
 * offset: anything else (a `where` or a limit in a child table, extras, a placeholder, a
 * function this cannot tell the result of) is built as before.
 */

const KEEPING = Symbol('relational query cache')
/** At most this many shapes kept per database; a site has a few per collection. */
const MAX_SHAPES = 500

type Built = { params: unknown[]; sql: string; typings?: unknown[] }
type Dialect = { sqlToQuery: (sql: unknown) => Built }
type Config = Record<string, unknown>
type RelationalQuery = {
  _toSQL: () => { builtQuery: Built; query: unknown }
  config: Config
  dialect: Dialect
  tableConfig?: { dbName?: string; tsName?: string }
}
type Kept = { built: Built; query: unknown; tail: unknown[] }
type Prototype = RelationalQuery & { [KEEPING]?: true }

/** The kept shapes of each database that has this patch, by its dialect. */
const shapes = new WeakMap<Dialect, Map<string, Kept | null>>()

/**
 * What an `orderBy` function orders by, told by calling it with stand-ins for the columns and
 * `asc`/`desc`: a child table's (`({ order }, { asc }) => [asc(order)]`) orders by the stand-ins;
 * the item's own (`findMany`'s `() => orderBy.map(…)`) returns Drizzle's SQL of its own columns,
 * whose text is read as the builder would.
 */
function orderOfFunction(dialect: Dialect, orderBy: (...args: unknown[]) => unknown): string {
  const columns = new Proxy({}, { get: (_, name) => ({ column: String(name) }) })
  const direction = (way: string) => (column: unknown) =>
    isPlainObject(column) && typeof column.column === 'string' ? [way, column.column] : refuse()
  let result: unknown
  try {
    result = orderBy(columns, { asc: direction('asc'), desc: direction('desc') })
  } catch {
    refuse()
  }
  const list = Array.isArray(result) ? result : [result]
  return JSON.stringify(
    list.map((item) =>
      Array.isArray(item) && item.length === 2 && item.every((part) => typeof part === 'string')
        ? item
        : textOf(dialect, item),
    ),
  )
}

/** An SQL value's text, when it has no values of its own (an order, a child table's where has none). */
function textOf(dialect: Dialect, value: unknown): string {
  const kinds = kindsOf(value)
  if (kinds.includes('Column')) {
    const column = value as { name?: unknown; table?: Record<symbol, unknown> }
    const table = column.table?.[Symbol.for('drizzle:Name')]
    return `column ${String(table)}.${String(column.name)}`
  }
  if (!kinds.includes('SQL') || kinds.includes('SQL.Aliased')) return refuse()
  const built = dialect.sqlToQuery(value)
  if (built.params.length) refuse()
  return built.sql
}

/** A config's shape, as text; `where`, read apart, only at the top. */
function shapeOf(dialect: Dialect, config: Config, top: boolean): string {
  const parts: string[] = []
  for (const key of Object.keys(config).sort()) {
    const value = config[key]
    if (value === undefined) continue
    switch (key) {
      case 'columns':
        if (!isPlainObject(value)) refuse()
        parts.push(
          `columns:${JSON.stringify(Object.entries(value as Record<string, unknown>).map(([name, on]) => (typeof on === 'boolean' ? [name, on] : refuse())))}`,
        )
        break
      case 'with':
        if (!isPlainObject(value)) refuse()
        parts.push(
          `with:{${Object.entries(value as Record<string, unknown>)
            .map(([name, child]) =>
              child === true || child === false || child === null
                ? `${name}=${String(child)}`
                : isPlainObject(child)
                  ? `${name}={${shapeOf(dialect, child, false)}}`
                  : refuse(),
            )
            .join(',')}}`,
        )
        break
      case 'extras':
        if (!isPlainObject(value) || Object.keys(value as object).length) refuse()
        break
      case 'orderBy': {
        const order =
          typeof value === 'function'
            ? orderOfFunction(dialect, value as (...args: unknown[]) => unknown)
            : (Array.isArray(value) ? value : [value]).map((item) => textOf(dialect, item)).join()
        parts.push(`orderBy:${order}`)
        break
      }
      case 'limit':
      case 'offset':
        // A child table's limit or offset is a value of the built query too: not kept.
        if (!top || typeof value !== 'number') refuse()
        parts.push(`${key}:${value}`)
        break
      case 'where':
        if (!top) refuse()
        break
      default:
        refuse()
    }
  }
  return parts.join(';')
}

/** A query's shape and its `where`'s values, in the order the built query has them; null when not kept. */
function keyOf(query: RelationalQuery): null | { key: string; values: unknown[] } {
  const { config, dialect, tableConfig } = query
  if (!isPlainObject(config) || !tableConfig?.tsName) return null
  try {
    let where = ''
    let values: unknown[] = []
    if (config.where !== undefined) {
      const kinds = kindsOf(config.where)
      if (!kinds.includes('SQL') || kinds.includes('SQL.Aliased')) return null
      const built = dialect.sqlToQuery(config.where)
      if (built.params.some((param) => kindsOf(param).length)) return null
      where = `${built.sql}\u0000${JSON.stringify(built.typings ?? [])}`
      values = built.params
    }
    const shape = shapeOf(dialect, config, true)
    return {
      key: `${tableConfig.tsName}\u0000${tableConfig.dbName ?? ''}\u0000${shape}\u0000${where}`,
      values,
    }
  } catch (error) {
    if (error instanceof Unkeyable) return null
    throw error
  }
}

/**
 * The built query's values past its `where`'s, when they are exactly its limit and offset (as
 * Drizzle's `buildSelectQuery` writes them: a limit of 0 or more, an offset other than 0).
 */
function tailOf(config: Config, built: Built, values: unknown[]): null | unknown[] {
  const { limit, offset } = config
  const tail = [
    ...(typeof limit === 'number' && limit >= 0 ? [limit] : []),
    ...(offset ? [offset] : []),
  ]
  if (built.params.length !== values.length + tail.length) return null
  if (!values.every((value, index) => Object.is(built.params[index], value))) return null
  if (!tail.every((value, index) => Object.is(built.params[values.length + index], value)))
    return null
  return tail
}

function keepRelationalQueries(payload: Payload): void {
  const db = payload.db as unknown as {
    drizzle?: { dialect?: Dialect; query?: Record<string, { findFirst?: () => unknown }> }
    name?: string
  }
  const builders = db.drizzle?.query
  const dialect = db.drizzle?.dialect
  if (db.name !== 'postgres' || !builders || !dialect) return
  const builder = Object.values(builders).find((each) => typeof each?.findFirst === 'function')
  if (!builder) return
  const proto = Object.getPrototypeOf(builder.findFirst!()) as Prototype
  if (!shapes.has(dialect)) shapes.set(dialect, new Map())
  if (proto[KEEPING] || typeof proto._toSQL !== 'function') return
  const build = proto._toSQL
  Object.defineProperty(proto, KEEPING, { value: true })
  proto._toSQL = function (this: RelationalQuery) {
    const kept = shapes.get(this.dialect)
    const keyed = kept ? keyOf(this) : null
    if (!kept || !keyed) return build.call(this)
    const found = kept.get(keyed.key)
    if (found)
      return {
        builtQuery: { ...found.built, params: [...keyed.values, ...found.tail] },
        query: found.query,
      }
    const result = build.call(this)
    if (found === undefined) {
      if (kept.size >= MAX_SHAPES) kept.clear()
      const tail = tailOf(this.config, result.builtQuery, keyed.values)
      kept.set(keyed.key, tail ? { built: result.builtQuery, query: result.query, tail } : null)
    }
    return result
  }
}

/** Whether `payload`'s relational queries are kept by shape: for the registry's check and the tests. */
export function keepsRelationalQueries(payload: Payload): boolean {
  const db = payload.db as unknown as {
    drizzle?: { dialect?: Dialect; query?: Record<string, { findFirst?: () => unknown }> }
  }
  const dialect = db.drizzle?.dialect
  const builder = Object.values(db.drizzle?.query ?? {}).find(
    (each) => typeof each?.findFirst === 'function',
  )
  if (!dialect || !builder) return false
  const proto = Object.getPrototypeOf(builder.findFirst!()) as Prototype
  return shapes.has(dialect) && proto[KEEPING] === true
}

export const relationalQueryCachePatch: InitPatch = {
  name: 'relational-query-cache',
  stage: 'init',
  whenDisabled: false,
  reason:
    "the adapter's reads of one item (before and after each save, findByID) reuse the SQL text Drizzle built for the same shape of query instead of building it again",
  upstream: [],
  apply: keepRelationalQueries,
  verify: (payload) => {
    const db = payload.db as unknown as { name?: string }
    if (db.name !== 'postgres') return null
    return keepsRelationalQueries(payload)
      ? null
      : "Drizzle's relational queries are not built where this keeps them (PgRelationalQuery._toSQL)"
  },
}
