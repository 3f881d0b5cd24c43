/**
 * Fills a fresh database with issue 26's calendar of recurring events:
 * `node --import tsx bench/recurrenceSeed.ts <summary.json>` with DATABASE_URL, BENCH_SERIES and
 * BENCH_SINGLES set (10,000 series and 50,000 single events make about 1,000,000 occurrences).
 *
 * The events, venues, organizers and terms are bench/seed.ts's. The series' occurrences are
 * written by the product's own code (`expandEventSeries` and `storeSeriesOccurrences`, what an
 * event's save runs), each series in a transaction of its own, without Payload's hooks around it;
 * the single events' one occurrence each by the statement the occurrences' migration backfills
 * with. A sample of series and single events is then created through the Local API, and for each
 * the bulk path is run again on the same event (rolled back) and must store the same rows.
 */
import { sql } from '@payloadcms/db-postgres'
import fs from 'node:fs/promises'
import pg from 'pg'

import type { SqlQuerier } from '../src/db/payloadInternals/adapter'

import { localWallTime } from '../src/lib/wallTimes'
import { storeSeriesOccurrences } from '../src/db/occurrences'
import { requireDrizzle } from '../src/db/payloadInternals/adapter'
import { expandEventSeries, horizonAfter } from '../src/recurrence/index'
import { seed, type SeedSummary, SINGLE_OCCURRENCES } from './seed'

export type RecurrenceSeedSummary = SeedSummary & {
  /** The instant the series were stored up to (now + 24 months at seed time). */
  horizon: string
  occurrences: number
  /** Published, listed series without a password, for the occurrences routes. */
  seriesSample: number[]
  series: number
  singles: number
}

const DAY = 86_400_000
const HORIZON_MONTHS = 24
/** The sample written through the Local API and compared with the bulk path. */
const API_SAMPLE = 12
/** Series stored at once, on as many connections. */
const LANES = 4

/** The mix: 6 weekly, 3 monthly, 1 daily in 10 (the daily ones end after a count). */
function ruleOf(index: number): string {
  const kind = index % 10
  if (kind < 6) return index % 2 ? 'FREQ=WEEKLY' : 'FREQ=WEEKLY;INTERVAL=1'
  if (kind < 9) return 'FREQ=MONTHLY'
  return `FREQ=DAILY;COUNT=${60 + ((index * 37) % 241)}`
}

type SeriesRow = {
  id: number
  start_date: Date
  end_date: Date
  timezone: string
  all_day: boolean
  start_local: string
  end_local: string
  recurrence_rule: string
}

/** What an event's save stores for a series (collections/Events/hooks/materializeOccurrences.ts), for one event. */
async function storeSeries(db: SqlQuerier, row: SeriesRow, horizon: Date): Promise<number> {
  const expanded = expandEventSeries(
    {
      startDate: row.start_date,
      timezone: row.timezone,
      allDay: row.all_day,
      startLocal: row.start_local,
      recurrence: { rule: row.recurrence_rule },
    },
    horizon,
  )!
  return storeSeriesOccurrences(db, {
    span: {
      id: row.id,
      startDate: new Date(row.start_date),
      endDate: new Date(row.end_date),
      startLocal: row.start_local,
      endLocal: row.end_local,
    },
    series: expanded.series,
    occurrences: expanded.occurrences,
    horizon: expanded.storedUntil,
  })
}

const SERIES_COLUMNS = `id, start_date, end_date, timezone, all_day, start_local, end_local, recurrence_rule`

/** An occurrence's row as compared between the API and the bulk path: everything but a new id. */
const ROWS_OF = `
  SELECT (id = event_id) AS own_id, original_start::text, start_local::text, end_local::text, extract(epoch FROM start_utc)::text AS start_utc, extract(epoch FROM end_utc)::text AS end_utc,
    status, sequence, from_rdate, override::text
  FROM calendar_occurrences WHERE event_id = $1 ORDER BY original_start`

