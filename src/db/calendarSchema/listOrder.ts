import { sql } from '@payloadcms/db-postgres'

import type { SchemaPiece, SqlRunner } from './pieces'

import { wholeSecond } from '../../lib/postDate'
import { localWallTime } from '../../lib/wallTimes'

/*
 * The events list orders and filters by each event's start and end as wall times in its own zone
 * and by its post date (`docs/compatibility.md`, "Order of events"), which the server writes with
 * every event (`collections/Events/hooks/storeListOrder.ts`). Events stored before those columns
 * existed (the app's migration `20261124_040218_list_order`, or a host whose own migration adds
 * the columns with its other collections) get them here, computed by the hook's own functions:
 * the database cannot read the manual offsets the original accepts (`UTC+2`) as it does. Only rows
 * still missing a value are written, so running the step again costs one index-less scan. Venues'
 * and organizers' post dates (`src/hooks/storePostDate.ts`) are filled the same way.
 */

const BATCH = 1000

type Rows = { rows: Record<string, unknown>[] }

export async function fillListOrder(db: SqlRunner): Promise<void> {
  await fillEventListOrder(db)
  for (const table of ['venues', 'organizers']) await fillPostDates(db, table)
}

/**
 * Venues and organizers order by their post date alone (`src/hooks/storePostDate.ts`): the
 * database truncates it to the second as the hook does.
 */
async function fillPostDates(db: SqlRunner, table: string): Promise<void> {
  const { rows } = (await db.execute(sql`
    SELECT count(*)::int AS n FROM information_schema.columns
    WHERE table_schema = current_schema() AND table_name = ${table} AND column_name = 'post_date'`)) as Rows
  if (Number(rows[0]?.n) !== 1) return
  await db.execute(sql`
    UPDATE ${sql.identifier(table)} SET "post_date" = date_trunc('second', coalesce("published_at", "created_at"))
    WHERE "post_date" IS NULL`)
}

async function fillEventListOrder(db: SqlRunner): Promise<void> {
  const { rows: columns } = (await db.execute(sql`
    SELECT count(*)::int AS n FROM information_schema.columns
    WHERE table_schema = current_schema() AND table_name = 'events' AND column_name IN ('start_local', 'end_local', 'post_date')`)) as Rows
  if (Number(columns[0]?.n) !== 3) return
  for (let after = 0; ;) {
    const { rows } = (await db.execute(sql`
      SELECT "id", "start_date", "end_date", "timezone", "published_at", "created_at" FROM "events"
      WHERE "id" > ${after} AND ("start_local" IS NULL OR "end_local" IS NULL OR "post_date" IS NULL)
      ORDER BY "id" LIMIT ${BATCH}`)) as Rows
    if (!rows.length) return
    const values = rows.map((row) => {
      const timezone = String(row.timezone || 'UTC')
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

/** The values are the events' own: nothing to remove. */
export async function keepListOrder(): Promise<void> {}

/** Data, not named pieces: the start-up check has nothing to look for. */
export function listOrderPieces(): SchemaPiece[] {
  return []
}
