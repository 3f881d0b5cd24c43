import { MigrateUpArgs, MigrateDownArgs, sql } from '@payloadcms/db-postgres'

export async function up({ db, payload, req }: MigrateUpArgs): Promise<void> {
  await db.execute(sql`
   ALTER TABLE "events" ADD COLUMN "recurrence_rule" varchar;
  ALTER TABLE "events" ADD COLUMN "series_root" numeric;
  ALTER TABLE "events" ADD COLUMN "materialized_until" timestamp(3) with time zone;
  CREATE INDEX "events_series_root_idx" ON "events" USING btree ("series_root");`)
}

export async function down({ db, payload, req }: MigrateDownArgs): Promise<void> {
  await db.execute(sql`
   DROP INDEX "events_series_root_idx";
  ALTER TABLE "events" DROP COLUMN "recurrence_rule";
  ALTER TABLE "events" DROP COLUMN "series_root";
  ALTER TABLE "events" DROP COLUMN "materialized_until";`)
}
