import { MigrateUpArgs, MigrateDownArgs, sql } from '@payloadcms/db-postgres'

import { localWallTime, wholeSecond } from '../../collections/Events/hooks/storeListOrder'

/*
 * What the events list orders and filters by, as the original (docs/compatibility.md, "Order of
 * events"): each event's start and end as wall times in its own timezone and its post date, kept
 * by collections/Events/hooks/storeListOrder.ts, indexed for the list's window and order. Existing
 * events get them here, computed by the hook's own functions (the database cannot read the manual
 * offsets WordPress accepts, `UTC+2`, as WordPress does).
 */

const BATCH = 1000

export async function up({ db, payload }: MigrateUpArgs): Promise<void> {
  await db.execute(sql`
   ALTER TABLE "events" ADD COLUMN "start_local" varchar;
  ALTER TABLE "events" ADD COLUMN "end_local" varchar;
  ALTER TABLE "events" ADD COLUMN "post_date" timestamp(3) with time zone;`)
  const custom = payload.config.custom as { eventsCalendar?: { siteTimezone?: string } } | undefined
  await backfillListOrder(db, custom?.eventsCalendar?.siteTimezone ?? 'UTC')
  await db.execute(sql`
  CREATE INDEX "startLocal_postDate_idx" ON "events" USING btree ("start_local","post_date");
  CREATE INDEX "endLocal_idx" ON "events" USING btree ("end_local");`)
}

/** Fills the three columns of every event, a thousand events per statement. */
export async function backfillListOrder(db: MigrateUpArgs['db'], siteTimezone: string): Promise<void> {
  for (let after = 0; ; ) {
    const { rows } = (await db.execute(sql`
      SELECT "id", "start_date", "end_date", "timezone", "published_at", "created_at" FROM "events"
      WHERE "id" > ${after} ORDER BY "id" LIMIT ${BATCH}`)) as unknown as { rows: Record<string, unknown>[] }
    if (!rows.length) return
    const values = rows.map((row) => {
      const timezone = (row.timezone as null | string) || siteTimezone
      const start = row.start_date ? localWallTime(row.start_date as string, timezone) : null
      const end = row.end_date ? localWallTime(row.end_date as string, timezone) : null
      const posted = (row.published_at ?? row.created_at) as null | string
      return sql`(${row.id}::integer, ${start}::varchar, ${end}::varchar, ${posted ? wholeSecond(posted) : null}::timestamptz)`
    })
    await db.execute(sql`
      UPDATE "events" SET "start_local" = v.start_local, "end_local" = v.end_local, "post_date" = v.post_date
      FROM (VALUES ${sql.join(values, sql`, `)}) AS v(id, start_local, end_local, post_date)
      WHERE "events"."id" = v.id`)
    after = Number(rows[rows.length - 1]!.id)
  }
}

export async function down({ db }: MigrateDownArgs): Promise<void> {
  await db.execute(sql`
   DROP INDEX "startLocal_postDate_idx";
  DROP INDEX "endLocal_idx";
  ALTER TABLE "events" DROP COLUMN "start_local";
  ALTER TABLE "events" DROP COLUMN "end_local";
  ALTER TABLE "events" DROP COLUMN "post_date";`)
}
