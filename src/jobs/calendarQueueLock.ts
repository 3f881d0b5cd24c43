import type { Payload } from 'payload'

import { withSessionLock } from '../db/pool'

/** An arbitrary 64-bit key that names "running the calendar's job queue" among advisory locks (`src/db/pool.ts` has the migrations' one). */
const CALENDAR_QUEUE_LOCK_KEY = '7261001452837100002'

/**
 * Runs `work` only if no other process (or other call in this one) is running it; returns false,
 * without waiting, when another has the lock (`src/db/pool.ts`).
 */
export function whileHoldingCalendarQueueLock(
  payload: Payload,
  work: () => Promise<void>,
): Promise<boolean> {
  return withSessionLock(payload, CALENDAR_QUEUE_LOCK_KEY, { wait: false }, work)
}
