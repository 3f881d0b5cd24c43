import type { CollectionSlug, Payload } from 'payload'

import type { DeliveryStatus } from '../../collections/WebhookDeliveries/index'
import type { SanitizedPluginConfig } from '../types'

import { WEBHOOK_SLUGS } from '../../collections/Webhooks/webhookEvents'
import { type Secrets, signatureHeaders, signedPost } from './signedPost'
import { visitorAnswer } from './visitorAnswer'

/**
 * The waits before each try after the first, as the Standard Webhooks specification suggests
 * (5 s, 5 min, 30 min, 2 h, 5 h, 10 h, 10 h): about a day and a quarter in eight tries, then failed.
 */
export const RETRY_DELAYS_MS = [5, 300, 1800, 7200, 18000, 36000, 36000].map((s) => s * 1000)

/** Pending deliveries read per turn; the first of each webhook and item among them is tried. */
const READ_PER_TURN = 1000
/** A turn stops trying new deliveries after this long, so that it ends before the next one is due. */
const TURN_BUDGET_MS = 45_000

type Delivery = {
  attempts: number
  body?: null | string
  createdAt: string
  event: string
  id: number
  itemCollection: string
  itemId: number
  messageId: string
  nextAttemptAt?: null | string
  occurrenceId?: null | number
  webhook: number
}

type Webhook = {
  enabled?: boolean | null
  id: number
  previousSecret?: null | string
  previousSecretExpiresAt?: null | string
  secret?: null | string
  url: string
}

export type TurnReport = Record<'delivered' | 'failed' | 'retrying' | 'skipped', number>

/**
 * One turn of the webhooks' deliveries, run by the job queue (one runner across instances,
 * `src/jobs/calendarQueueRunner.ts`), so each delivery is sent by one process at a time. In order
 * per item: of each webhook's pending deliveries of one item, only the oldest is tried; the others
 * wait until it is delivered, failed or skipped.
 */
export async function deliverDueWebhooks(
  payload: Payload,
  options: SanitizedPluginConfig,
  clock: () => Date = () => new Date(),
): Promise<TurnReport> {
  const report: TurnReport = { delivered: 0, failed: 0, retrying: 0, skipped: 0 }
  const started = Date.now()
  const { docs } = await payload.find({
    collection: WEBHOOK_SLUGS.deliveries as CollectionSlug,
    depth: 0,
    limit: READ_PER_TURN,
    overrideAccess: true,
    pagination: false,
    sort: 'id',
    where: { status: { equals: 'pending' } },
  })
  const waiting = new Set<string>()
  for (const delivery of docs as unknown as Delivery[]) {
    const key = `${delivery.webhook}/${delivery.itemCollection}/${delivery.itemId}`
    if (waiting.has(key)) continue
    waiting.add(key)
    if (delivery.nextAttemptAt && Date.parse(delivery.nextAttemptAt) > clock().getTime()) continue
    if (Date.now() - started > TURN_BUDGET_MS) break
    try {
      const outcome = await tryDelivery(payload, options, delivery, clock)
      report[outcome] += 1
      // Done with (delivered, failed, skipped): the item's next delivery may go in this turn.
      if (outcome !== 'retrying') waiting.delete(key)
    } catch (error) {
      // Our own failure (the database, the API), not the target's: the delivery stays as it was, tried at the next turn.
      payload.logger.error({
        err: error,
        msg: `webhooks: delivery ${delivery.id} could not be tried`,
      })
    }
  }
  return report
}

