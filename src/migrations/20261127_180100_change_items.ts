import { MigrateDownArgs, MigrateUpArgs } from '@payloadcms/db-postgres'

import { calendarSchemaSteps } from '../db/calendarSchema'
import { dropChangedItems } from '../db/calendarSchema/changeLog'

/*
 * The change log names the items each transaction changed (`calendar_change_items`), so that a
 * server drops only the kept answers that depend on them (issue 29). The change log's step is
 * idempotent; run again, it adds the items' table and triggers to a database migrated before it.
 */
export async function up({ db }: MigrateUpArgs): Promise<void> {
  await calendarSchemaSteps.changeLog.create(db)
}

export async function down({ db }: MigrateDownArgs): Promise<void> {
  await dropChangedItems(db)
}
