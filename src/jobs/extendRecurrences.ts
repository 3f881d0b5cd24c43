import type { CollectionSlug, Payload, PayloadRequest, TaskConfig } from 'payload'

import { sql } from '@payloadcms/db-postgres'
import { createLocalReq } from 'payload'

import { announceListChanges } from '../cdn/purgeOnChange'
import { isLockTimeout } from '../db/locks'
import {
  appendSeriesOccurrences,
  lockEvent,
  type SeriesExtension,
  storeSeriesOccurrences,
} from '../db/occurrences'
import {
  requireDrizzle,
  type SqlQuerier,
  transactionSessionOf,
} from '../db/payloadInternals/adapter'
import {
  endsBy,
  type EventSeriesFields,
  expandEventSeries,
  expandRecurrenceBetween,
  horizonAfter,
  MAX_OCCURRENCES,
  RecurrenceError,
  recurrenceOf,
  seriesStartOf,
  WHOLE_SERIES,
} from '../recurrence/index'
import { inTransaction } from '../lib/transaction'
import { CALENDAR_QUEUE } from './publishScheduledItems'

export const EXTEND_RECURRENCES_TASK = 'extendRecurrences'

/** Series ids read per query. */
const PAGE = 1_000
/**
 * Series extended in one transaction: a handful of statements for them all. Their rows stay
 * locked until it commits, so a save of one of them waits for at most one batch.
 */
const BATCH = 100
/** Batches at once, each on a connection of its own: one computes while another's statements run. */
const LANES = 2

type Horizon = { horizon: Date; payload: Payload }

/** What the expansion reads of a series, in one statement for a batch (the recurrence's texts included). */
type SeriesRow = {
  id: number
  start_date: Date | string
  end_date: Date | string
  start_local: null | string
  end_local: null | string
  timezone: null | string
  all_day: boolean | null
  rule: null | string
  rdates: null | string[]
  exdates: null | string[]
  materialized_until: Date | null | string
  stored: number
}

/** The events that may gain occurrences by `horizon`: a rule, and stored to an earlier instant. */
const EXTENSIBLE = (horizon: Date) =>
  sql`coalesce("recurrence_rule", '') <> '' AND ("materialized_until" IS NULL OR "materialized_until" < ${horizon.toISOString()}::timestamptz)`

const texts = (path: string) =>
  sql.raw(
    `(SELECT json_agg(t."text" ORDER BY t."order") FROM "events_texts" t WHERE t."parent_id" = e."id" AND t."path" = '${path}')`,
  )

/**
 * Extends every recurring event's stored occurrences to the horizon (now + `horizonMonths`), as
 * time passes (docs/recurrence.md, "The horizon"); returns how many series it extended and how
 * many occurrences it added.
 *
 * A series whose occurrences are stored to an earlier instant gains only those after it: its
 * rule is asked for that window alone (`expandRecurrenceBetween`), and the new rows are added
 * with new ids; none is renumbered, none rewritten. Series are taken `BATCH` to a transaction
 * that first locks their rows and only then reads them, so that a save of one of them either
 * waits for the batch or is waited for, and each plans against what the other stored. A row
 * another transaction holds is not waited for in the batch (waits in one statement over many
 * rows could deadlock with a writer of several events): such series are extended after, one at
 * a time, waiting their turn. A series never stored to a horizon, or one that may pass the
 * 2,000 bound, or whose start would be among its new occurrences, is expanded whole from its
 * start and stored as its save stores it (`storeSeriesOccurrences`). A series that cannot be
 * expanded is left as it is and logged.
 */
