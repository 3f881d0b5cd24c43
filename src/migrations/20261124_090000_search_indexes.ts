import { MigrateDownArgs, MigrateUpArgs, sql } from '@payloadcms/db-postgres'

import { calendarSchemaSteps } from '../db/calendarSchema'

/*
 * Search indexes (issue 17): trigram indexes of the folded texts a venue or organizer search
 * compares (`src/db/calendarSchema/linkedSearchIndexes.ts`); and, dropped, two indexes no query
 * used that cost every write of an event: `events_listing_idx` (the UTC start, which the list no
 * longer filters on, `listIndexes.ts`) and the raw trigram indexes of the events' excerpts and
 * descriptions, superseded by their folded ones (`searchIndexes.ts`). The steps drop them, so a
 * host's migration calling `calendarSchemaUp` again drops them too. Then the searched tables are
 * analyzed and the fold's cost declared (`searchCosts.ts`), so that the planner reads a rare word's
 * matches first instead of walking the list.
 */
export async function up({ db }: MigrateUpArgs): Promise<void> {
  await calendarSchemaSteps.listIndexes.create(db)
  await calendarSchemaSteps.searchIndexes.create(db)
  await calendarSchemaSteps.linkedSearchIndexes.create(db)
  await calendarSchemaSteps.searchCosts.create(db)
}

export async function down({ db }: MigrateDownArgs): Promise<void> {
  await calendarSchemaSteps.searchCosts.drop(db)
  await calendarSchemaSteps.linkedSearchIndexes.drop(db)
  await db.execute(sql`
  CREATE INDEX IF NOT EXISTS "events_listing_idx" ON "events" USING btree ("status", "start_date") INCLUDE ("end_date", "hide_from_listings");
  DO $$
  BEGIN
    IF EXISTS (SELECT 1 FROM pg_extension WHERE extname = 'pg_trgm') THEN
      CREATE INDEX IF NOT EXISTS "events_locales_excerpt_trgm_idx" ON "events_locales" USING gin ("excerpt" gin_trgm_ops);
      CREATE INDEX IF NOT EXISTS "events_locales_description_text_trgm_idx" ON "events_locales" USING gin ("description_text" gin_trgm_ops);
    END IF;
  END $$;`)
}
