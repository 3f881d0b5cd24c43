import { MigrateDownArgs, MigrateUpArgs, sql } from '@payloadcms/db-postgres'

import { calendarSchemaSteps } from '../db/calendarSchema'

/*
 * The compatibility API lists occurrences (issue 26, item 4) in the order of their wall-clock
 * starts: the index `calendar_occurrences_list_idx` (`start_local`, `id`) serves that order and the
 * list's window, as the events' list-order index did for single events. The occurrences step is
 * idempotent; run again, it adds the index to a database migrated before it.
 */
export async function up({ db }: MigrateUpArgs): Promise<void> {
  await calendarSchemaSteps.occurrences.create(db)
}

export async function down({ db }: MigrateDownArgs): Promise<void> {
  await db.execute(sql`DROP INDEX IF EXISTS "calendar_occurrences_list_idx";`)
}
