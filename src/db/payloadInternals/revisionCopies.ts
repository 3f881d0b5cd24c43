import type { CollectionSlug, Payload, PayloadRequest } from 'payload'

import { sql } from '@payloadcms/db-postgres'

import type { InitPatch } from './patch'

import { transactionSessionOf } from './adapter'
import { forgetRevisionReads, keepRevisionReads, revisionRiderReads } from './revisionRiders'

type CreateVersionArgs = Record<string, unknown> & {
  autosave?: unknown
  collectionSlug?: string
  createdAt?: unknown
  parent?: unknown
  publishedLocale?: unknown
  req?: PayloadRequest
  returning?: unknown
  select?: unknown
  snapshot?: unknown
  updatedAt?: unknown
  versionData?: Record<string, unknown>
}
type Column = { columnType?: string; getSQLType?: () => string; name: string }
type Adapter = {
  createVersion?: ((args: CreateVersionArgs) => Promise<unknown>) & { [COPYING]?: true }
  name?: string
  schemaName?: string
  tableNameMap?: Map<string, string>
  tables?: Record<string, object>
  versionsSuffix?: string
}

const COPYING = Symbol('revision copies')

/** The revisions read past the newest `maxPerDoc` by a request's last copy, until its save asks for them. */
type KeptTrim = {
  collection: string
  offset: number
  parent: number
  rows: Record<string, unknown>[]
}
const keptTrims = new WeakMap<object, KeptTrim>()

/**
 * The rows of the read a save makes right after its revision (Payload's `enforceMaxVersions`:
 * the item's revision at `offset`, newest first, by `updated_at`), when the copy of that
 * revision read them in its own statement; null otherwise. Given once.
 */
export function keptTrimRead(
  req: object | undefined,
  collection: string,
  parent: number | string,
  offset: number,
): null | Record<string, unknown>[] {
  const kept = req ? keptTrims.get(req) : undefined
  if (!kept) return null
  keptTrims.delete(req!)
  const same = kept.collection === collection && kept.parent === parent && kept.offset === offset
  return same ? kept.rows : null
}

const maxPerDoc = (payload: Payload, slug: string): number => {
  const versions = payload.collections[slug as CollectionSlug]?.config.versions as
    undefined | { maxPerDoc?: number }
  const max = versions?.maxPerDoc
  return typeof max === 'number' && Number.isSafeInteger(max) && max > 0 ? max : 0
}
/** Drizzle's key for a table's columns (`drizzle-orm/table`). */
const COLUMNS = Symbol.for('drizzle:Columns')

const adapterOf = (payload: Payload) => payload.db as unknown as Adapter

const columnsOf = (table: object | undefined): Column[] | null => {
  const columns = (table as Record<symbol, unknown> | undefined)?.[COLUMNS]
  if (!columns || typeof columns !== 'object') return null
  const list = Object.values(columns as Record<string, Column>)
  return list.every((column) => typeof column?.name === 'string') ? list : null
}

/**
 * A revision's column and where its value comes from: the item's column of the same name
 * without `version_`, the new revision's id, the revision's own times, or a path under `version`.
 */
type Source =
  | { column: string; kind: 'copy'; cast?: string }
  | { kind: 'createdAt' }
  | { kind: 'parent' }
  | { kind: 'revision' }
  | { kind: 'updatedAt' }
  | { kind: 'versionPath' }

/** `parent`: the column of the item's rows that names the item (a child table's), when there is one. */
type TablePlan = { columns: [string, Source][]; from: object; into: object; parent?: string }
type Plan = { main: TablePlan; children: TablePlan[] }

/** The child tables a revision copies (a collection with arrays or blocks has others: no plan). */
const CHILD_KINDS = new Set(['locales', 'numbers', 'rels', 'texts'])

/**
 * How each column of a revision's table is filled from the item's table, or null when one of
 * them has no source (a column only drafts have, a field the item's table lacks).
 */
function tablePlan(
  from: object | undefined,
  into: object | undefined,
  source: (column: Column, fromNames: Map<string, Column>) => null | Source | undefined,
): null | TablePlan {
  const fromColumns = columnsOf(from)
  const intoColumns = columnsOf(into)
  if (!from || !into || !fromColumns || !intoColumns) return null
  const fromNames = new Map(fromColumns.map((column) => [column.name, column]))
  const columns: [string, Source][] = []
  for (const column of intoColumns) {
    if (column.name === 'id') continue
    const found = source(column, fromNames)
    if (found === null || found === undefined) return null
    if (found.kind === 'copy') {
      const origin = fromNames.get(found.column)
      if (!origin) return null
      const type = column.getSQLType?.()
      if (column.columnType === 'PgEnumColumn' || origin.columnType === 'PgEnumColumn') {
        if (!type || column.columnType !== 'PgEnumColumn' || origin.columnType !== 'PgEnumColumn')
          return null
        columns.push([column.name, { ...found, cast: type }])
        continue
      }
    }
    columns.push([column.name, found])
  }
  const parent = columns.find(([, found]) => found.kind === 'revision')?.[0]
  return parent ? { columns, from, into, parent } : { columns, from, into }
}

