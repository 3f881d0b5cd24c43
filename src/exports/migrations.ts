import type { SqlRunner } from '../db/calendarSchema'

import { applyCalendarSchema, dropCalendarSchema } from '../db/calendarSchema'

/*
 * The calendar's database pieces for a host app's own migrations (docs/plugin.md, "The
 * calendar's database pieces"): Payload generates the calendar's tables with the host's other collections, but
 * not the pieces Payload knows nothing of (shared id sequences, indexes, term counts, change
 * log), nor the list order of events stored before the columns that keep it existed
 * (`src/db/calendarSchema/listOrder.ts`). `payload migrate` makes them after the host's migrations
 * by itself (`src/db/payloadInternals/hostMigrations.ts`); a host migration may also call these at
 * the end of its `up` and the start of its `down`:
 *
 *   import { calendarSchemaDown, calendarSchemaUp } from 'payload-events-calendar/migrations'
 *   export async function up({ db, payload, req }: MigrateUpArgs) { …; await calendarSchemaUp({ db, payload, req }) }
 *   export async function down({ db, payload, req }: MigrateDownArgs) { await calendarSchemaDown({ db, payload, req }); … }
 *
 * Both run in the migration's transaction and are safe to run again: a later migration may call
 * `calendarSchemaUp` once more to bring in pieces a newer version of the plugin adds.
 */
type MigrationArgs = { db: SqlRunner; payload?: unknown; req?: unknown }

export async function calendarSchemaUp({ db }: MigrationArgs): Promise<void> {
  await applyCalendarSchema(db)
}

export async function calendarSchemaDown({ db }: MigrationArgs): Promise<void> {
  await dropCalendarSchema(db)
}

export {
  applyCalendarSchema,
  dropCalendarSchema,
  findMissingCalendarSchema,
} from '../db/calendarSchema'
