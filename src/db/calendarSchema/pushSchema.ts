import type { PostgresAdapter } from '@payloadcms/db-postgres'

import { sql } from '@payloadcms/db-postgres'
import { index, integer, pgSequence } from '@payloadcms/db-postgres/drizzle/pg-core'

import { calendarSchemaPieces } from '../calendarSchema'
import { pushesSchema } from '../payloadInternals/adapter'
import { GUARD_TABLE } from '../passwordGuardTable'
import { LINKED_FOLD_INDEXES } from './linkedSearchIndexes'
import { RELATION_INDEXES } from './listIndexes'
import { EVENT_FOLD_INDEXES } from './searchFolding'

/*
 * Payload's development push (`pushDevSchema` in @payloadcms/drizzle) makes the database match
 * the Drizzle schema it builds from the collections, through drizzle-kit's `pushSchema`: whatever
 * that schema lacks is dropped, and where that loses rows the push asks first (a prompt, which a
 * start without a terminal cannot answer, and declining ends the process). On a database with
 * the calendar's pieces it would drop every table of the calendar's (a series' cancelled and
 * moved occurrences with them), the extra indexes and the shared sequences, and turn the ids back
 * into `serial` (which Postgres refuses, so the start fails).
 *
 * Two things keep them:
 * - The calendar's own tables (every `table` of `calendarSchemaPieces()`, and the password
 *   guard's) are outside the push's view: `calendarTablesFilter` adds them to the adapter's
 *   `tablesFilter` as exclusions, so the push neither reads nor changes them, whatever they hold
 *   (INCLUDE columns, deferrable constraints, expression indexes, composite primary keys, which
 *   drizzle-kit's `pushSchema` cannot even read: its query's parameters are never sent). The
 *   calendar's own steps make them at start (`ensureCalendarSchemaOnInit`), as its triggers and
 *   functions, which Drizzle does not see either.
 * - What it adds to Payload's own tables (id defaults, indexes), and the sequences (drizzle-kit
 *   reads every sequence, whatever the filter), are described to Drizzle by
 *   `keepCalendarSchemaOnPush` below, so that a push keeps them, or makes them on an empty
 *   database: the function the folded texts' indexes are of is made just before the push
 *   (`pushSchemaPatch.ts`). Only when the adapter pushes: otherwise the schema stays Payload's
 *   own, and `payload migrate:create` generates nothing of the calendar's.
 */
type SchemaHook = PostgresAdapter['afterSchemaInit'][number]
type HookArgs = Parameters<SchemaHook>[0]

/** Integer sequences as `CREATE SEQUENCE … AS integer` makes them. */
const integerSequence = (name: string) =>
  pgSequence(name, { cache: 1, increment: 1, maxValue: 2147483647, minValue: 1, startWith: 1 })

const SHARED_IDS: [sequence: string, tables: string[]][] = [
  ['calendar_post_ids', ['events', 'venues', 'organizers']],
  ['calendar_term_ids', ['event_categories', 'event_tags']],
]
const PARENT_COLUMNS: [table: string, column: string][] = [
  ['events_locales', '_parentID'],
  ['events_texts', 'parent'],
  ['venues_locales', '_parentID'],
  ['venues_texts', 'parent'],
  ['organizers_locales', '_parentID'],
  ['organizers_texts', 'parent'],
  ['event_categories_locales', '_parentID'],
  ['event_tags_locales', '_parentID'],
  ['media_locales', '_parentID'],
]

type Columns = Record<string, unknown>

