import { MigrateDownArgs, MigrateUpArgs, sql } from '@payloadcms/db-postgres'

import { calendarSchemaSteps } from '../db/calendarSchema'

/*
 * An occurrence's change is logged as its event's (`calendar_changes` and `calendar_change_items`),
 * whatever writes it: the horizon job, an import's ids. The occurrences step is idempotent; run
 * again, it adds the triggers to a database migrated before it.
 */
export async function up({ db }: MigrateUpArgs): Promise<void> {
  await calendarSchemaSteps.occurrences.create(db)
}

export async function down({ db }: MigrateDownArgs): Promise<void> {
  await db.execute(sql`
  DROP TRIGGER IF EXISTS "calendar_occurrences_log_change" ON "calendar_occurrences";
  DROP TRIGGER IF EXISTS "calendar_occurrences_log_inserted" ON "calendar_occurrences";
  DROP TRIGGER IF EXISTS "calendar_occurrences_log_updated" ON "calendar_occurrences";
  DROP TRIGGER IF EXISTS "calendar_occurrences_log_deleted" ON "calendar_occurrences";`)
}
