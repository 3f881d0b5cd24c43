import type { CollectionSlug, PayloadRequest } from 'payload'

import { APIError, NotFound, ValidationError } from 'payload'

import type { SanitizedPluginConfig } from '../../../src/types'

import {
  lockEvent,
  moveOccurrences,
  storedOccurrence,
  storeSeriesOccurrences,
} from '../../../src/db/occurrences'
import { transactionSessionOf } from '../../../src/db/payloadInternals/adapter'
import {
  type EventSeriesFields,
  formatRule,
  type Recurrence,
  RecurrenceError,
  recurrenceOf,
  type SeriesStart,
  seriesStartOf,
  shiftRecurrence,
  splitRecurrence,
} from '../../../src/recurrence/index'
import { instantToWall, shiftWall, wallMs, wallToInstant } from '../../../src/recurrence/wallTime'
import { expandEventForSave, SPLIT_SECOND_HALF } from '../eventSeries'

/** What "this and following" or "all" changes, from the occurrence it was asked on. */
export interface SeriesEdit {
  collection: string
  eventId: number
  /** The occurrence the edit was made on. */
  id: number
  scope: 'all' | 'following'
  /** Where that occurrence now starts and ends; absent: its times stay. */
  start: Date | null
  end: Date | null
  title?: string
}

type SeriesEvent = EventSeriesFields & {
  author?: unknown
  endDate: string
  endLocal: string
  publishedAt?: unknown
  seriesRoot?: null | number
  startLocal: string
  status?: string
}

/** The recurrence as the event's fields store it. */
const recurrenceData = (series: SeriesStart, recurrence: Recurrence) => ({
  rule: recurrence.rule ? formatRule(recurrence.rule, series) : '',
  rdates: recurrence.rdates,
  exdates: recurrence.exdates,
})

const wallOf = (local: string) => local.replace(' ', 'T').slice(0, 19)

/**
 * "This and following" and "all" from one occurrence (docs/recurrence.md, "Exceptions and
 * edits"), in the caller's transaction. The caller must be allowed to update the event: its
 * first step is an (empty) update under the caller's access, which also holds the event's row
 * until the transaction ends, so two editors splitting one series take turns and the second
 * plans against what the first stored. A move of the occurrence moves its series (or its half)
 * by the same wall-clock shift, so 09:00 stays 09:00 across daylight saving.
 *
 * - `all`: the event's dates, rule and title change; its occurrences keep their ids (they are
 *   keyed on their shifted original starts, `planOccurrenceIds`).
 * - `following`: the event's rule ends before the occurrence; a copy of the event (its content,
 *   terms, venue, organizers, status, author and publication date; a slug of its own) starts
 *   there with the change, and takes the occurrence and every later one, ids, cancellations and
 *   overrides included. Its `seriesRoot` is the first event's, so `post_parent` finds both.
 *
 * Returns the id of the event holding the occurrence afterwards.
 */
