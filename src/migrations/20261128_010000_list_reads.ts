import { MigrateDownArgs, MigrateUpArgs, sql } from '@payloadcms/db-postgres'

import { calendarSchemaSteps } from '../db/calendarSchema'

/*
 * Lists whose totals do not grow with the calendar (issue 26, "Speed"): the list's index on the
 * occurrences' wall-clock starts also holds their ends, statuses and events
 * (`calendar_occurrences_window_idx`), so that a window's count and page read the index alone. It
 * replaces `calendar_occurrences_list_idx`, which has the same keys. And the events' searched
 * texts folded as stored (`calendar_event_folded_texts`, kept by triggers), which a search reads
 * instead of folding each text it finds. Both steps are idempotent; run again, they add what a
 * database migrated before them lacks.
 */
export async function up({ db }: MigrateUpArgs): Promise<void> {
  await calendarSchemaSteps.searchFolding.create(db)
  await calendarSchemaSteps.occurrences.create(db)
  await db.execute(sql`DROP INDEX IF EXISTS "calendar_occurrences_list_idx";`)
}

export async function down({ db }: MigrateDownArgs): Promise<void> {
  await db.execute(sql`CREATE INDEX IF NOT EXISTS "calendar_occurrences_list_idx" ON "calendar_occurrences" USING btree ("start_local", "id");
  DROP INDEX IF EXISTS "calendar_occurrences_window_idx";
  DROP TABLE IF EXISTS "calendar_event_folded_texts";
  DROP FUNCTION IF EXISTS calendar_keep_folded_texts() CASCADE;`)
}
