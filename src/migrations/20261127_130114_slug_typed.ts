import { MigrateUpArgs, MigrateDownArgs, sql } from '@payloadcms/db-postgres'

export async function up({ db, payload, req }: MigrateUpArgs): Promise<void> {
  await db.execute(sql`
   ALTER TABLE "events" ADD COLUMN "slug_typed" boolean;
  ALTER TABLE "venues" ADD COLUMN "slug_typed" boolean;
  ALTER TABLE "organizers" ADD COLUMN "slug_typed" boolean;`)
}

export async function down({ db, payload, req }: MigrateDownArgs): Promise<void> {
  await db.execute(sql`
   ALTER TABLE "events" DROP COLUMN "slug_typed";
  ALTER TABLE "venues" DROP COLUMN "slug_typed";
  ALTER TABLE "organizers" DROP COLUMN "slug_typed";`)
}
