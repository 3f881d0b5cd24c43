import type { PostgresAdapter } from '@payloadcms/db-postgres'

import { sql } from '@payloadcms/db-postgres'
import {
  bigserial,
  customType,
  index,
  integer,
  pgSequence,
  pgTable,
  text,
  timestamp,
} from '@payloadcms/db-postgres/drizzle/pg-core'

import { pushesSchema } from '../payloadInternals/adapter'
import { APART_EVENTS } from './apartFromDates'

/*
 * Payload's development push (`pushDevSchema` in @payloadcms/drizzle) makes the database match
 * the Drizzle schema it builds from the collections, and removes whatever that schema lacks: on
 * a database with the calendar's pieces it drops the term counts and change log tables, the
 * extra indexes and the shared sequences, and tries to turn the ids back into `serial` (which
 * Postgres refuses, so the start fails). This adds the pieces Drizzle can describe to the schema
 * it pushes, so that a push keeps them; triggers and functions are outside Drizzle's view and
 * `ensureCalendarSchemaOnInit` makes them. Only when the adapter pushes: otherwise the schema
 * stays Payload's own, and `payload migrate:create` generates nothing of the calendar's.
 *
 * Drizzle cannot write an index's INCLUDE columns: a pushed database has
 * `calendar_term_counts_term_idx` without them (the same look-ups, without index-only scans), and
 * a push turns the migrations' version into that one. Development only.
 *
 * Not described here yet: `calendar_occurrences` and `calendar_event_folded_texts`, which a push
 * treats as any table its schema lacks (see above).
 */
type SchemaHook = PostgresAdapter['afterSchemaInit'][number]
type HookArgs = Parameters<SchemaHook>[0]

const xid8 = customType<{ data: string }>({ dataType: () => 'xid8' })

/** Integer sequences as `CREATE SEQUENCE … AS integer` makes them. */
const integerSequence = (name: string) =>
  pgSequence(name, { cache: 1, increment: 1, maxValue: 2147483647, minValue: 1, startWith: 1 })

const SHARED_IDS: [sequence: string, tables: string[], owners: string][] = [
  ['calendar_post_ids', ['events', 'venues', 'organizers'], 'calendar_post_id_owners'],
  ['calendar_term_ids', ['event_categories', 'event_tags'], 'calendar_term_id_owners'],
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

  const sequences: Record<string, unknown> = {}
  const owners: Record<string, unknown> = {}
  for (const [sequence, group, ownersTable] of SHARED_IDS) {
    sequences[sequence] = integerSequence(sequence)
    owners[ownersTable] = pgTable(ownersTable, {
      id: integer('id').primaryKey(),
      owner: text('owner').notNull(),
    })
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
  for (const name of ['events', 'venues', 'organizers']) {
    const table = tables[name]
    if (table)
      extend({
        extraConfig: (t: Columns) => ({
          calendarSlugTrigram: index(`${name}_slug_trgm_idx`).using(
            'gin',
            (t.slug as { op: (name: string) => never }).op('gin_trgm_ops'),
          ),
        }),
        table,
      })
  }

  const termCounts = pgTable(
    'calendar_term_counts',
    {
      delta: integer('delta').notNull(),
      id: bigserial('id', { mode: 'number' }).primaryKey(),
      termId: integer('term_id').notNull(),
    },
    (t) => [index('calendar_term_counts_term_idx').on(t.termId)],
  )
  const changes = pgTable('calendar_changes', {
    at: timestamp('at', { mode: 'string', precision: 3, withTimezone: true })
      .defaultNow()
      .notNull(),
    txid: xid8('txid').primaryKey(),
  })
  // Filled again from the events and their occurrences by its step (`./apartFromDates.ts`).
  const apart = pgTable(APART_EVENTS, { eventId: integer('event_id').primaryKey() })
  return {
    ...schema,
    // Drizzle-kit takes the sequences from every value of the schema it is given, and Payload
    // builds that schema from its tables, relations and enums.
    enums: { ...schema.enums, ...sequences } as typeof schema.enums,
    tables: {
      ...schema.tables,
      ...owners,
      calendar_changes: changes,
      calendar_term_counts: termCounts,
      [APART_EVENTS]: apart,
    } as typeof schema.tables,
  }
}
