import type { CollectionAfterChangeHook, Payload } from 'payload'

import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'

import { runCalendarQueueOnce } from '../../src/jobs/calendarQueueRunner'
import {
  CALENDAR_QUEUE,
  PUBLISH_SCHEDULED_TASK,
  publishDueItems,
} from '../../src/jobs/publishScheduledItems'
import { getTestPayload, unique } from '../helpers/payload'

/**
 * Two instances with RUN_JOBS on tick at the same minute (issue 13): each runs the calendar's
 * queue against the one database. Here two turns start at the same moment on separate pooled
 * connections, as two processes would; the advisory locks are per connection, the same across
 * processes or within one.
 */
describe('scheduled publication run by two instances at the same moment', () => {
  let payload: Payload
  const publications = new Map<number, number>()
  const countPublications: CollectionAfterChangeHook = ({ doc, previousDoc }) => {
    if (previousDoc?.status === 'future' && doc.status === 'publish')
      publications.set(doc.id as number, (publications.get(doc.id as number) ?? 0) + 1)
    return doc
  }

  beforeAll(async () => {
    payload = await getTestPayload()
    payload.collections.organizers!.config.hooks.afterChange.push(countPublications)
  })
  afterAll(() => {
    const hooks = payload.collections.organizers!.config.hooks.afterChange
    hooks.splice(hooks.indexOf(countPublications), 1)
  })

  /** `count` organizers scheduled a moment from now, then that moment waited for: due, still `future`. */
  async function dueItems(count: number): Promise<number[]> {
    const publishedAt = new Date(Date.now() + 1_000).toISOString()
    const ids: number[] = []
    for (let i = 0; i < count; i++) {
      const item = await payload.create({
        collection: 'organizers',
        data: { name: unique('due'), status: 'future', publishedAt } as never,
        overrideAccess: true,
      })
      expect(item.status).toBe('future')
      ids.push(item.id as number)
    }
    await new Promise((resolve) => setTimeout(resolve, 1_200))
    return ids
  }

  it('each due item is published once, and no error is logged, when both queued and both run the job', async () => {
    const ids = await dueItems(5)
    publications.clear()
    const errors = vi.spyOn(payload.logger, 'error')
    try {
      // Both instances' schedulers queued the minute's job (Payload counts pending jobs, then
      // queues, without a lock), then both run the queue.
      await payload.jobs.queue({
        input: {},
        queue: CALENDAR_QUEUE,
        task: PUBLISH_SCHEDULED_TASK,
      } as never)
      await payload.jobs.queue({
        input: {},
        queue: CALENDAR_QUEUE,
        task: PUBLISH_SCHEDULED_TASK,
      } as never)
      const turns = await Promise.all([
        runCalendarQueueOnce(payload),
        runCalendarQueueOnce(payload),
      ])
      expect(turns.filter(Boolean).length).toBeGreaterThanOrEqual(1)
      expect(errors.mock.calls).toEqual([])
    } finally {
      errors.mockRestore()
    }
    for (const id of ids) {
      expect(
        (await payload.findByID({ collection: 'organizers', id, overrideAccess: true })).status,
      ).toBe('publish')
      expect(
        publications.get(id),
        `organizer ${id} published ${publications.get(id) ?? 0} times`,
      ).toBe(1)
    }
    const left = await payload.find({
      collection: 'payload-jobs' as never,
      overrideAccess: true,
      where: { queue: { equals: CALENDAR_QUEUE } },
    })
    // Nothing half-done: only the next turn's job, queued for the coming minute, is left.
    const now = Date.now()
    const jobs = left.docs as unknown as {
      completedAt?: string
      processing: boolean
      waitUntil?: string
    }[]
    expect(
      jobs.filter((job) => job.processing || !job.waitUntil || Date.parse(job.waitUntil) <= now),
    ).toEqual([])
  })

  it('two publication runs at the same moment publish each due item once', async () => {
    const ids = await dueItems(5)
    publications.clear()
    const run = () =>
      publishDueItems({
        collections: ['organizers'],
        req: { context: {}, payload, user: null } as never,
      })
    const counts = await Promise.all([run(), run()])
    expect(counts[0]! + counts[1]!).toBe(ids.length)
    for (const id of ids) expect(publications.get(id)).toBe(1)
  })

  it('a job left `processing` by an instance that died does not stop later runs', async () => {
    const [id] = await dueItems(1)
    const stale = await payload.jobs.queue({
      input: {},
      queue: CALENDAR_QUEUE,
      task: PUBLISH_SCHEDULED_TASK,
    } as never)
    await payload.db.updateJobs({
      id: stale.id,
      data: { processing: true },
      req: {},
      returning: false,
    })
    expect(await runCalendarQueueOnce(payload)).toBe(true)
    expect(
      (await payload.findByID({ collection: 'organizers', id: id!, overrideAccess: true })).status,
    ).toBe('publish')
  })
})
