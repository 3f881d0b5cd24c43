import { MigrateDownArgs, MigrateUpArgs } from '@payloadcms/db-postgres'

import { calendarSchemaSteps } from '../db/calendarSchema'

/*
 * The events apart from their dates (`src/db/calendarSchema/apartFromDates.ts`) are judged again
 * after an update of `events` only for the events whose id, start or end it changed: the rule
 * reads nothing else of an event's row, so an edit that moves none of them (a rename) judges no
 * event again. The step is idempotent; run again, it writes the trigger function anew.
 */
export async function up({ db }: MigrateUpArgs): Promise<void> {
  await calendarSchemaSteps.apartFromDates.create(db)
}

/** Nothing to undo: the function this writes keeps the same table as the one before it. */
export async function down(_args: MigrateDownArgs): Promise<void> {}
