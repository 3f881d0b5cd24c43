import type {
  CollectionAfterChangeHook,
  CollectionAfterDeleteHook,
  CollectionSlug,
  PayloadRequest,
} from 'payload'

import { sql } from '@payloadcms/db-postgres'
import { randomUUID } from 'node:crypto'

import {
  MAX_WEBHOOKS,
  POST_KINDS,
  TERM_KINDS,
  WEBHOOK_SLUGS,
} from '../../collections/Webhooks/webhookEvents'
import { riddenRead, rideOnItemLocks } from '../db/locks'
import { querierFor, tableNameOf } from '../db/payloadInternals/adapter'
import { CANCELLED_OCCURRENCE, skipsPluginHooks } from '../hooks/context'
import { pluginOptionsOf } from '../pluginOptions'
import { postChangeOf } from './changeEvents'

/** The name of the webhooks' read that rides on item locks. */
const WEBHOOKS_READ = 'webhooks'

type Change = { collection: string; event: string; itemId: number; occurrenceId?: number }

/**
 * The outbox: one pending delivery per webhook that wants the change, written with the save's
 * own request (`req`), so inside its transaction: a save that fails writes none, a save that
 * is acknowledged has them all. Nothing is sent here; the job queue does (`deliverWebhooks.ts`).
 */
async function recordChange(req: PayloadRequest, change: Change): Promise<void> {
  if (!pluginOptionsOf(req.payload).webhooks.enabled) return
  const webhooks = await webhooksWanting(req, change.event)
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

/**
 * The enabled webhooks and the event types each asks for, as one JSON value, read with the item's
 * lock by the updates that take one (`lockItemForUpdate` in `src/db/locks.ts`), in the same
 * transaction as the change they record: the look-up below then costs no statement. Read only where
 * changes are recorded; null past the most a site may have, and the look-up reads them itself.
 */
rideOnItemLocks(WEBHOOKS_READ, (req, collection) => {
  const options = pluginOptionsOf(req.payload)
  if (options.disabled || !options.webhooks.enabled) return null
  if (!(collection in POST_KINDS) && !(collection in TERM_KINDS)) return null
  const webhooks = tableNameOf(req.payload, WEBHOOK_SLUGS.webhooks)
  // At most MAX_WEBHOOKS of them (`limitWebhooks`); more (creates at the same moment) read nothing here.
  return sql`(SELECT CASE WHEN count(*) <= ${MAX_WEBHOOKS} THEN coalesce(json_agg(json_build_object('id', w."id", 'events',
      (SELECT coalesce(json_agg(s."value"::text), '[]'::json) FROM ${sql.identifier(`${webhooks}_events`)} s WHERE s."parent_id" = w."id"))
    ORDER BY w."id"), '[]'::json) END
    FROM (SELECT w."id" FROM ${sql.identifier(webhooks)} w WHERE w."enabled" ORDER BY w."id" LIMIT ${MAX_WEBHOOKS + 1}) w)`
})

/**
 * The enabled webhooks that ask for `event`, by id, in the save's transaction: read with the
 * item's lock (above), or in one statement on the webhooks' tables (`collections/Webhooks/`,
 * `events` stored as a `select` with `hasMany`), or through Payload's `find` with another database
 * adapter.
 */
async function webhooksWanting(req: PayloadRequest, event: string): Promise<{ id: unknown }[]> {
  const ridden = await riddenRead(req, WEBHOOKS_READ)
  if (ridden && Array.isArray(ridden.value))
    return (ridden.value as { events?: unknown; id: unknown }[])
      .filter((webhook) => Array.isArray(webhook.events) && webhook.events.includes(event))
      .slice(0, MAX_WEBHOOKS)
      .map((webhook) => ({ id: webhook.id }))
  const db = await querierFor(req.payload, req)
  if (db) {
    const webhooks = tableNameOf(req.payload, WEBHOOK_SLUGS.webhooks)
    const { rows } = await db.execute(sql`SELECT w."id" FROM ${sql.identifier(webhooks)} w
      WHERE w."enabled" AND EXISTS (SELECT 1 FROM ${sql.identifier(`${webhooks}_events`)} s
        WHERE s."parent_id" = w."id" AND s."value"::text = ${event})
      ORDER BY w."id" LIMIT ${MAX_WEBHOOKS}`)
    return rows.map((row) => ({ id: row.id }))
  }
  const { docs } = await req.payload.find({
    collection: WEBHOOK_SLUGS.webhooks as CollectionSlug,
    depth: 0,
    limit: MAX_WEBHOOKS,
    overrideAccess: true,
    pagination: false,
    req,
    select: {},
    sort: 'id',
    where: { and: [{ enabled: { equals: true } }, { events: { in: [event] } }] },
  })
  return docs
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
