import { MigrateDownArgs, MigrateUpArgs } from '@payloadcms/db-postgres'

import { calendarSchemaSteps } from '../db/calendarSchema'

/*
 * The events apart from their dates (a series, a split's second half, a cancelled or moved
 * occurrence, an event without occurrences) kept in a table of their own by triggers on `events`
 * and `calendar_occurrences` (`src/db/calendarSchema/apartFromDates.ts`), so that a list Payload
 * reads finds them without reading every occurrence of its window. The step fills the table from
 * the events already stored; it is idempotent.
 */
export async function up({ db }: MigrateUpArgs): Promise<void> {
  await calendarSchemaSteps.apartFromDates.create(db)
}

export async function down({ db }: MigrateDownArgs): Promise<void> {
  await calendarSchemaSteps.apartFromDates.drop(db)
}
