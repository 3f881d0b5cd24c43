import { MigrateUpArgs, MigrateDownArgs, sql } from '@payloadcms/db-postgres'

import { calendarSchemaSteps } from '../db/calendarSchema'

/*
 * Venues and organizers list newest first by their post date to the whole second, as the original
 * (docs/compatibility.md, "Order of venues and organizers"), kept by src/hooks/storePostDate.ts.
 * Existing ones get it from the step in `src/db/calendarSchema/listOrder.ts`, which a host's own
 * migration also runs (`src/exports/migrations.ts`).
 */
export async function up({ db }: MigrateUpArgs): Promise<void> {
  await db.execute(sql`
   ALTER TABLE "venues" ADD COLUMN "post_date" timestamp(3) with time zone;
  ALTER TABLE "organizers" ADD COLUMN "post_date" timestamp(3) with time zone;`)
  await calendarSchemaSteps.listOrder.create(db)
  await db.execute(sql`
  CREATE INDEX "postDate_idx" ON "venues" USING btree ("post_date");
  CREATE INDEX "postDate_1_idx" ON "organizers" USING btree ("post_date");`)
}

export async function down({ db }: MigrateDownArgs): Promise<void> {
  await db.execute(sql`
   DROP INDEX "postDate_idx";
  DROP INDEX "postDate_1_idx";
  ALTER TABLE "venues" DROP COLUMN "post_date";
  ALTER TABLE "organizers" DROP COLUMN "post_date";`)
}
