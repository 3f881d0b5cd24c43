import type { CollectionBeforeChangeHook } from 'payload'

import { isEventTimeZone } from '../../../src/lib/timezone'
import { localWallTime } from '../../../src/lib/wallTimes'

/**
 * Keeps what the original orders and filters the events list by (`docs/compatibility.md`, "Order
 * of events"): the start and end as wall times in the event's own timezone (the original's
 * `_EventStartDate`/`_EventEndDate`, not the UTC ones); the post date, which breaks ties between
 * events starting at the same wall time, is kept by `src/hooks/storePostDate.ts`. Runs after the
 * dates are normalized.
 */
export const storeListOrder =
  (siteTimezone: string): CollectionBeforeChangeHook =>
  ({ data, originalDoc }) => {
    const current = <T>(name: string): T | undefined =>
      (data[name] !== undefined ? data[name] : originalDoc?.[name]) as T | undefined
    const timezone = current<string>('timezone') || siteTimezone
    const start = current<string>('startDate')
    const end = current<string>('endDate')
    // A timezone that is none is refused by the field's validation, which runs after this hook.
    if (isEventTimeZone(timezone)) {
      if (start) data.startLocal = localWallTime(start, timezone)
      if (end) data.endLocal = localWallTime(end, timezone)
    }
    return data
  }
