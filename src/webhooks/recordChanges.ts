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
  const kind = POST_KINDS[collection.slug as keyof typeof POST_KINDS]
  const cancelled = req.context[CANCELLED_OCCURRENCE]
  if (kind === 'event' && typeof cancelled === 'number') {
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
  if (kind && change)
    await recordChange(req, {
      collection: collection.slug,
      event: `${kind}.${change}`,
      itemId: Number(doc.id),
    })
  return doc
}

/** An event, venue or organizer deleted for good. */
export const recordPostDeletion: CollectionAfterDeleteHook = async ({ collection, id, req }) => {
  const kind = POST_KINDS[collection.slug as keyof typeof POST_KINDS]
  if (kind)
    await recordChange(req, {
      collection: collection.slug,
      event: `${kind}.deleted`,
      itemId: Number(id),
    })
}

/** A category or tag created, changed or deleted. */
export const recordTermChange: CollectionAfterChangeHook = async ({ collection, doc, req }) => {
  if (skipsPluginHooks(req)) return doc
  const kind = TERM_KINDS[collection.slug as keyof typeof TERM_KINDS]
  if (kind)
    await recordChange(req, {
      collection: collection.slug,
      event: `${kind}.changed`,
      itemId: Number(doc.id),
    })
  return doc
}

export const recordTermDeletion: CollectionAfterDeleteHook = async ({ collection, id, req }) => {
  const kind = TERM_KINDS[collection.slug as keyof typeof TERM_KINDS]
  if (kind)
    await recordChange(req, {
      collection: collection.slug,
      event: `${kind}.changed`,
      itemId: Number(id),
    })
}
