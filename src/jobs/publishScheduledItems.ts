import type { CollectionSlug, PayloadRequest, TaskConfig } from 'payload'

import { sql } from '@payloadcms/db-postgres'
import { commitTransaction, initTransaction, killTransaction } from 'payload'

import { transactionSessionOf } from '../db/payloadInternals/adapter'

export const PUBLISH_SCHEDULED_TASK = 'publishScheduledItems'
export const CALENDAR_QUEUE = 'events-calendar'

/** Names "publishing due items" among the transaction-scoped advisory locks (`src/lib/locks.ts` hashes its keys the same way). */
const PUBLISH_LOCK_KEY = 'events-calendar:publish-due-items'

/**
 * Publishes every `future` item whose publication date has come; returns how many it published.
 *
 * Runs in one transaction that first takes an advisory lock, so two runs at the same moment (two
 * instances with RUN_JOBS on, a manual run beside the scheduled one) take turns: the second finds
 * what the first published no longer `future`, and each item is published, with its side effects,
 * once.
 */
export async function publishDueItems(args: {
  collections: string[]
  now?: Date
  req: PayloadRequest
}): Promise<number> {
  const { req } = args
  const now = (args.now ?? new Date()).toISOString()
  const ownTransaction = await initTransaction(req)
  try {
    const session = await transactionSessionOf(req)
    await session?.execute(sql`SELECT pg_advisory_xact_lock(hashtext(${PUBLISH_LOCK_KEY}))`)
    let published = 0
    for (const collection of args.collections) {
      const due = await req.payload.find({
        collection: collection as CollectionSlug,
        depth: 0,
        limit: 0,
        overrideAccess: true,
        pagination: false,
        req,
        select: {},
        where: {
          and: [{ status: { equals: 'future' } }, { publishedAt: { less_than_equal: now } }],
        },
      })
      // One at a time: a bulk update writes its items side by side on the transaction's one
      // connection, which node-postgres only queues (and will refuse in pg 9).
      for (const item of due.docs) {
        await req.payload.update({
          collection: collection as CollectionSlug,
          data: { status: 'publish' } as never,
          depth: 0,
          id: item.id,
          overrideAccess: true,
          req,
        })
        published += 1
      }
    }
    if (ownTransaction) await commitTransaction(req)
    return published
  } catch (error) {
    if (ownTransaction) await killTransaction(req)
    throw error
  }
}

/**
 * The job that makes scheduled items go live by themselves (`docs/compatibility.md`,
 * "Status workflow and roles").
 */
export const publishScheduledItemsTask = (collections: string[], cron: string): TaskConfig => ({
  slug: PUBLISH_SCHEDULED_TASK,
  label: 'Publish scheduled calendar items',
  retries: 2,
  schedule: [{ cron, queue: CALENDAR_QUEUE }],
  outputSchema: [{ name: 'published', type: 'number', required: true }],
  handler: async ({ req }) => {
    // Without a user the workflow treats the write as the server's own, so `future` may become `publish`.
    const systemReq = Object.assign(req, { user: null }) as PayloadRequest
    return { output: { published: await publishDueItems({ collections, req: systemReq }) } }
  },
})
