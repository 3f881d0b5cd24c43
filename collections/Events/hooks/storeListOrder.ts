import type { CollectionBeforeChangeHook } from 'payload'

import { isEventTimeZone } from '../../../src/lib/timezone'
import { wallTime } from '../../../src/lib/wallTimes'

/**
 * Keeps what the original orders and filters the events list by (`docs/compatibility.md`, "Order
 * of events"): the start and end as wall times in the event's own timezone (the original's
 * `_EventStartDate`/`_EventEndDate`, not the UTC ones), and the post date, which breaks ties
 * between events starting at the same wall time: the publication date, or when the event was made
 * if it has none (as the API's `date`, `endpoints/serializeCommon.ts`), to the whole second, as
 * WordPress stores it. Runs after the dates are normalized and the status (with its publication
 * date) is decided.
 */
export const storeListOrder =
  (siteTimezone: string): CollectionBeforeChangeHook =>
  ({ data, operation, originalDoc }) => {
    const current = <T>(name: string): T | undefined => (data[name] !== undefined ? data[name] : originalDoc?.[name]) as T | undefined
    // Payload dates a new row only when it writes it (`@payloadcms/drizzle`, upsertRow): dated here
    // instead, so that the post date is the row's own.
    if (operation === 'create' && !data.createdAt) data.createdAt = new Date().toISOString()
    const timezone = current<string>('timezone') || siteTimezone
    const start = current<string>('startDate')
    const end = current<string>('endDate')
    // A timezone that is none is refused by the field's validation, which runs after this hook.
    if (isEventTimeZone(timezone)) {
      if (start) data.startLocal = localWallTime(start, timezone)
      if (end) data.endLocal = localWallTime(end, timezone)
    }
    const posted = current<null | string>('publishedAt') ?? current<string>('createdAt')
    if (posted) data.postDate = wholeSecond(posted)
    return data
  }

/** An instant as the wall time of a zone, `YYYY-MM-DD HH:MM:SS`: text that sorts as time does. */
export function localWallTime(instant: Date | string, timezone: string): null | string {
  const date = new Date(instant)
  return Number.isNaN(date.getTime()) || !isEventTimeZone(timezone) ? null : wallTime(date, timezone)
}

export function wholeSecond(instant: Date | string): null | string {
  const time = new Date(instant).getTime()
  return Number.isNaN(time) ? null : new Date(Math.floor(time / 1000) * 1000).toISOString()
}
