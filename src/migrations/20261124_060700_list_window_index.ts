import { MigrateUpArgs, MigrateDownArgs, sql } from '@payloadcms/db-postgres'

/*
 * The events list's total (listed events of some statuses in a date window) from one index alone
 * (issue 17): since the list filters on `start_local`/`end_local` (20261124_040218_list_order),
 * `events_listing_idx` (on the UTC start) no longer serves it and the total read every event
 * (48 ms at 100,000 events, with EXPLAIN ANALYZE). From `indexes` in collections/Events/index.ts.
 */

export async function up({ db, payload, req }: MigrateUpArgs): Promise<void> {
  await db.execute(sql`
   CREATE INDEX "status_startLocal_endLocal_hideFromListings_idx" ON "events" USING btree ("status","start_local","end_local","hide_from_listings");`)
}

export async function down({ db, payload, req }: MigrateDownArgs): Promise<void> {
  await db.execute(sql`
   DROP INDEX "status_startLocal_endLocal_hideFromListings_idx";`)
}