export const keepCalendarSchemaOnPush: SchemaHook = ({
  adapter,
  extendTable,
  schema,
}: HookArgs) => {
  if (!pushesSchema(adapter)) return schema
  // The trigram indexes need their operator class before the push makes them: the adapter
  // creates its `extensions` when it connects, before it pushes.
  const withExtensions = adapter as unknown as { extensions: Record<string, boolean> }
  withExtensions.extensions = { ...withExtensions.extensions, pg_trgm: true }
  const tables = schema.tables as Record<string, Columns & object>
  const extend = extendTable as (args: {
    columns?: Record<string, unknown>
    extraConfig?: (table: never) => object
    table: object
  }) => void

  // drizzle-kit reads every sequence, those of the tables outside its view too: the term counts'
  // `bigserial` (drizzle-kit's defaults are a bigint sequence's) is described, or it is dropped.
  const sequences: Record<string, unknown> = {
    calendar_term_counts_id_seq: pgSequence('calendar_term_counts_id_seq'),
  }
  for (const [sequence, group] of SHARED_IDS) {
    sequences[sequence] = integerSequence(sequence)
    for (const name of group) {
      const table = tables[name]
      if (table)
        extend({
          columns: {
            id: integer('id')
              .primaryKey()
              .default(sql.raw(`nextval('${sequence}'::regclass)`)),
          },
          table,
        })
    }
  }
  for (const [name, column] of PARENT_COLUMNS) {
    const table = tables[name]
    if (table)
      extend({
        extraConfig: (t: Columns) => ({
          calendarParentLookup: index(`${name}_parent_lookup_idx`).on(t[column] as never),
        }),
        table,
      })
  }
  if (tables.events) {
    extend({
      extraConfig: (t: Columns) => ({
        calendarStartDateId: index('events_start_date_id_idx').on(
          t.startDate as never,
          t.id as never,
        ),
      }),
      table: tables.events,
    })
  }
  // An event's links by the item, the path and the event (`listIndexes.ts`), partial: a link names
  // one kind of item. The columns are found by their names, which follow the collections' slugs.
  if (tables.events_rels)
    extend({
      extraConfig: (t: Columns) => {
        const named = (name: string) =>
          Object.values(t).find((column) => (column as { name?: string })?.name === name)
        const indexes: Record<string, unknown> = {}
        for (const { column, name } of RELATION_INDEXES) {
          const linked = named(column)
          if (linked)
            indexes[name] = index(name)
              .on(linked as never, named('path') as never, named('parent_id') as never)
              .where(sql.raw(`"${column}" IS NOT NULL`))
        }
        return indexes
      },
      table: tables.events_rels,
    })
  const columnTrigrams = [
    ...['events', 'venues', 'organizers'].map((name) => [name, 'slug']),
    ['events_locales', 'title'],
  ]
  for (const [name, column] of columnTrigrams) {
    const table = tables[name!]
    if (table)
      extend({
        extraConfig: (t: Columns) => ({
          [`${name}_${column}_trgm_idx`]: index(`${name}_${column}_trgm_idx`).using(
            'gin',
            (t[column!] as { op: (name: string) => never }).op('gin_trgm_ops'),
          ),
        }),
        table,
      })
  }
  // The indexes of folded texts: drizzle-kit's push compares an expression index by its name and
  // method only, and makes it where it is missing (after `createSearchFold`, see pushSchemaPatch).
  for (const { expression, name, table: tableName } of [
    ...EVENT_FOLD_INDEXES,
    ...LINKED_FOLD_INDEXES,
  ]) {
    const table = tables[tableName]
    if (table)
      extend({
        extraConfig: () => ({
          [name]: index(name).using('gin', sql.raw(`${expression} gin_trgm_ops`)),
        }),
        table,
      })
  }

  return {
    ...schema,
    // Drizzle-kit takes the sequences from every value of the schema it is given, and Payload
    // builds that schema from its tables, relations and enums.
    enums: { ...schema.enums, ...sequences } as typeof schema.enums,
  }
}

/** The calendar's own tables, which a push leaves alone (see the top); the password guard's too. */
export const calendarTables = (): string[] => [
  ...calendarSchemaPieces().flatMap((piece) => (piece.kind === 'table' ? [piece.name] : [])),
  GUARD_TABLE,
]

/**
 * The host's `tablesFilter` (drizzle-kit's minimatch patterns, `!` for an exclusion) with the
 * calendar's tables excluded, and the host's own choice unchanged. drizzle-kit
 * (`pgPushIntrospect` in drizzle-kit/api.js) reads a table when every exclusion lets it through
 * and, where there are only inclusions, when one of them matches it: an exclusion in the list
 * counts as a match of every table it lets through. So exclusions alone are added as they are;
 * beside inclusions of the host's, one more exclusion (of every table none of them matches) keeps
 * them deciding.
 */
export function calendarTablesFilter(host: string | string[] | undefined): string[] {
  const given = host === undefined ? [] : ([] as string[]).concat(host)
  const exclusions = calendarTables().map((table) => `!${table}`)
  const inclusions = given.filter((pattern) => !pattern.startsWith('!'))
  if (!inclusions.length) return [...given, ...exclusions]
  // minimatch expands braces first, into patterns any of which matches: the one exclusion below
  // would become several, each letting every table through.
  const braced = inclusions.find((pattern) => pattern.includes('{'))
  if (braced)
    throw new Error(
      `events calendar: the database adapter's tablesFilter pattern "${braced}" has braces, which cannot be combined with the calendar's exclusions: write each of its alternatives as a pattern of its own`,
    )
  return [...given, `!@(!(${inclusions.join('|')}))`, ...exclusions]
}
