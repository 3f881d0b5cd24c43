import { MigrateUpArgs, MigrateDownArgs, sql } from '@payloadcms/db-postgres'

export async function up({ db, payload, req }: MigrateUpArgs): Promise<void> {
  await db.execute(sql`
   ALTER TABLE "events_locales" ADD COLUMN "description_text" varchar;
  ALTER TABLE "venues_locales" ADD COLUMN "description_text" varchar;
  ALTER TABLE "organizers_locales" ADD COLUMN "description_text" varchar;`)
}

export async function down({ db, payload, req }: MigrateDownArgs): Promise<void> {
  await db.execute(sql`
   ALTER TABLE "events_locales" DROP COLUMN "description_text";
  ALTER TABLE "venues_locales" DROP COLUMN "description_text";
  ALTER TABLE "organizers_locales" DROP COLUMN "description_text";`)
}