const copyOf = (name: string): Source => ({ column: name, kind: 'copy' })
const unversioned = (name: string) =>
  name.startsWith('version_') ? name.slice('version_'.length) : null

/**
 * The plan of a collection's revisions, or null when they are not a plain copy of the item's row
 * and its translations, relations and repeated values (drafts, arrays, blocks, a column of one
 * without the other).
 */
function planOf(db: Adapter, slug: string): null | Plan {
  const snake = slug.replace(/-/g, '_')
  const mainName = db.tableNameMap?.get(snake)
  const versionName = db.tableNameMap?.get(`_${snake}${db.versionsSuffix ?? '_v'}`)
  const tables = db.tables
  // An enum's cast names its type alone, as it is found on the default schema.
  if (db.schemaName && db.schemaName !== 'public') return null
  if (!mainName || !versionName || !tables) return null
  const main = tablePlan(tables[mainName], tables[versionName], (column) => {
    if (column.name === 'parent_id') return { kind: 'parent' }
    if (column.name === 'created_at') return { kind: 'createdAt' }
    if (column.name === 'updated_at') return { kind: 'updatedAt' }
    const name = unversioned(column.name)
    return name ? copyOf(name) : null
  })
  if (!main) return null
  const children: TablePlan[] = []
  for (const name of Object.keys(tables)) {
    if (!name.startsWith(`${versionName}_`)) continue
    const kind = name.slice(versionName.length + 1)
    if (!CHILD_KINDS.has(kind)) return null
    const child = tablePlan(tables[`${mainName}_${kind}`], tables[name], (column, fromNames) => {
      if (column.name === '_parent_id' || column.name === 'parent_id') return { kind: 'revision' }
      if (column.name === 'path' && kind !== 'locales') return { kind: 'versionPath' }
      if (kind === 'locales') {
        if (column.name === '_locale') return copyOf('_locale')
        const name = unversioned(column.name)
        return name ? copyOf(name) : null
      }
      return fromNames.has(column.name) ? copyOf(column.name) : null
    })
    if (!child?.parent) return null
    children.push(child)
  }
  return { children, main }
}

/** `createVersion`'s arguments when the revision is a plain copy of the saved item: null otherwise. */
function plainSave(args: CreateVersionArgs) {
  const { autosave, createdAt, parent, publishedLocale, returning, select, snapshot } = args
  const { updatedAt, versionData } = args
  if (autosave || publishedLocale || snapshot !== undefined || select !== undefined) return null
  if (typeof parent !== 'number' || typeof createdAt !== 'string' || typeof updatedAt !== 'string')
    return null
  if (!versionData || typeof versionData !== 'object') return null
  if (versionData.id !== parent || typeof versionData.updatedAt !== 'string') return null
  if (returning !== undefined && returning !== false) return null
  return {
    createdAt,
    parent,
    returning: returning !== false,
    savedAt: versionData.updatedAt,
    updatedAt,
    versionData,
  }
}

const valueOf = (
  source: Source,
  alias: string,
  save: { createdAt: string; parent: number; updatedAt: string },
) => {
  switch (source.kind) {
    case 'copy': {
      const column = sql`${sql.identifier(alias)}.${sql.identifier(source.column)}`
      return source.cast ? sql`${column}::text::${sql.identifier(source.cast)}` : column
    }
    case 'createdAt':
      return sql`${save.createdAt}::timestamptz`
    case 'parent':
      return sql`${save.parent}::int`
    case 'revision':
      return sql`"revision"."id"`
    case 'updatedAt':
      return sql`${save.updatedAt}::timestamptz`
    case 'versionPath':
      return sql`'version.' || ${sql.identifier(alias)}."path"`
  }
}

const columnList = (plan: TablePlan) =>
  sql.join(
    plan.columns.map(([name]) => sql.identifier(name)),
    sql`, `,
  )
const valueList = (plan: TablePlan, alias: string, save: Parameters<typeof valueOf>[2]) =>
  sql.join(
    plan.columns.map(([, source]) => valueOf(source, alias, save)),
    sql`, `,
  )

/**
 * The revision as Payload's adapter would read it back after writing it (`upsertRow`'s read):
 * the saved item's fields under `version`, without its id, and the revision's own fields.
 */
function writtenRevision(id: unknown, save: NonNullable<ReturnType<typeof plainSave>>) {
  const version = structuredClone(save.versionData)
  delete version.id
  return {
    id,
    createdAt: save.createdAt,
    parent: save.parent,
    updatedAt: save.updatedAt,
    version,
  }
}

/**
 * Every save of an event, venue or organizer writes its revision (docs/revisions.md) through
 * Payload's `createVersion`: the item's fields given back to the adapter, which builds and sends
 * one insert per table (the revision, its translations, relations and repeated values) and reads
 * the revision back, five statements after the item's own. What it writes is what the save has
 * just stored and read back (`versionData` is that read), so this copies it in the save's
 * transaction with one statement, from the stored rows to the revision's, and answers with
 * `versionData` as that read back would give it. Only when the item's row is still the one the
 * save read (its `updated_at` unchanged); otherwise, and for drafts, autosaves, a `select`, or
 * a collection whose revisions are not a plain copy, the adapter writes the revision as before.
 */
