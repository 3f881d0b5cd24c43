import { MigrateDownArgs, MigrateUpArgs } from '@payloadcms/db-postgres'

import { calendarSchemaSteps } from '../db/calendarSchema'

/*
 * Recurring events' occurrences (issue 26): the table `calendar_occurrences`, its indexes and id
 * triggers, and every event stored so far given its one occurrence with its own id. The step
 * lives in `src/db/calendarSchema/occurrences.ts`, which a host's own migration also runs.
 */
export async function up({ db }: MigrateUpArgs): Promise<void> {
  await calendarSchemaSteps.occurrences.create(db)
}

export async function down({ db }: MigrateDownArgs): Promise<void> {
  await calendarSchemaSteps.occurrences.drop(db)
}
