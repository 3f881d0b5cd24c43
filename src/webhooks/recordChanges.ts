import type {
  CollectionAfterChangeHook,
  CollectionAfterDeleteHook,
  CollectionSlug,
  PayloadRequest,
} from 'payload'

import { randomUUID } from 'node:crypto'

import {
  MAX_WEBHOOKS,
  POST_KINDS,
  TERM_KINDS,
  WEBHOOK_SLUGS,
} from '../../collections/Webhooks/webhookEvents'
import { CANCELLED_OCCURRENCE, skipsPluginHooks } from '../hooks/context'
import { pluginOptionsOf } from '../pluginOptions'
import { postChangeOf } from './changeEvents'

type Change = { collection: string; event: string; itemId: number; occurrenceId?: number }

/**
 * The outbox: one pending delivery per webhook that wants the change, written with the save's
 * own request (`req`), so inside its transaction: a save that fails writes none, a save that
 * is acknowledged has them all. Nothing is sent here; the job queue does (`deliverWebhooks.ts`).
 */
async function recordChange(req: PayloadRequest, change: Change): Promise<void> {
  if (!pluginOptionsOf(req.payload).webhooks.enabled) return
  const { docs: webhooks } = await req.payload.find({
    collection: WEBHOOK_SLUGS.webhooks as CollectionSlug,
    depth: 0,
    limit: MAX_WEBHOOKS,
    overrideAccess: true,
    pagination: false,
    req,
    select: {},
    sort: 'id',
    where: { and: [{ enabled: { equals: true } }, { events: { in: [change.event] } }] },
  })
  const now = new Date().toISOString()
  for (const webhook of webhooks) {
    await req.payload.create({
      collection: WEBHOOK_SLUGS.deliveries as CollectionSlug,
      data: {
        attempts: 0,
        event: change.event,
        itemCollection: change.collection,
        itemId: change.itemId,
        messageId: `msg_${randomUUID()}`,
        nextAttemptAt: now,
        occurrenceId: change.occurrenceId,
        status: 'pending',
        webhook: webhook.id,
      } as never,
      depth: 0,
      overrideAccess: true,
      req,
    })
  }
}

/** An event, venue or organizer saved: published, updated, unpublished, trashed, restored; an occurrence cancelled. */
export const recordPostChange: CollectionAfterChangeHook = async ({
  collection,
  doc,
  operation,
  previousDoc,
  req,
}) => {
  if (skipsPluginHooks(req)) return doc
  const cancelled = req.context[CANCELLED_OCCURRENCE]
  if (
    POST_KINDS[collection.slug as keyof typeof POST_KINDS] === 'event' &&
    typeof cancelled === 'number'
  ) {
    delete req.context[CANCELLED_OCCURRENCE]
    await recordChange(req, {
      collection: collection.slug,
      event: 'event.occurrence_cancelled',
      itemId: Number(doc.id),
      occurrenceId: cancelled,
    })
    return doc
  }
  const change = postChangeOf(
    operation === 'create' ? undefined : (previousDoc?.status as string | undefined),
    doc.status as string,
  )
  if (change) await recordItemChange(req, collection.slug, doc.id, change)
  return doc
}

/** A category or tag created or changed. */
export const recordTermChange: CollectionAfterChangeHook = async ({ collection, doc, req }) => {
  if (!skipsPluginHooks(req)) await recordItemChange(req, collection.slug, doc.id, 'changed')
  return doc
}

/** An item deleted for good: `….deleted` of an event, venue or organizer, `….changed` of a category or tag. */
export const recordDeletion: CollectionAfterDeleteHook = ({ collection, id, req }) =>
  recordItemChange(req, collection.slug, id, collection.slug in POST_KINDS ? 'deleted' : 'changed')

async function recordItemChange(
  req: PayloadRequest,
  collection: string,
  id: number | string,
  change: string,
): Promise<void> {
  const kind =
    POST_KINDS[collection as keyof typeof POST_KINDS] ??
    TERM_KINDS[collection as keyof typeof TERM_KINDS]
  if (kind) await recordChange(req, { collection, event: `${kind}.${change}`, itemId: Number(id) })
}
