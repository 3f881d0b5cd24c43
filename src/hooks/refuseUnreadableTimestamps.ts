import type { CollectionBeforeValidateHook } from 'payload'

import { ValidationError } from 'payload'

/** Payload's own timestamps, which every collection has and which a write may send. */
const TIMESTAMPS = ['createdAt', 'updatedAt'] as const

/** The longest text read as a timestamp: an ISO date with its fraction and offset fits many times. */
const MAX_TIMESTAMP_TEXT = 64

/**
 * Payload hands a sent `createdAt` or `updatedAt` to Postgres as it came, which refuses what is
 * not a date: a single save was answered 400 from that refusal, but a bulk update, whose items
 * Payload saves in one transaction catching each one's error, was rolled back at its commit and
 * answered 503 ("try again"), which no retry could mend. A timestamp that is not a date is
 * refused here, before any statement, as the field's error, on every surface.
 */
export const refuseUnreadableTimestamps: CollectionBeforeValidateHook = ({
  collection,
  data,
  req,
}) => {
  if (!data) return data
  const unreadable = TIMESTAMPS.filter((name) => name in data && !isTimestamp(data[name]))
  if (!unreadable.length) return data
  const message = req.t('validation:invalidInput' as never)
  throw new ValidationError(
    { collection: collection.slug, errors: unreadable.map((path) => ({ message, path })) },
    req.t,
  )
}

function isTimestamp(value: unknown): boolean {
  if (value === null || value === undefined) return true
  if (value instanceof Date) return !Number.isNaN(value.getTime())
  if (typeof value === 'string')
    return value.length <= MAX_TIMESTAMP_TEXT && !Number.isNaN(Date.parse(value))
  if (typeof value === 'number') return !Number.isNaN(new Date(value).getTime())
  return false
}
