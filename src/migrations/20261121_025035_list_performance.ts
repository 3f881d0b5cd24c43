import { MigrateDownArgs, MigrateUpArgs } from '@payloadcms/db-postgres'

import { calendarSchemaSteps } from '../db/calendarSchema'

/*
 * What the compatibility API's lists need to stay fast as the calendar grows (issue 6): indexes
 * Payload does not make, each term's number of published events kept by triggers, and a log of
 * the transactions that changed calendar content. The steps live in `src/db/calendarSchema/`,
 * which a host's own migration also runs (`src/exports/migrations.ts`).
 */
export async function up({ db }: MigrateUpArgs): Promise<void> {
  const { changeLog, listIndexes, termCounts } = calendarSchemaSteps
  await listIndexes.create(db)
  await termCounts.create(db)
  await changeLog.create(db)
}

export async function down({ db }: MigrateDownArgs): Promise<void> {
  const { changeLog, listIndexes, termCounts } = calendarSchemaSteps
  await changeLog.drop(db)
  await termCounts.drop(db)
  await listIndexes.drop(db)
}
