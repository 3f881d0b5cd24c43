import type { CollectionSlug, Payload, PayloadRequest, TaskConfig } from 'payload'

import { commitTransaction, createLocalReq, initTransaction, killTransaction } from 'payload'

import { lockEvent, storeSeriesOccurrences } from '../db/occurrences'
import { transactionSessionOf } from '../db/payloadInternals/adapter'
import {
  type EventSeriesFields,
  expandEventSeries,
  horizonAfter,
  RecurrenceError,
} from '../recurrence/index'
import { CALENDAR_QUEUE } from './publishScheduledItems'

export const EXTEND_RECURRENCES_TASK = 'extendRecurrences'

/** Series read per query; each is then extended in a transaction of its own. */
const BATCH = 100
/**
 * Series extended at once, each in its own transaction on a connection of its own: a series
 * waits on Postgres (a dozen statements) longer than it computes, and the job runs over every
 * series of the calendar.
 */
const LANES = 4

type SeriesDoc = EventSeriesFields & { id: number; endDate?: string; endLocal?: string }

/**
 * Extends every recurring event's stored occurrences to the horizon (now + `horizonMonths`), as
 * time passes (docs/recurrence.md, "The horizon"); returns how many series it extended and how
 * many occurrences it added. Each series is extended in its own transaction that first locks the
 * event's row and only then reads the event, so a save of the same series at the same moment
 * either waits for it or is waited for, and each plans against what the other stored. New
 * occurrences get new ids; none is renumbered. A series that can no longer be expanded (more
 * occurrences than the bound before the horizon) is left as it is and logged.
 */
export async function extendRecurrences(args: {
  collection: string
  horizonMonths: number
  now?: Date
  payload: Payload
}): Promise<{ added: number; series: number }> {
  const { collection, payload } = args
  const horizon = horizonAfter(args.now ?? new Date(), args.horizonMonths)
  const result = { added: 0, series: 0 }
  for (let after = 0; ;) {
    const { docs } = await payload.find({
      collection: collection as CollectionSlug,
      depth: 0,
      limit: BATCH,
      overrideAccess: true,
      pagination: false,
      select: {},
      sort: 'id',
      where: {
        and: [
          { id: { greater_than: after } },
          { 'recurrence.rule': { exists: true } },
          { 'recurrence.rule': { not_equals: '' } },
          {
            or: [
              { materializedUntil: { exists: false } },
              { materializedUntil: { less_than: horizon.toISOString() } },
            ],
          },
        ],
      },
    })
    if (!docs.length) return result
    for (let start = 0; start < docs.length; start += LANES) {
      const outcomes = await Promise.allSettled(
        docs
          .slice(start, start + LANES)
          .map(({ id }) => extendOne(payload, collection, Number(id), horizon)),
      )
      for (const outcome of outcomes) {
        if (outcome.status === 'rejected') throw outcome.reason
        if (outcome.value === null) continue
        result.series += 1
        result.added += outcome.value
      }
    }
    after = Number(docs[docs.length - 1]!.id)
  }
}

/** One series extended in its own transaction; null when it could not be expanded. */
async function extendOne(
  payload: Payload,
  collection: string,
  id: number,
  horizon: Date,
): Promise<null | number> {
  const req = (await createLocalReq({}, payload)) as PayloadRequest
  await initTransaction(req)
  try {
    const db = await transactionSessionOf(req)
    if (!db || !(await lockEvent(db, id))) {
      await commitTransaction(req)
      return 0
    }
    const event = (await payload.findByID({
      collection: collection as CollectionSlug,
      depth: 0,
      disableErrors: true,
      id,
      overrideAccess: true,
      req,
    })) as null | SeriesDoc
    const expanded =
      event?.startDate && event.endDate && event.startLocal && event.endLocal
        ? expandEventSeries(event, horizon)
        : null
    let added = 0
    if (event && expanded) {
      const span = {
        id,
        startDate: new Date(event.startDate!),
        endDate: new Date(event.endDate!),
        startLocal: event.startLocal!,
        endLocal: event.endLocal!,
      }
      added = await storeSeriesOccurrences(db, {
        span,
        series: expanded.series,
        occurrences: expanded.occurrences,
        horizon: expanded.storedUntil,
      })
    }
    await commitTransaction(req)
    return added
  } catch (error) {
    await killTransaction(req)
    if (!(error instanceof RecurrenceError)) throw error
    payload.logger.warn(
      `events calendar: the occurrences of event ${id} could not be extended to ${horizon.toISOString()}: ${error.message}`,
    )
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