function copyRevisions(payload: Payload): void {
  const db = adapterOf(payload)
  if (db.name !== 'postgres' || typeof db.createVersion !== 'function' || db.createVersion[COPYING])
    return
  const original = db.createVersion.bind(db)
  const plans = new Map<string, null | Plan>()
  const planFor = (slug: string) => {
    if (!plans.has(slug)) {
      const config = payload.collections[slug as CollectionSlug]?.config as
        undefined | { versions?: { drafts?: unknown } | false }
      plans.set(slug, config?.versions && !config.versions.drafts ? planOf(db, slug) : null)
    }
    return plans.get(slug) ?? null
  }
  const copying = async (args: CreateVersionArgs) => {
    if (args.req) keptTrims.delete(args.req)
    if (args.collectionSlug) forgetRevisionReads(args.req, args.collectionSlug, args.parent)
    const save = plainSave(args)
    const plan = save && args.collectionSlug ? planFor(args.collectionSlug) : null
    const querier = plan ? await transactionSessionOf(args.req) : null
    if (!save || !plan || !querier) return original(args)
    const ridden = { collection: args.collectionSlug!, ...save }
    const { columns: riders } = revisionRiderReads(ridden)
    const max = maxPerDoc(payload, args.collectionSlug!)
    const children = plan.children.map(
      (child, index) =>
        sql`, ${sql.identifier(`child_${index}`)} AS (INSERT INTO ${child.into} (${columnList(child)})
          SELECT ${valueList(child, 'source', save)} FROM ${child.from} AS "source", "revision"
          WHERE "source".${sql.identifier(child.parent!)} = ${save.parent}
          ORDER BY "source"."id")`,
    )
    // The read that decides which revisions the save then drops (`keptTrimRead`): the statement's
    // own snapshot does not hold the new revision, which the union adds.
    const { rows } = await querier.execute(
      sql`WITH "revision" AS (INSERT INTO ${plan.main.into} (${columnList(plan.main)})
          SELECT ${valueList(plan.main, 'item', save)} FROM ${plan.main.from} AS "item"
          WHERE "item"."id" = ${save.parent} AND "item"."updated_at" = ${save.savedAt}::timestamptz
          RETURNING "id", "updated_at")${sql.join(children, sql``)}
        SELECT "revision"."id", "past"."id" AS "past_id", "past"."updated_at" AS "past_updated_at"${sql.join(
          riders.map(({ alias, read }) => sql`, ${read} AS ${sql.identifier(alias)}`),
          sql``,
        )}
        FROM "revision" LEFT JOIN LATERAL (
          SELECT "id", "updated_at" FROM (
            SELECT "id", "updated_at" FROM ${plan.main.into} WHERE "parent_id" = ${save.parent}
            UNION ALL SELECT "id", "updated_at" FROM "revision") AS "every"
          ORDER BY "updated_at" DESC LIMIT 1 OFFSET ${max}) AS "past" ON true`,
    )
    if (rows.length !== 1) return original(args)
    const [row] = rows as [Record<string, unknown>]
    keepRevisionReads(args.req, ridden, riders, row)
    if (max > 0 && args.req) {
      const past =
        row.past_id === null ? [] : [{ id: row.past_id, updated_at: row.past_updated_at }]
      keptTrims.set(args.req, {
        collection: args.collectionSlug!,
        offset: max,
        parent: save.parent,
        rows: past,
      })
    }
    return save.returning ? writtenRevision(row.id, save) : null
  }
  db.createVersion = Object.assign(copying, { [COPYING]: true as const })
}

export const revisionCopiesPatch: InitPatch = {
  name: 'revision-copies',
  stage: 'init',
  whenDisabled: false,
  reason:
    "a save's revision is copied from the rows the save has just stored, in its transaction and with one statement, instead of the adapter's insert per table and read back",
  upstream: [],
  apply: copyRevisions,
  verify: (payload) => {
    const db = adapterOf(payload)
    if (db.name !== 'postgres') return null
    if (typeof db.createVersion !== 'function')
      return 'the Postgres adapter has no createVersion any more'
    if (!db.tables || !(db.tableNameMap instanceof Map))
      return 'the Postgres adapter has no tables or tableNameMap any more'
    // A site whose revisions are not a plain copy (its own arrays or blocks on the events, another
    // schema) has them written by the adapter, by design; Drizzle's columns must still be readable.
    const revisions = db.tableNameMap.get(`_events${db.versionsSuffix ?? '_v'}`)
    if (revisions && !columnsOf(db.tables[revisions]))
      return "Drizzle's tables no longer list their columns where this reads them"
    return db.createVersion[COPYING] ? null : "the adapter's createVersion is not the calendar's"
  },
}
