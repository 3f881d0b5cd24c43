import { MigrateDownArgs, MigrateUpArgs } from '@payloadcms/db-postgres'

import { calendarSchemaSteps } from '../db/calendarSchema'

/*
 * What visitors can see of a change of an item they cannot read is logged beside the items
 * changed (`calendar_change_traces`, `src/db/calendarSchema/hiddenChanges.ts`), so that an edit of
 * a draft drops nothing kept for visitors and purges no shared cache: they would read its time
 * from a list turning slow. The step is idempotent.
 */
export async function up({ db }: MigrateUpArgs): Promise<void> {
  await calendarSchemaSteps.hiddenChanges.create(db)
}

export async function down({ db }: MigrateDownArgs): Promise<void> {
  await calendarSchemaSteps.hiddenChanges.drop(db)
}
