import { MigrateDownArgs, MigrateUpArgs, sql } from '@payloadcms/db-postgres'

import { calendarSchemaSteps } from '../db/calendarSchema'

/*
 * The occurrences table is vacuumed and analysed once a fiftieth of it changed rather than a
 * fifth (src/db/calendarSchema/occurrences.ts): the dead rows of edited or deleted series were
 * read past by every list's planning until then. The occurrences step is idempotent; run again,
 * it sets the table's storage parameters on a database migrated before it.
 */
export async function up({ db }: MigrateUpArgs): Promise<void> {
  await calendarSchemaSteps.occurrences.create(db)
}

export async function down({ db }: MigrateDownArgs): Promise<void> {
  await db.execute(
    sql`ALTER TABLE "calendar_occurrences" RESET (autovacuum_vacuum_scale_factor, autovacuum_analyze_scale_factor);`,
  )
}
