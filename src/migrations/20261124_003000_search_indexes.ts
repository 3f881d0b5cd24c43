import { MigrateDownArgs, MigrateUpArgs } from '@payloadcms/db-postgres'

import { calendarSchemaSteps } from '../db/calendarSchema'

/*
 * Trigram indexes for the events list's search (issue 17), where pg_trgm is available. The step
 * lives in `src/db/calendarSchema/searchIndexes.ts`, which a host's own migration also runs
 * (`src/exports/migrations.ts`).
 */
export async function up({ db }: MigrateUpArgs): Promise<void> {
  await calendarSchemaSteps.searchIndexes.create(db)
}

export async function down({ db }: MigrateDownArgs): Promise<void> {
  await calendarSchemaSteps.searchIndexes.drop(db)
}
