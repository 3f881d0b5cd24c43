import type { CollectionSlug, Endpoint, PayloadRequest } from 'payload'

import { APIError, commitTransaction, initTransaction, killTransaction, NotFound } from 'payload'

import { changeOccurrence } from '../../../src/db/occurrences'
import { transactionSessionOf } from '../../../src/db/payloadInternals/adapter'
import { CANCELLED_OCCURRENCE } from '../../../src/hooks/context'
import { wallTime } from '../../../src/lib/wallTimes'

const badRequest = (message: string) => new APIError(message, 400, null, true)

const wholeId = (name: string, value: unknown): number => {
  const text = String(value ?? '')
  if (!/^\d{1,10}$/.test(text) || Number(text) < 1 || Number(text) > 2_147_483_647)
    throw badRequest(`${name} must be a whole number.`)
  return Number(text)
}

function instantOf(name: string, value: unknown): Date {
  const date =
    typeof value === 'string' && value.length <= 40 ? new Date(value) : new Date(Number.NaN)
  if (Number.isNaN(date.getTime()))
    throw badRequest(`${name} must be a date-time such as 2027-03-08T15:00:00Z.`)
  return date
}

/**
 * `PATCH /api/events/:id/occurrences/:occurrence` with `{ "status": "cancelled" | "scheduled" }`
 * and/or `{ "startDate", "endDate" }`: changes that one occurrence ("this occurrence",
 * docs/recurrence.md). The caller must be allowed to update the event: the change is made as an
 * update of the event under the caller's access (which also marks the event changed for the
 * caches), in the same transaction as the occurrence's row.
 */
export const occurrenceEndpoint = (collection: string): Endpoint => ({
  path: '/:id/occurrences/:occurrence',
  method: 'patch',
  handler: async (req: PayloadRequest) => {
    const eventId = wholeId('The event id', req.routeParams?.id)
    const id = wholeId('The occurrence id', req.routeParams?.occurrence)
    const body = ((req.json ? await req.json().catch(() => null) : null) ?? null) as null | Record<
      string,
      unknown
    >
    if (!body || typeof body !== 'object' || Array.isArray(body))
      throw badRequest('The body must be a JSON object.')
    const unknown = Object.keys(body).filter(
      (key) => !['status', 'startDate', 'endDate'].includes(key),
    )
    if (unknown.length)
      throw badRequest(
        `Only status, startDate and endDate can be changed on one occurrence, not ${unknown.join(', ')}.`,
      )
    const status = body.status
    if (status !== undefined && status !== 'cancelled' && status !== 'scheduled')
      throw badRequest('status must be cancelled or scheduled.')
    if ((body.startDate === undefined) !== (body.endDate === undefined))
      throw badRequest('A move gives both startDate and endDate.')
    const start = body.startDate === undefined ? null : instantOf('startDate', body.startDate)
    const end = body.endDate === undefined ? null : instantOf('endDate', body.endDate)
    if (start && end && end.getTime() < start.getTime())
      throw badRequest('endDate must not be before startDate.')
    if (status === undefined && !start)
      throw badRequest('Nothing to change: give status, or startDate and endDate.')

    if (status === 'cancelled') req.context[CANCELLED_OCCURRENCE] = id
    const ownTransaction = await initTransaction(req)
    try {
      // The caller's right to change the event, as Payload checks it (403, 404); the event's updatedAt moves.
      const event = (await req.payload.update({
        collection: collection as CollectionSlug,
        data: {},
        depth: 0,
        id: eventId,
        overrideAccess: false,
        req,
      })) as { timezone?: string }
      const db = await transactionSessionOf(req)
      if (!db) throw new APIError('Occurrences need the Postgres adapter.', 501, null, true)
      const zone = event.timezone ?? 'UTC'
      const local = (instant: Date) => wallTime(instant, zone).replace(' ', 'T')
      const moved =
        start && end
          ? {
              startLocal: local(start),
              endLocal: local(end),
              startUtc: start.toISOString(),
              endUtc: end.toISOString(),
            }
          : undefined
      if (
        !(await changeOccurrence(db, {
          eventId,
          id,
          status: status as 'cancelled' | 'scheduled' | undefined,
          moved,
        }))
      )
        throw new NotFound(req.t)
      if (ownTransaction) await commitTransaction(req)
    } catch (error) {
      if (ownTransaction) await killTransaction(req)
      throw error
    }
    return Response.json({ message: 'Updated successfully.', id, event: eventId })
  },
})
