import { MigrateDownArgs, MigrateUpArgs } from '@payloadcms/db-postgres'

import { calendarSchemaSteps } from '../db/calendarSchema'

/*
 * Events, venues and organizers share one id space, categories and tags another
 * (`docs/compatibility.md`, "Shared id spaces"): the steps live in
 * `src/db/calendarSchema/sharedIdSequences.ts`, which a host's own migration also runs
 * (`src/exports/migrations.ts`).
 */
export async function up({ db }: MigrateUpArgs): Promise<void> {
  await calendarSchemaSteps.sharedIdSequences.create(db)
}

export async function down({ db }: MigrateDownArgs): Promise<void> {
  await calendarSchemaSteps.sharedIdSequences.drop(db)
}
