import type { CollectionAfterChangeHook } from 'payload'

import type { SanitizedPluginConfig } from '../../../src/types'

import {
  type EventSpan,
  singleOccurrenceKey,
  singleOccurrenceStored,
  storeSeriesOccurrences,
  storeSingleOccurrence,
} from '../../../src/db/occurrences'
import { querierFor } from '../../../src/db/payloadInternals/adapter'
import {
  rideOnRevisionCopies,
  takeRevisionRead,
} from '../../../src/db/payloadInternals/revisionRiders'
import { expandEventForSave, seriesUnchanged, SPLIT_SECOND_HALF } from '../eventSeries'

/** The event's dates as its occurrences repeat them; null when it lacks one. */
function spanOf(doc: Record<string, unknown>): EventSpan | null {
  const { endDate, endLocal, id, startDate, startLocal } = doc
  if (!startDate || !endDate || typeof startLocal !== 'string' || typeof endLocal !== 'string')
    return null
  if (typeof startDate !== 'string' || typeof endDate !== 'string') return null
  return {
    id: Number(id),
    startDate: new Date(startDate),
    endDate: new Date(endDate),
    startLocal,
    endLocal,
  }
}

/**
 * Whether a single event's occurrence is stored as its save would store it, read with the save's
 * revision (src/db/payloadInternals/revisionRiders.ts): a save that leaves it as it is (a change of
 * title) then sends no statement for it.
 */
const SINGLE_OCCURRENCE = 'single-occurrence'
rideOnRevisionCopies(SINGLE_OCCURRENCE, ({ versionData }) => {
  const span = spanOf(versionData)
  return span ? { key: singleOccurrenceKey(span), read: singleOccurrenceStored(span) } : null
})

/**
 * Stores the event's occurrences in `calendar_occurrences` in the save's own transaction, so
 * that the event, its rule and its occurrences change together or not at all (src/db/occurrences.ts):
 * a single event keeps its one row with its own id; a series is expanded to the horizon (the same
 * expansion `checkRecurrenceField` checked) and its rows keyed on their original starts, so that
 * their ids never change. A save that leaves a stored series as it was (a title edit) leaves its
 * occurrences alone.
 */
export const materializeOccurrences =
  (options: SanitizedPluginConfig): CollectionAfterChangeHook =>
  async ({ collection, doc, operation, previousDoc, req }) => {
    if (seriesUnchanged(previousDoc, doc)) return doc
    if (operation === 'create' && req.context[SPLIT_SECOND_HALF]) return doc
    const db = await querierFor(req.payload, req)
    if (!db || !doc.startDate || !doc.endDate || !doc.startLocal || !doc.endLocal) return doc
    const span = {
      id: Number(doc.id),
      startDate: new Date(doc.startDate),
      endDate: new Date(doc.endDate),
      startLocal: doc.startLocal,
      endLocal: doc.endLocal,
    }
    const { expanded } = expandEventForSave(
      req,
      doc,
      options.clock(),
      options.recurrence.horizonMonths,
    )
    if (!expanded) {
      const stored = takeRevisionRead(req, SINGLE_OCCURRENCE, {
        collection: collection.slug,
        key: singleOccurrenceKey(span),
        parent: span.id,
        savedAt: doc.updatedAt,
      })
      if (stored?.value !== true) await storeSingleOccurrence(db, span)
      return doc.materializedUntil ? { ...doc, materializedUntil: null } : doc
    }
    await storeSeriesOccurrences(db, {
      span,
      series: expanded.series,
      occurrences: expanded.occurrences,
      horizon: expanded.storedUntil,
      created: operation === 'create',
    })
    return { ...doc, materializedUntil: expanded.storedUntil.toISOString() }
  }