export async function seedRecurrence(args: {
  series: number
  singles: number
  log: (message: string) => void
}): Promise<RecurrenceSeedSummary> {
  const started = Date.now()
  const { log, series: seriesCount, singles } = args
  const base = await seed({ events: singles + seriesCount, log })
  const { bootPayload } = await import('../src/server/db/boot')
  const payload = await bootPayload()
  const drizzle = requireDrizzle(payload)
  const now = new Date()
  const horizon = horizonAfter(now, HORIZON_MONTHS)

  const client = new pg.Client({ connectionString: process.env.DATABASE_URL })
  await client.connect()
  // The last `seriesCount` events become series: each starts within the last 180 days or the
  // next 30, at the time of day and with the length and zone bench/seed.ts gave it.
  const { rows: picked } = await client.query<{
    id: number
    start_date: Date
    end_date: Date
    timezone: string
  }>(`SELECT id, start_date, end_date, timezone FROM events ORDER BY id DESC LIMIT $1`, [
    seriesCount,
  ])
  const today = Math.floor(now.getTime() / DAY) * DAY
  const updates = picked.map((row, index) => {
    const start = new Date(row.start_date)
    const length = new Date(row.end_date).getTime() - start.getTime()
    const moved = new Date(
      today - ((index * 7919) % 211) * DAY + 30 * DAY + (start.getTime() % DAY),
    )
    const end = new Date(moved.getTime() + length)
    return {
      id: row.id,
      start_date: moved.toISOString(),
      end_date: end.toISOString(),
      start_local: localWallTime(moved, row.timezone),
      end_local: localWallTime(end, row.timezone),
      rule: ruleOf(index),
    }
  })
  await client.query(
    `UPDATE events e SET start_date = v.start_date, end_date = v.end_date, start_local = v.start_local, end_local = v.end_local, recurrence_rule = v.rule
     FROM json_to_recordset($1::json) AS v(id int, start_date timestamptz, end_date timestamptz, start_local varchar, end_local varchar, rule varchar)
     WHERE e.id = v.id`,
    [JSON.stringify(updates)],
  )
  // bench/seed.ts gave every event its one occurrence; a series' are stored below.
  await client.query(`DELETE FROM calendar_occurrences WHERE event_id = ANY($1::int[])`, [
    updates.map((update) => update.id),
  ])

  let stored = 0
  const seriesStarted = Date.now()
  for (let offset = 0; offset < updates.length; offset += 500) {
    const ids = updates.slice(offset, offset + 500).map((update) => update.id)
    const { rows } = await client.query<SeriesRow>(
      `SELECT ${SERIES_COLUMNS} FROM events WHERE id = ANY($1::int[]) ORDER BY id`,
      [ids],
    )
    // A few series at a time, each in its own transaction as a save would be.
    for (let lane = 0; lane < rows.length; lane += LANES)
      for (const added of await Promise.all(
        rows
          .slice(lane, lane + LANES)
          .map((row) => drizzle.transaction!((tx) => storeSeries(tx, row, horizon))),
      ))
        stored += added
    log(
      `  ${Math.min(updates.length, offset + 500)} / ${updates.length} series, ${stored} occurrences (${((Date.now() - seriesStarted) / 1000).toFixed(0)} s)`,
    )
  }

  // The sample through the Local API: the same kinds of series and single events.
  const venue = base.filter.venue
  const category = base.filter.category
  const sampleIds: { id: number; recurring: boolean }[] = []
  for (let index = 0; index < API_SAMPLE; index++) {
    const recurring = index % 4 !== 3
    const start = new Date(today + ((index * 13) % 40) * DAY + 18 * 3_600_000)
    const event = await payload.create({
      collection: 'events',
      data: {
        title: `Recurring sample ${index + 1}`,
        startDate: start.toISOString(),
        endDate: new Date(start.getTime() + 5_400_000).toISOString(),
        timezone: ['Europe/Paris', 'America/New_York', 'UTC'][index % 3],
        venue,
        categories: [category],
        status: 'publish',
        ...(recurring ? { recurrence: { rule: ruleOf(index) } } : {}),
      } as never,
      overrideAccess: true,
    })
    sampleIds.push({ id: Number(event.id), recurring })
  }
  await checkBulkPath(client, drizzle, sampleIds)
  log(`  the bulk path stores the same rows as the Local API for ${sampleIds.length} events`)

  await client.query('VACUUM ANALYZE')
  const { rows: counted } = await client.query<{ n: number }>(
    `SELECT count(*)::int AS n FROM calendar_occurrences`,
  )
  const { rows: sample } = await client.query<{ id: number }>(
    `SELECT id FROM events WHERE recurrence_rule IS NOT NULL AND status = 'publish' AND NOT hide_from_listings AND password IS NULL
     ORDER BY md5(id::text) LIMIT 200`,
  )
  await client.end()
  return {
    ...base,
    events: base.events + API_SAMPLE,
    horizon: horizon.toISOString(),
    occurrences: counted[0]!.n,
    seconds: Math.round((Date.now() - started) / 100) / 10,
    series: seriesCount,
    seriesSample: sample.map((row) => Number(row.id)),
    singles,
  }
}

/**
 * For each event the Local API created: its stored rows are removed and written again by the
 * bulk path (the series to the horizon its save stored), inside a transaction that is rolled
 * back; the rows must be the same but for the new ids the sequence hands out.
 */
async function checkBulkPath(
  client: pg.Client,
  drizzle: ReturnType<typeof requireDrizzle>,
  events: { id: number; recurring: boolean }[],
) {
  for (const { id, recurring } of events) {
    const before = (await client.query(ROWS_OF, [id])).rows
    const { rows: eventRows } = await client.query<SeriesRow & { materialized_until: Date }>(
      `SELECT ${SERIES_COLUMNS}, materialized_until FROM events WHERE id = $1`,
      [id],
    )
    const event = eventRows[0]!
    const after = await new Promise<unknown[]>((resolve, reject) => {
      const rollback = new Error('rollback')
      let rows: unknown[] = []
      drizzle.transaction!(async (tx) => {
        await tx.execute(sql`DELETE FROM calendar_occurrences WHERE event_id = ${id}`)
        if (recurring) await storeSeries(tx, event, new Date(event.materialized_until))
        else await tx.execute(sql.raw(`${SINGLE_OCCURRENCES} AND e.id = ${Number(id)}`))
        rows = (await tx.execute(sql.raw(ROWS_OF.replace('$1', String(Number(id)))))).rows
        throw rollback
      }).then(
        () => resolve(rows),
        (error) => (error === rollback ? resolve(rows) : reject(error)),
      )
    })
    if (!before.length || JSON.stringify(before) !== JSON.stringify(after))
      throw new Error(
        `the bulk path stores other occurrences than the Local API for event ${id}: ${JSON.stringify(before).slice(0, 400)} against ${JSON.stringify(after).slice(0, 400)}`,
      )
  }
}

if (process.argv[1]?.endsWith('recurrenceSeed.ts')) {
  // Keeps the process alive while modules load (as bench/seed.ts does).
  setInterval(() => undefined, 1000)
  const out = process.argv[2]
  seedRecurrence({
    series: Number(process.env.BENCH_SERIES ?? 1_000),
    singles: Number(process.env.BENCH_SINGLES ?? 5_000),
    log: (message) => console.log(message),
  })
    .then(async (summary) => {
      if (out) await fs.writeFile(out, JSON.stringify(summary))
      process.exit(0)
    })
    .catch((error) => {
      console.error(error)
      process.exit(1)
    })
}
