import type { CollectionSlug, Endpoint, PayloadRequest } from 'payload'

import type { SanitizedPluginConfig } from '../../../src/types'

import { APIError, commitTransaction, initTransaction, killTransaction, NotFound } from 'payload'

import { changeOccurrence, occurrenceTitleProblem } from '../../../src/db/occurrences'
import { transactionSessionOf } from '../../../src/db/payloadInternals/adapter'
import { CANCELLED_OCCURRENCE } from '../../../src/hooks/context'
import { mayWriteUnfilteredHtml } from '../../../src/hooks/keepExcerptSafe'
import { isCalendarDay, isWithinDateRange } from '../../../src/lib/dateRange'
import { wallTime } from '../../../src/lib/wallTimes'
import { editSeries } from './seriesEdits'
import { ClientError } from '../../../src/lib/clientError'

const badRequest = (message: string) => new ClientError(message)

const wholeId = (name: string, value: unknown): number => {
  const text = String(value ?? '')
  if (!/^\d{1,10}$/.test(text) || Number(text) < 1 || Number(text) > 2_147_483_647)
    throw badRequest(`${name} must be a whole number.`)
  return Number(text)
}

/**
 * An ISO 8601 date-time with its offset, as the admin panel's calendar sends one: `Date` alone also
 * reads `"1"` as 2001 and `"March 8"` as a day of 2001, and takes years Postgres cannot store.
 */
const DATE_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(?::\d{2}(?:\.\d{1,3})?)?(?:Z|[+-]\d{2}:\d{2})$/

function instantOf(name: string, value: unknown): Date {
  const written = typeof value === 'string' && DATE_TIME.test(value) ? value : undefined
  const date = new Date(written ?? Number.NaN)
  if (
    !written ||
    Number.isNaN(date.getTime()) ||
    !isCalendarDay(written.slice(0, 10)) ||
    !isWithinDateRange(date)
  )
    throw badRequest(
      `${name} must be a date-time of the years 1 to 9999 such as 2027-03-08T15:00:00Z.`,
    )
  return date
}

const SCOPES = ['this', 'following', 'all'] as const
const FIELDS = ['scope', 'status', 'startDate', 'endDate', 'title']

/** An occurrence's own title, trimmed, or null to give it back the series'. */
function titleOf(value: unknown): null | string | undefined {
  if (value === undefined || value === null) return value
  const problem = occurrenceTitleProblem(value)
  if (problem) throw badRequest(problem)
  return (value as string).trim()
}

/**
 * `PATCH /api/events/:id/occurrences/:occurrence` with a `scope` (docs/recurrence.md, "Exceptions
 * and edits"): `this` (the default) changes that one occurrence: `{ "status": "cancelled" |
 * "scheduled" }`, a move `{ "startDate", "endDate" }`, its own `title` (null gives it back the
 * series'); `following` splits the series there and applies the move and title to the new half
 * (`seriesEdits.ts`); `all` applies them to the whole series. The caller must be allowed to update
 * the event: each is made as updates of the event under the caller's access (which also marks it
 * changed for the caches), in one transaction with the occurrences' rows.
 */
export const occurrenceEndpoint = (
  collection: string,
  options: SanitizedPluginConfig,
): Endpoint => ({
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
    const unknown = Object.keys(body).filter((key) => !FIELDS.includes(key))
    if (unknown.length)
      throw badRequest(
        `Only scope, status, startDate, endDate and title can be sent for an occurrence, not ${unknown.join(', ')}.`,
      )
    const scope = body.scope ?? 'this'
    if (!SCOPES.includes(scope as (typeof SCOPES)[number]))
      throw badRequest('scope must be this, following or all.')
    const status = body.status
    if (status !== undefined && scope !== 'this')
      throw badRequest('status changes one occurrence: send it with the scope this.')
    if (status !== undefined && status !== 'cancelled' && status !== 'scheduled')
      throw badRequest('status must be cancelled or scheduled.')
    if ((body.startDate === undefined) !== (body.endDate === undefined))
      throw badRequest('A move gives both startDate and endDate.')
    const start = body.startDate === undefined ? null : instantOf('startDate', body.startDate)
    const end = body.endDate === undefined ? null : instantOf('endDate', body.endDate)
    if (start && end && end.getTime() < start.getTime())
      throw badRequest('endDate must not be before startDate.')
    const title = titleOf(body.title)
    if (title === null && scope !== 'this')
      throw badRequest('title must be a non-empty text: a series keeps a title.')
    if (status === undefined && !start && title === undefined)
      throw badRequest('Nothing to change: give status, startDate and endDate, or title.')

    if (status === 'cancelled') req.context[CANCELLED_OCCURRENCE] = id
    const ownTransaction = await initTransaction(req)
    let holder = eventId
    try {
      if (scope === 'this') {
        await changeThisOccurrence(req, collection, { eventId, id, status, start, end, title })
      } else {
        holder = await editSeries(req, options, {
          collection,
          eventId,
          id,
          scope: scope as 'all' | 'following',
          start,
          end,
          ...(typeof title === 'string' ? { title } : {}),
        })
      }
      if (ownTransaction) await commitTransaction(req)
    } catch (error) {
      if (ownTransaction) await killTransaction(req)
      throw error
    }
    return Response.json({ message: 'Updated successfully.', id, event: holder })
  },
})

/** "This occurrence": cancelled, restored, moved or retitled, as an (empty) update of its event under the caller's access. */
async function changeThisOccurrence(
  req: PayloadRequest,
  collection: string,
  change: {
    eventId: number
    id: number
    status: unknown
    start: Date | null
    end: Date | null
    title: null | string | undefined
  },
): Promise<void> {
  const { eventId, id, start, end } = change
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
      status: change.status as 'cancelled' | 'scheduled' | undefined,
      moved,
      title: change.title,
      unfilteredHtml: mayWriteUnfilteredHtml(req.user),
    }))
  )
    throw new NotFound(req.t)
}