export async function extendRecurrences(args: {
  collection: string
  horizonMonths: number
  now?: Date
  payload: Payload
}): Promise<{ added: number; series: number }> {
  const { collection, payload } = args
  const horizon = horizonAfter(args.now ?? new Date(), args.horizonMonths)
  const drizzle = requireDrizzle(payload)
  const context: Horizon = { horizon, payload }
  const result = { added: 0, series: 0 }
  const count = (outcome: { added: number; series: number }) => {
    result.added += outcome.added
    result.series += outcome.series
  }
  const busy: number[] = []
  const whole: number[] = []
  for (let after = 0; ;) {
    const { rows } = await drizzle.execute(sql`
      SELECT "id" FROM "events" WHERE "id" > ${after} AND ${EXTENSIBLE(horizon)}
      ORDER BY "id" LIMIT ${PAGE}`)
    const ids = rows.map((row) => Number(row.id))
    if (!ids.length) break
    const batches: number[][] = []
    for (let start = 0; start < ids.length; start += BATCH)
      batches.push(ids.slice(start, start + BATCH))
    for (let start = 0; start < batches.length; start += LANES) {
      const outcomes = await Promise.all(
        batches
          .slice(start, start + LANES)
          .map((batch) =>
            drizzle.transaction!((db) => extendBatch(db, batch, context, { wait: false })),
          ),
      )
      for (const outcome of outcomes) {
        count(outcome)
        busy.push(...outcome.busy)
        whole.push(...outcome.whole)
      }
    }
    after = ids.at(-1)!
  }
  for (const id of busy) {
    try {
      const outcome = await drizzle.transaction!((db) =>
        extendBatch(db, [id], context, { wait: true }),
      )
      count(outcome)
      whole.push(...outcome.whole)
    } catch (error) {
      // Held past the lock's bound by a long write: tomorrow's run extends it.
      if (!isLockTimeout(error)) throw error
      warnNotExtended(payload, id, horizon, error as Error)
    }
  }
  for (const id of whole) {
    const added = await extendWhole(payload, collection, id, horizon)
    if (added === null) continue
    result.series += 1
    result.added += added
  }
  return result
}

/**
 * The series among `ids` that still need it, extended in the caller's transaction: their rows
 * locked (or, without `wait`, those no other transaction holds), then read, then their new
 * occurrences added in one statement. Returns the ids it left to others: `busy`, held by another
 * transaction; `whole`, to be expanded from the start.
 */
async function extendBatch(
  db: SqlQuerier,
  ids: number[],
  { horizon, payload }: Horizon,
  { wait }: { wait: boolean },
): Promise<{ added: number; busy: number[]; series: number; whole: number[] }> {
  const { rows: locked } = await db.execute(sql`
    SELECT "id" FROM "events" WHERE "id" = ANY(${`{${ids.join(',')}}`}::int[]) AND ${EXTENSIBLE(horizon)}
    ORDER BY "id" FOR UPDATE ${wait ? sql`` : sql`SKIP LOCKED`}`)
  const lockedIds = locked.map((row) => Number(row.id))
  const held = new Set(lockedIds)
  // Without waiting, a row that is not locked is either held by another transaction or no
  // longer needs extending: the wait tells which.
  const busy = wait ? [] : ids.filter((id) => !held.has(id))
  const outcome = { added: 0, busy, series: 0, whole: [] as number[] }
  if (!lockedIds.length) return outcome
  // Read after the lock, in a statement of its own: it sees what a save that held a row committed.
  const { rows } = (await db.execute(sql`
    SELECT e."id", e."start_date", e."end_date", e."start_local", e."end_local", e."timezone", e."all_day",
      e."recurrence_rule" AS rule, ${texts('recurrence.rdates')} AS rdates, ${texts('recurrence.exdates')} AS exdates,
      e."materialized_until", (SELECT count(*)::int FROM "calendar_occurrences" o WHERE o."event_id" = e."id") AS stored
    FROM "events" e WHERE e."id" = ANY(${`{${lockedIds.join(',')}}`}::int[])`)) as unknown as {
    rows: SeriesRow[]
  }
  const extensions: SeriesExtension[] = []
  for (const row of rows) {
    const extension = extensionOf(row, horizon, payload)
    if (extension === 'whole') outcome.whole.push(Number(row.id))
    else if (extension) extensions.push(extension)
  }
  outcome.added = await appendSeriesOccurrences(db, extensions)
  outcome.series = extensions.length
  if (outcome.added) await announceListChanges(payload, db)
  return outcome
}

