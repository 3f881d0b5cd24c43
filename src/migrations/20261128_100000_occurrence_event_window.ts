import { MigrateDownArgs, MigrateUpArgs, sql } from '@payloadcms/db-postgres'

import { calendarSchemaSteps } from '../db/calendarSchema'

/*
 * A search's total counted event by event (issue 26, "Speed"): each event's occurrences by
 * wall-clock start with the window's other conditions (`calendar_occurrences_event_window_idx`,
 * its end and status included), so that the count reads the index alone
 * (`src/calendar/events/occurrences.ts`, `occurrenceCount`). It takes the place of
 * `calendar_occurrences_event_local_idx`, the same key without them. The occurrences step is
 * idempotent; run again, it adds the index to a database migrated before it.
 */
export async function up({ db }: MigrateUpArgs): Promise<void> {
  await calendarSchemaSteps.occurrences.create(db)
  await db.execute(sql`DROP INDEX IF EXISTS "calendar_occurrences_event_local_idx";`)
}

export async function down({ db }: MigrateDownArgs): Promise<void> {
  await db.execute(sql`CREATE INDEX IF NOT EXISTS "calendar_occurrences_event_local_idx" ON "calendar_occurrences" USING btree ("event_id", "start_local", "id");
  DROP INDEX IF EXISTS "calendar_occurrences_event_window_idx";`)
}
