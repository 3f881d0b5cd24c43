import type { Payload } from 'payload'

import { Cron } from 'croner'

import { whileHoldingCalendarQueueLock } from './calendarQueueLock'
import { CALENDAR_QUEUE } from './publishScheduledItems'

/**
 * One turn of the calendar's job queue, as Payload's own `jobs.autoRun` cron does it (schedule
 * the due jobs, then run them: `payload/dist/index.js`, `_initializeCrons`), but by one process
 * at a time across every instance sharing the database.
 *
 * Why not Payload's cron: it claims jobs by reading those not `processing`, then marking them,
 * in two statements without a row lock (`@payloadcms/drizzle/dist/updateJobs.js`), and queues a
 * scheduled job after counting that none is pending, again without a lock
 * (`payload/dist/queues/operations/handleSchedules`). Two instances ticking at the same minute
 * both queue and both claim the same job; the first to finish deletes it
 * (`deleteJobOnComplete`), and the second then fails to write its log to the deleted job
 * ("Cannot read properties of null (reading 'log')", a failed `insert into payload_jobs_log`).
 *
 * Returns whether this process ran the queue (false: another one is running it right now).
 */
export async function runCalendarQueueOnce(payload: Payload): Promise<boolean> {
  return whileHoldingCalendarQueueLock(payload, async () => {
    // Holding the lock, nobody else is running this queue: a job still marked `processing` was
    // left by a process that died mid-run, and would otherwise block scheduling for good (a
    // pending scheduled job stops new ones being queued).
    await payload.db.updateJobs({
      data: { processing: false },
      req: {},
      returning: false,
      where: { and: [{ queue: { equals: CALENDAR_QUEUE } }, { processing: { equals: true } }] },
    })
    await payload.jobs.handleSchedules({ queue: CALENDAR_QUEUE })
    // Payload logs "Running N jobs." at info on every turn: a line a minute that says nothing an
    // operator acts on, so it is written at debug here (errors still come through Payload).
    const ran = await payload.jobs.run({
      limit: 10,
      queue: CALENDAR_QUEUE,
      silent: { error: false, info: true },
    })
    const jobs = 'jobStatus' in ran && ran.jobStatus ? Object.keys(ran.jobStatus).length : 0
    if (jobs)
      payload.logger.debug(
        { jobs, queue: CALENDAR_QUEUE },
        `Ran ${jobs} jobs of the calendar queue`,
      )
  })
}

/** The Payload instances whose calendar queue this process runs (`startCalendarQueueRunner`). */
const runners = new WeakSet<Payload>()

/**
 * Whether this process runs `payload`'s calendar queue: a job queued now (a calendar source's
 * "Run now") may then be run at once rather than at the next turn.
 */
export const runsCalendarQueue = (payload: Payload): boolean => runners.has(payload)

/**
 * Runs the calendar's job queue on `cron` in this process (`src/server/start.ts` with RUN_JOBS on).
 * Several instances may run it: each turn runs on one of them. A turn still going when the next
 * is due makes that one skip (`protect`). Errors are logged and the next turn tries again.
 */
export function startCalendarQueueRunner(
  payload: Payload,
  cron: string,
): { stop: () => Promise<void> } {
  let running: Promise<void> = Promise.resolve()
  runners.add(payload)
  const job = new Cron(cron, { protect: true, sloppyRanges: true }, () => {
    running = runCalendarQueueOnce(payload).then(
      () => undefined,
      (error: unknown) =>
        payload.logger.error({
          err: error,
          msg: 'The calendar job queue could not run; trying again at the next turn',
        }),
    )
    return running
  })
  return {
    stop: async () => {
      runners.delete(payload)
      job.stop()
      await running
    },
  }
}