export async function editSeries(
  req: PayloadRequest,
  options: SanitizedPluginConfig,
  edit: SeriesEdit,
): Promise<number> {
  const collection = edit.collection as CollectionSlug
  const { payload } = req
  // The caller's right to change the event, as Payload checks it (403, 404); its row is held from here on.
  await payload.update({
    collection,
    data: {},
    depth: 0,
    id: edit.eventId,
    overrideAccess: false,
    req,
  })
  const db = await transactionSessionOf(req)
  if (!db) throw new APIError('Occurrences need the Postgres adapter.', 501, null, true)
  await lockEvent(db, edit.eventId)
  const event = (await payload.findByID({
    collection,
    depth: 0,
    id: edit.eventId,
    overrideAccess: true,
    req,
  })) as unknown as SeriesEvent
  const row = await storedOccurrence(db, edit.eventId, edit.id)
  if (!row) throw new NotFound(req.t)

  const fail = (error: unknown): never => {
    if (!(error instanceof RecurrenceError)) throw error
    const path = `recurrence.${error.field === 'start' ? 'rule' : error.field}`
    throw new ValidationError(
      { collection, errors: [{ message: error.message, path }], id: edit.eventId },
      req.t,
    )
  }
  let series: SeriesStart
  let recurrence: null | Recurrence
  try {
    series = seriesStartOf(event)
    recurrence = recurrenceOf(event, series)
  } catch (error) {
    return fail(error)
  }
  if (!recurrence)
    throw new ValidationError(
      {
        collection,
        errors: [
          {
            message: 'The event does not recur: "this and following" and "all" need a series.',
            path: 'scope',
          },
        ],
        id: edit.eventId,
      },
      req.t,
    )

  // The occurrence's move as a wall-clock shift of its start, and its new length.
  const zone = series.timeZone
  const local = (instant: Date) => instantToWall(instant, zone)
  const shift = edit.start ? wallMs(local(edit.start)) - wallMs(row.startLocal) : 0
  const length =
    edit.start && edit.end
      ? wallMs(local(edit.end)) - wallMs(local(edit.start))
      : wallMs(wallOf(event.endLocal)) - wallMs(wallOf(event.startLocal))
  /** The event's dates when its first start is `startWall` (before the shift). */
  const datesFrom = (startWall: string) => {
    const start = shiftWall(startWall, shift)
    return {
      startDate: wallToInstant(start, zone).toISOString(),
      endDate: wallToInstant(shiftWall(start, length), zone).toISOString(),
    }
  }
  const title = edit.title === undefined ? {} : { title: edit.title }
  const atOf = (wall: string) => (series.allDay ? wall.slice(0, 10) : wall)

  if (edit.scope === 'all') {
    const data: Record<string, unknown> = { ...title }
    if (edit.start) Object.assign(data, datesFrom(wallOf(event.startLocal)))
    if (shift) {
      try {
        const moved = shiftRecurrence(
          series,
          recurrence,
          atOf(shiftWall(wallOf(event.startLocal), shift)),
        )
        data.recurrence = recurrenceData(moved.series, moved.recurrence)
      } catch (error) {
        return fail(error)
      }
    }
    await payload.update({
      collection,
      data,
      depth: 0,
      id: edit.eventId,
      overrideAccess: false,
      req,
    })
    return edit.eventId
  }

  const at = atOf(row.originalStart)
  let halves: { before: Recurrence; after: ReturnType<typeof shiftRecurrence> }
  try {
    const split = splitRecurrence(series, recurrence, at)
    halves = {
      before: split.before,
      after: shiftRecurrence(
        split.after.series,
        split.after.recurrence,
        atOf(shiftWall(row.originalStart, shift)),
      ),
    }
  } catch (error) {
    return fail(error)
  }
  req.context[SPLIT_SECOND_HALF] = true
  let second: SeriesEvent & { id: number }
  try {
    second = (await payload.duplicate({
      collection,
      data: {
        ...title,
        ...datesFrom(row.originalStart),
        author: event.author,
        publishedAt: event.publishedAt,
        recurrence: recurrenceData(halves.after.series, halves.after.recurrence),
        seriesRoot: event.seriesRoot ?? edit.eventId,
        status: event.status,
      } as never,
      depth: 0,
      id: edit.eventId,
      overrideAccess: true,
      req,
    })) as unknown as SeriesEvent & { id: number }
  } finally {
    delete req.context[SPLIT_SECOND_HALF]
  }
  await moveOccurrences(db, {
    from: edit.eventId,
    to: second.id,
    since: series.allDay ? `${at}T00:00:00` : at,
  })
  const { expanded } = expandEventForSave(
    req,
    second,
    options.clock(),
    options.recurrence.horizonMonths,
  )
  await storeSeriesOccurrences(db, {
    span: {
      id: second.id,
      startDate: new Date(second.startDate as string),
      endDate: new Date(second.endDate),
      startLocal: second.startLocal,
      endLocal: second.endLocal,
    },
    series: expanded!.series,
    occurrences: expanded!.occurrences,
    horizon: expanded!.storedUntil,
  })
  await payload.update({
    collection,
    data: { recurrence: recurrenceData(series, halves.before) },
    depth: 0,
    id: edit.eventId,
    overrideAccess: false,
    req,
  })
  return second.id
}
