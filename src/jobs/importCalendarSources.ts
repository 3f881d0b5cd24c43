import type { CollectionSlug, Payload, TaskConfig } from 'payload'

import { runCalendarSource } from '../icsImport/runSource'
import { CALENDAR_SOURCES_SLUG } from '../icsImport/sources'
import { CALENDAR_QUEUE } from './publishScheduledItems'

export const IMPORT_CALENDAR_SOURCES_TASK = 'importCalendarSources'

/** How long after its last run a source is due again: a little less than its period, so the hourly turn never skips it. */
const DUE_AFTER_MS = { hourly: 55 * 60_000, daily: (24 * 60 - 10) * 60_000 } as const

/**
 * Runs every calendar source whose schedule says it is due (hourly, daily; never a manual one),
 * one after the other; returns how many ran and how many failed (each run's log is on its source).
 */
export async function importDueCalendarSources(
  payload: Payload,
  now: Date = new Date(),
): Promise<{ ran: number; failed: number }> {
  const result = { ran: 0, failed: 0 }
  for (const [schedule, after] of Object.entries(DUE_AFTER_MS)) {
    const before = new Date(now.getTime() - after).toISOString()
    const { docs } = await payload.find({
      collection: CALENDAR_SOURCES_SLUG as CollectionSlug,
      depth: 0,
      limit: 0,
      overrideAccess: true,
      pagination: false,
      select: {},
      sort: 'id',
      where: {
        and: [
          { schedule: { equals: schedule } },
          {
            or: [{ 'lastRun.at': { exists: false } }, { 'lastRun.at': { less_than: before } }],
          },
        ],
      },
    })
    for (const { id } of docs) {
      const run = await runCalendarSource(payload, Number(id), { now })
      result.ran += 1
      if (!run.ok) result.failed += 1
    }
  }
  return result
}

/** "Run now": one source's import queued on the calendar's queue, which one process runs at a time. */
export async function queueCalendarSourceRun(payload: Payload, source: number): Promise<void> {
  await payload.jobs.queue({
    input: { source } as never,
    queue: CALENDAR_QUEUE,
    task: IMPORT_CALENDAR_SOURCES_TASK as never,
  } as never)
}

/** The hourly turn of the calendar sources, and the run of one source when `input.source` names it. */
export const importCalendarSourcesTask = (): TaskConfig => ({
  slug: IMPORT_CALENDAR_SOURCES_TASK as never,
  label: 'Import calendar sources',
  // A failed feed is said in its source's log and tried again at its next turn.
  retries: 0,
  schedule: [{ cron: '5 * * * *', queue: CALENDAR_QUEUE }],
  inputSchema: [{ name: 'source', type: 'number' }],
  outputSchema: [
    { name: 'ran', type: 'number', required: true },
    { name: 'failed', type: 'number', required: true },
  ],
  handler: async ({ input, req }) => {
    const source = (input as { source?: null | number } | undefined)?.source
    if (source) {
      const run = await runCalendarSource(req.payload, source)
      return { output: { ran: 1, failed: run.ok ? 0 : 1 } }
    }
    return { output: await importDueCalendarSources(req.payload) }
  },
})
