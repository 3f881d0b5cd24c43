import type { CollectionSlug, PayloadRequest, TaskConfig } from 'payload'

export const PUBLISH_SCHEDULED_TASK = 'publishScheduledItems'
export const CALENDAR_QUEUE = 'events-calendar'

/** Publishes every `future` item whose publication date has come; returns how many it published. */
export async function publishDueItems(args: {
  collections: string[]
  now?: Date
  req: PayloadRequest
}): Promise<number> {
  const now = (args.now ?? new Date()).toISOString()
  let published = 0
  for (const collection of args.collections) {
    const result = await args.req.payload.update({
      collection: collection as CollectionSlug,
      data: { status: 'publish' } as never,
      depth: 0,
      overrideAccess: true,
      req: args.req,
      where: { and: [{ status: { equals: 'future' } }, { publishedAt: { less_than_equal: now } }] },
    })
    published += result.docs.length
  }
  return published
}

/** The job that makes scheduled items go live by themselves (`decisions.md` §12). */
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
