import { MigrateDownArgs, MigrateUpArgs, sql } from '@payloadcms/db-postgres'

import { calendarSchemaSteps } from '../db/calendarSchema'

/*
 * The events lists' probes of one event (issue 26, "Speed"): its links to a category, tag or
 * organizer by the item, the path and the event (`events_rels_*_path_parent_idx`), and its folded
 * texts in a language (`calendar_event_folded_texts_parent_idx`), which a term's or a search's
 * list checks each event it meets against (`src/calendar/events/eventsSql.ts`). Both steps are
 * idempotent; run again, they add what a database migrated before them lacks.
 */
export async function up({ db }: MigrateUpArgs): Promise<void> {
  await calendarSchemaSteps.listIndexes.create(db)
  await calendarSchemaSteps.searchFolding.create(db)
}

export async function down({ db }: MigrateDownArgs): Promise<void> {
  await db.execute(sql`DROP INDEX IF EXISTS "events_rels_event_categories_id_path_parent_idx";
  DROP INDEX IF EXISTS "events_rels_event_tags_id_path_parent_idx";
  DROP INDEX IF EXISTS "events_rels_organizers_id_path_parent_idx";
  DROP INDEX IF EXISTS "calendar_event_folded_texts_parent_idx";`)
}