/**
 * What a series gains between its stored horizon and the new one; `whole` when it is to be
 * expanded from its start instead; null when it cannot be expanded (logged).
 */
function extensionOf(
  row: SeriesRow,
  horizon: Date,
  payload: Payload,
): 'whole' | null | SeriesExtension {
  const id = Number(row.id)
  if (!row.materialized_until || !row.start_local || !row.end_local) return 'whole'
  const fields: EventSeriesFields = {
    startDate: row.start_date,
    timezone: row.timezone,
    allDay: row.all_day,
    startLocal: row.start_local,
    recurrence: { rule: row.rule, rdates: row.rdates ?? [], exdates: row.exdates ?? [] },
  }
  try {
    const series = seriesStartOf(fields)
    const recurrence = recurrenceOf(fields, series)
    if (!recurrence) return 'whole'
    const occurrences = expandRecurrenceBetween(
      series,
      recurrence,
      new Date(row.materialized_until),
      horizon,
    )
    // The bound, and the event's own id for its first occurrence, are `storeSeriesOccurrences`'s to apply.
    if (
      Number(row.stored) + occurrences.length > MAX_OCCURRENCES ||
      occurrences.some((occurrence) => occurrence.start === series.start)
    )
      return 'whole'
    return {
      span: {
        id,
        startDate: new Date(row.start_date),
        endDate: new Date(row.end_date),
        startLocal: row.start_local,
        endLocal: row.end_local,
      },
      series,
      occurrences,
      storedUntil: endsBy(series, recurrence, horizon) ? WHOLE_SERIES : horizon,
    }
  } catch (error) {
    if (!(error instanceof RecurrenceError)) return 'whole'
    warnNotExtended(payload, id, horizon, error)
    return null
  }
}

const warnNotExtended = (payload: Payload, id: number, horizon: Date, error: Error) =>
  payload.logger.warn(
    `events calendar: the occurrences of event ${id} could not be extended to ${horizon.toISOString()}: ${error.message}`,
  )

/**
 * One series expanded from its start and stored as its save stores it, in its own transaction;
 * null when it could not be expanded.
 */
async function extendWhole(
  payload: Payload,
  collection: string,
  id: number,
  horizon: Date,
): Promise<null | number> {
  const req = (await createLocalReq({}, payload)) as PayloadRequest
  try {
    return await inTransaction(req, async () => {
      const db = await transactionSessionOf(req)
      if (!db || !(await lockEvent(db, id))) return 0
      const event = (await payload.findByID({
        collection: collection as CollectionSlug,
        depth: 0,
        disableErrors: true,
        id,
        overrideAccess: true,
        req,
      })) as null | (EventSeriesFields & { endDate?: string; endLocal?: string })
      const expanded =
        event?.startDate && event.endDate && event.startLocal && event.endLocal
          ? expandEventSeries(event, horizon)
          : null
      if (!event || !expanded) return 0
      const span = {
        id,
        startDate: new Date(event.startDate!),
        endDate: new Date(event.endDate!),
        startLocal: event.startLocal!,
        endLocal: event.endLocal!,
      }
      const added = await storeSeriesOccurrences(db, {
        span,
        series: expanded.series,
        occurrences: expanded.occurrences,
        horizon: expanded.storedUntil,
      })
      await announceListChanges(payload, db)
      return added
    })
  } catch (error) {
    if (!(error instanceof RecurrenceError)) throw error
    warnNotExtended(payload, id, horizon, error)
    return null
  }
}

/** The daily job that keeps every series' occurrences stored to the horizon. */
export const extendRecurrencesTask = (collection: string, horizonMonths: number): TaskConfig => ({
  slug: EXTEND_RECURRENCES_TASK,
  label: 'Extend recurring events to the horizon',
  retries: 2,
  schedule: [{ cron: '17 3 * * *', queue: CALENDAR_QUEUE }],
  outputSchema: [
    { name: 'series', type: 'number', required: true },
    { name: 'added', type: 'number', required: true },
  ],
  handler: async ({ req }) => ({
    output: await extendRecurrences({ collection, horizonMonths, payload: req.payload }),
  }),
})
