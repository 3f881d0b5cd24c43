import { MigrateDownArgs, MigrateUpArgs, sql } from '@payloadcms/db-postgres'

import { calendarSchemaSteps } from '../db/calendarSchema'

/*
 * Lists whose cost does not grow with the calendar (issue 26, "Speed"): the occurrences' durations
 * (`calendar_occurrences_duration_idx`), from which a window's bound from below on the end gives
 * one on the start that the list's index serves, and each event's occurrences by wall-clock start
 * (`calendar_occurrences_event_local_idx`). The occurrences step is idempotent; run again, it adds
 * the indexes to a database migrated before them.
 */
export async function up({ db }: MigrateUpArgs): Promise<void> {
  await calendarSchemaSteps.occurrences.create(db)
}

export async function down({ db }: MigrateDownArgs): Promise<void> {
  await db.execute(sql`DROP INDEX IF EXISTS "calendar_occurrences_duration_idx";
  DROP INDEX IF EXISTS "calendar_occurrences_event_local_idx";`)
}
