import { MigrateDownArgs, MigrateUpArgs } from '@payloadcms/db-postgres'

import { calendarSchemaSteps } from '../db/calendarSchema'

/*
 * Searches without regard to case or accents: `calendar_search_fold` and the trigram indexes of
 * the events' folded texts. The step lives in `src/db/calendarSchema/searchFolding.ts`, which a
 * host's own migration also runs (`src/exports/migrations.ts`).
 */
export async function up({ db }: MigrateUpArgs): Promise<void> {
  await calendarSchemaSteps.searchFolding.create(db)
}

export async function down({ db }: MigrateDownArgs): Promise<void> {
  await calendarSchemaSteps.searchFolding.drop(db)
}
