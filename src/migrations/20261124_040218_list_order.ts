import { MigrateUpArgs, MigrateDownArgs, sql } from '@payloadcms/db-postgres'

import { calendarSchemaSteps } from '../db/calendarSchema'

/*
 * What the events list orders and filters by, as the original (docs/compatibility.md, "Order of
 * events"): each event's start and end as wall times in its own timezone and its post date, kept
 * by collections/Events/hooks/storeListOrder.ts, indexed for the list's window and order. Existing
 * events get them from the step in `src/db/calendarSchema/listOrder.ts`, which a host's own
 * migration also runs (`src/exports/migrations.ts`).
 */
export async function up({ db }: MigrateUpArgs): Promise<void> {
  await db.execute(sql`
   ALTER TABLE "events" ADD COLUMN "start_local" varchar;
  ALTER TABLE "events" ADD COLUMN "end_local" varchar;
  ALTER TABLE "events" ADD COLUMN "post_date" timestamp(3) with time zone;`)
  await calendarSchemaSteps.listOrder.create(db)
  await db.execute(sql`
  CREATE INDEX "startLocal_postDate_idx" ON "events" USING btree ("start_local","post_date");
  CREATE INDEX "endLocal_idx" ON "events" USING btree ("end_local");`)
}

export async function down({ db }: MigrateDownArgs): Promise<void> {
  await db.execute(sql`
   DROP INDEX "startLocal_postDate_idx";
  DROP INDEX "endLocal_idx";
  ALTER TABLE "events" DROP COLUMN "start_local";
  ALTER TABLE "events" DROP COLUMN "end_local";
  ALTER TABLE "events" DROP COLUMN "post_date";`)
}
