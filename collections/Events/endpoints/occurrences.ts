import type { CollectionSlug, Endpoint, PayloadRequest } from 'payload'

import { APIError } from 'payload'

import { listOccurrences } from '../../../src/db/occurrences'
import { querierFor } from '../../../src/db/payloadInternals/adapter'
import { isCalendarDay, isWithinDateRange, LATEST_INSTANT } from '../../../src/lib/dateRange'
import { can } from '../../../src/lib/roles'
import { ClientError } from '../../../src/lib/clientError'

/** The widest window one request may ask for, and the largest page. */
const MAX_WINDOW_MS = 5 * 366 * 86_400_000
const MAX_LIMIT = 100
const DEFAULT_LIMIT = 50
/** Without `to`: a year from `from`. */
const DEFAULT_WINDOW_MS = 366 * 86_400_000

const badRequest = (message: string) => new ClientError(message)

function instantParam(name: string, value: unknown, fallback: Date): Date {
  if (value === undefined || value === '') return fallback
  const text = String(value)
  if (
    text.length > 40 ||
    !/^\d{4}-\d{2}-\d{2}([T ]\d{2}:\d{2}(:\d{2}(\.\d{1,3})?)?(Z|[+-]\d{2}:?\d{2})?)?$/.test(text)
  ) {
    throw badRequest(`${name} must be a date (2027-03-01) or a date-time (2027-03-01T09:00:00Z).`)
  }
  const date = new Date(
    /^\d{4}-\d{2}-\d{2}$/.test(text) ? `${text}T00:00:00Z` : text.replace(' ', 'T'),
  )
  if (Number.isNaN(date.getTime()) || !isCalendarDay(text.slice(0, 10)))
    throw badRequest(`${name} is not a real date: ${text}.`)
  // Postgres reads no year 0 nor one of five digits: a bound outside the stored years is the caller's error.
  if (!isWithinDateRange(date)) throw badRequest(`${name} must be between the years 1 and 9999.`)
  return date
}

function wholeParam(name: string, value: unknown, fallback: number, max: number): number {
  if (value === undefined || value === '') return fallback
  const text = String(value)
  if (!/^\d{1,6}$/.test(text) || Number(text) < 1 || Number(text) > max)
    throw badRequest(`${name} must be a whole number from 1 to ${max}.`)
  return Number(text)
}

/** A page of a series' occurrences in Payload's paginated shape, as the REST route and GraphQL give it. */
export type OccurrencesPage = Awaited<ReturnType<typeof readOccurrencesPage>>

/**
 * A series' occurrences in a window (`from` inclusive, `to` exclusive; by default a year from
 * now), by start. The event is read first as the caller, so a series the caller may not read
 * answers as Payload would (404, 403); cancelled occurrences are listed only to those who edit
 * events. The same rules for Payload's REST (`GET /api/events/:id/occurrences`) and GraphQL
 * (`EventOccurrences`, `src/graphql/occurrencesQuery.ts`).
 */
export async function readOccurrencesPage(
  req: PayloadRequest,
  collection: string,
  clock: () => Date,
  params: Record<string, unknown>,
) {
  const id = String(params.id ?? '')
  if (!/^\d{1,10}$/.test(id) || Number(id) > 2_147_483_647 || Number(id) < 1)
    throw badRequest('The event id must be a whole number.')
  const from = instantParam('from', params.from, clock())
  const to = instantParam(
    'to',
    params.to,
    new Date(Math.min(from.getTime() + DEFAULT_WINDOW_MS, LATEST_INSTANT)),
  )
  if (to.getTime() <= from.getTime()) throw badRequest('to must be after from.')
  if (to.getTime() - from.getTime() > MAX_WINDOW_MS)
    throw badRequest('The window from from to to may be at most 5 years long.')
  const limit = wholeParam('limit', params.limit, DEFAULT_LIMIT, MAX_LIMIT)
  const page = wholeParam('page', params.page, 1, 100_000)
  const event = await req.payload.findByID({
    collection: collection as CollectionSlug,
    depth: 0,
    id: Number(id),
    overrideAccess: false,
    req,
    select: { allDay: true, timezone: true } as never,
  })
  const db = await querierFor(req.payload, req)
  if (!db) throw new APIError('Occurrences need the Postgres adapter.', 501, null, true)
  const { rows, total } = await listOccurrences(db, {
    eventId: Number(id),
    from,
    to,
    limit,
    offset: (page - 1) * limit,
    withCancelled: can(req.user, 'edit_posts'),
  })
  const allDay = (event as { allDay?: boolean }).allDay === true
  const totalPages = Math.ceil(total / limit)
  return {
    docs: rows.map((row) => ({
      ...row,
      originalStart: allDay ? row.originalStart.slice(0, 10) : row.originalStart,
      event: Number(id),
    })),
    totalDocs: total,
    limit,
    page,
    totalPages,
    hasPrevPage: page > 1,
    hasNextPage: page < totalPages,
    prevPage: page > 1 ? page - 1 : null,
    nextPage: page < totalPages ? page + 1 : null,
  }
}

/** `GET /api/events/:id/occurrences?from=&to=&limit=&page=` (`readOccurrencesPage`). */
export const occurrencesEndpoint = (collection: string, clock: () => Date): Endpoint => ({
  path: '/:id/occurrences',
  method: 'get',
  handler: async (req) =>
    Response.json(
      await readOccurrencesPage(req, collection, clock, {
        ...((req.query ?? {}) as Record<string, unknown>),
        id: req.routeParams?.id,
      }),
    ),
})