/** One try of one delivery, its outcome written to its log. */
async function tryDelivery(
  payload: Payload,
  options: SanitizedPluginConfig,
  delivery: Delivery,
  clock: () => Date,
): Promise<keyof TurnReport> {
  const update = (data: Record<string, unknown>) =>
    payload.update({
      collection: WEBHOOK_SLUGS.deliveries as CollectionSlug,
      data: data as never,
      depth: 0,
      id: delivery.id,
      overrideAccess: true,
    })
  const webhook = (await payload.findByID({
    collection: WEBHOOK_SLUGS.webhooks as CollectionSlug,
    depth: 0,
    disableErrors: true,
    id: delivery.webhook,
    overrideAccess: true,
    showHiddenFields: true,
  })) as null | Webhook
  if (!webhook?.enabled || !webhook.secret) {
    await update({ error: 'The webhook is disabled.', status: 'skipped' satisfies DeliveryStatus })
    return 'skipped'
  }
  let body = delivery.body
  if (!body) {
    const prepared = await bodyOf(payload, options, delivery)
    if (typeof prepared !== 'string') {
      await update({ error: prepared.skipped, status: 'skipped' satisfies DeliveryStatus })
      return 'skipped'
    }
    body = prepared
    await update({ body })
  }
  const now = clock()
  const outcome = await signedPost(
    webhook.url,
    body,
    signatureHeaders(delivery.messageId, body, secretsOf(webhook, now), now),
    options.webhooks,
  )
  const attempts = delivery.attempts + 1
  const status: DeliveryStatus = outcome.ok
    ? 'delivered'
    : attempts > RETRY_DELAYS_MS.length
      ? 'failed'
      : 'pending'
  await update({
    attempts,
    durationMs: outcome.durationMs,
    error: outcome.error ?? null,
    lastAttemptAt: now.toISOString(),
    nextAttemptAt:
      status === 'pending'
        ? new Date(now.getTime() + RETRY_DELAYS_MS[attempts - 1]!).toISOString()
        : null,
    responseExcerpt: outcome.excerpt ?? null,
    responseStatus: outcome.status ?? null,
    status,
  })
  return status === 'pending' ? 'retrying' : status
}

function secretsOf(webhook: Webhook, now: Date): Secrets {
  const previousValid =
    webhook.previousSecret &&
    webhook.previousSecretExpiresAt &&
    Date.parse(webhook.previousSecretExpiresAt) > now.getTime()
  return { current: webhook.secret!, previous: previousValid ? webhook.previousSecret : null }
}

/**
 * The body, made at the first try and kept for every later one: the event type, when the change
 * was made, the delivery's id, and the item as a visitor sees it then (only its id when a visitor
 * sees nothing of it). An update whose public answer is the one this webhook was last sent for
 * the item (or that a visitor cannot see) is skipped.
 */
async function bodyOf(
  payload: Payload,
  options: SanitizedPluginConfig,
  delivery: Delivery,
): Promise<string | { skipped: string }> {
  const answer = await visitorAnswer(payload, options, delivery.itemCollection, delivery.itemId)
  if (delivery.event.endsWith('.updated')) {
    if (!answer) return { skipped: 'A visitor does not see the item.' }
    const last = await lastSentData(payload, delivery)
    if (last === publicContent(answer)) return { skipped: 'Its public answer did not change.' }
  }
  return JSON.stringify({
    type: delivery.event,
    timestamp: delivery.createdAt,
    delivery_id: delivery.messageId,
    ...(delivery.occurrenceId ? { occurrence_id: delivery.occurrenceId } : {}),
    data: answer ?? { id: delivery.itemId },
  })
}

/** The item's data in the body of the last delivery made for it to this webhook before this one. */
async function lastSentData(payload: Payload, delivery: Delivery): Promise<string | undefined> {
  const { docs } = await payload.find({
    collection: WEBHOOK_SLUGS.deliveries as CollectionSlug,
    depth: 0,
    limit: 1,
    overrideAccess: true,
    pagination: false,
    select: { body: true },
    sort: '-id',
    where: {
      and: [
        { webhook: { equals: delivery.webhook } },
        { itemCollection: { equals: delivery.itemCollection } },
        { itemId: { equals: delivery.itemId } },
        { id: { less_than: delivery.id } },
        { body: { exists: true } },
      ],
    },
  })
  const body = (docs[0] as { body?: string } | undefined)?.body
  return body
    ? publicContent((JSON.parse(body) as { data: Record<string, unknown> }).data)
    : undefined
}

/** What an answer says of the item, less when it was last saved (which every save moves). */
function publicContent(answer: Record<string, unknown>): string {
  const { modified: _modified, modified_utc: _modifiedUtc, ...content } = answer
  return JSON.stringify(content)
}
