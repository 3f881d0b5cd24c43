import type { CollectionBeforeChangeHook } from 'payload'

import { ValidationError } from 'payload'

import type { SanitizedPluginConfig } from '../../../src/types'

import { type EventSeriesFields, RecurrenceError } from '../../../src/recurrence/index'
import { expandEventForSave, seriesUnchanged } from '../eventSeries'

const RECURRENCE_KEYS = ['rule', 'rdates', 'exdates'] as const

/**
 * Refuses a recurrence the product cannot keep (docs/recurrence.md, "Bounds"), on every surface
 * that saves an event: Payload's REST, GraphQL and Local API, the admin and the compatibility
 * API, which all answer Payload's validation error as a 400 naming the field
 * (`recurrence.rule.count`, `recurrence.exdates[2]`). The series is expanded to the horizon here,
 * so that a series with too many occurrences or an exclusion that excludes nothing is refused
 * before anything is written. Runs after the dates are normalized and their wall times stored.
 */
export const checkRecurrenceField =
  (options: SanitizedPluginConfig): CollectionBeforeChangeHook =>
  ({ collection, data, originalDoc, req }) => {
    const current = <T>(name: string): T | undefined =>
      (data[name] !== undefined ? data[name] : originalDoc?.[name]) as T | undefined
    const sent = (data.recurrence ?? {}) as Record<string, unknown>
    const stored = (originalDoc?.recurrence ?? {}) as Record<string, unknown>
    const fields: EventSeriesFields & { endDate?: unknown } = {
      startDate: current('startDate'),
      endDate: current('endDate'),
      timezone: current<string>('timezone') ?? options.siteTimezone,
      allDay: current<boolean>('allDay') === true,
      startLocal: current('startLocal'),
      recurrence: Object.fromEntries(
        RECURRENCE_KEYS.map((key) => [
          key,
          data.recurrence === null ? null : sent[key] !== undefined ? sent[key] : stored[key],
        ]),
      ),
    }
    if (seriesUnchanged(originalDoc, fields)) return data
    try {
      expandEventForSave(req, fields, options.clock(), options.recurrence.horizonMonths)
    } catch (error) {
      if (!(error instanceof RecurrenceError)) throw error
      // The event's start is the series' first occurrence: a start the rule does not give is the rule's to fix.
      const path = `recurrence.${error.field === 'start' ? 'rule' : error.field}`
      throw new ValidationError(
        {
          collection: collection.slug,
          errors: [{ message: error.message, path }],
          id: originalDoc?.id,
        },
        req.t,
      )
    }
    return data
  }
