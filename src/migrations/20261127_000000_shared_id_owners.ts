import { MigrateDownArgs, MigrateUpArgs } from '@payloadcms/db-postgres'

import { calendarSchemaSteps } from '../db/calendarSchema'
import { dropSharedIdOwners } from '../db/calendarSchema/sharedIdSequences'

/*
 * Ids unique across each shared id space under concurrency (issue 25): each group's ids are
 * claimed in a table of its own (`calendar_post_id_owners`, `calendar_term_id_owners`) by triggers
 * on its tables, in the creating transaction, instead of a look at the other tables before an
 * insert, which two creates at the same moment both passed. The step lives in
 * `src/db/calendarSchema/sharedIdSequences.ts`, which a host's own migration also runs.
 */
export async function up({ db }: MigrateUpArgs): Promise<void> {
  await calendarSchemaSteps.sharedIdSequences.create(db)
}

export async function down({ db }: MigrateDownArgs): Promise<void> {
  await dropSharedIdOwners(db)
}
