import { MigrateUpArgs, MigrateDownArgs, sql } from '@payloadcms/db-postgres'

export async function up({ db, payload, req }: MigrateUpArgs): Promise<void> {
  await db.execute(sql`
   ALTER TABLE "venues_locales" ADD COLUMN "description_html" varchar;
  ALTER TABLE "organizers_locales" ADD COLUMN "description_html" varchar;`)
}

export async function down({ db, payload, req }: MigrateDownArgs): Promise<void> {
  await db.execute(sql`
   ALTER TABLE "venues_locales" DROP COLUMN "description_html";
  ALTER TABLE "organizers_locales" DROP COLUMN "description_html";`)
}
