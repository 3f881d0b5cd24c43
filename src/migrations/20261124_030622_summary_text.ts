import { MigrateUpArgs, MigrateDownArgs, sql } from '@payloadcms/db-postgres'

// The text of an event's description as the API received it, for its JSON-LD summary (src/hooks/storeSentDescription.ts).

export async function up({ db, payload, req }: MigrateUpArgs): Promise<void> {
  await db.execute(sql`
   ALTER TABLE "events_locales" ADD COLUMN "summary_text" varchar;`)
}

export async function down({ db, payload, req }: MigrateDownArgs): Promise<void> {
  await db.execute(sql`
   ALTER TABLE "events_locales" DROP COLUMN "summary_text";`)
}
