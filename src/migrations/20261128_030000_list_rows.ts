import { MigrateDownArgs, MigrateUpArgs } from '@payloadcms/db-postgres'

import { calendarSchemaSteps } from '../db/calendarSchema'

/*
 * What may have moved the events lists is logged apart from the items changed
 * (`calendar_change_rows`, `src/db/calendarSchema/listRows.ts`), so that a kept list outlives a
 * change that cannot alter it (issue 29). The step is idempotent.
 */
export async function up({ db }: MigrateUpArgs): Promise<void> {
  await calendarSchemaSteps.listRows.create(db)
}

export async function down({ db }: MigrateDownArgs): Promise<void> {
  await calendarSchemaSteps.listRows.drop(db)
}
