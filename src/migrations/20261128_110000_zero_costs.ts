import { MigrateDownArgs, MigrateUpArgs, sql } from '@payloadcms/db-postgres'

/*
 * A cost of "0" was shown as no cost at all, however it was saved. As in the original, an update
 * now keeps it and shows it `Free`, while a create keeps no cost (`endpoints/events/prepareEvent.ts`,
 * docs/compatibility.md, "Cost"). A "0" saved before cannot tell which it came from: it becomes
 * no cost, as it was shown, so that no event's cost changes on the way.
 */
export async function up({ db }: MigrateUpArgs): Promise<void> {
  await db.execute(sql`DELETE FROM "events_texts" t USING "events" e
    WHERE t."parent_id" = e."id" AND t."path" = 'costDetails.values' AND e."cost" ~ '^\\s*0\\s*$';
  UPDATE "events" SET "cost" = '' WHERE "cost" ~ '^\\s*0\\s*$';`)
}

/** Nothing to undo: an empty cost shows as the "0" did before. */
export async function down(_args: MigrateDownArgs): Promise<void> {}
