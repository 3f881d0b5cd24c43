import type { CollectionSlug, Where } from 'payload'

import { NotFound } from 'payload'

import type { RestContext, RestResult } from '../context'

import { CLAMP_END_TO_START } from '../../src/hooks/context'
import { MAX_INT4 } from '../../src/lib/databaseIds'
import { CALENDAR_SLUGS } from '../../src/slugs'
import { itemUpdateKey, lockForTransaction } from '../../src/lib/locks'
import { can } from '../../src/lib/roles'
import { wasSent } from '../args'
import { RestError } from '../errors'
import { countKept } from '../freshness'
import { apiUrl, encodedQuery } from '../urls'
import { mayUnlockProtected } from '../unlockProtected'
import { toList } from '../validators'
import { inTransaction } from '../transaction'
import { DATE_BOUNDS, includeWindow, isStrict, parseDateWindow } from './dateWindow'
import { eventsListConditions } from './listQuery'
import { prepareEventData } from './prepareEvent'
import { findEventsPage, loadEvents, populateEvents } from './loadEvents'
import { defaultEndDate, defaultStartDate } from './params'
import { type EventDoc, serializeEvent } from './serializeEvent'
import { plainDoc } from '../../src/lib/plainDoc'


const EVENTS = CALENDAR_SLUGS.events as CollectionSlug

/** `GET /events`. */
export async function listEvents(ctx: RestContext): Promise<RestResult> {
  const args = ctx.args
  const page = args.page as number
  const perPage = args.per_page as number
  const mayEdit = can(ctx.user, 'edit_posts')
  const statuses = (args.status as string[] | undefined) ?? (mayEdit ? null : ['publish'])
  const include = args.include as number[] | undefined

  const window = include
    ? includeWindow({ end_date: defaultEndDate({ now: ctx.now }), start_date: defaultStartDate({ now: ctx.now, siteTimezone: ctx.options.siteTimezone }) }, ctx.options.siteTimezone)
    : parseDateWindow({
        now: ctx.now,
        sent: (name) => wasSent(args, name),
        siteTimezone: ctx.options.siteTimezone,
        strict: isStrict(args.strict_dates),
        values: Object.fromEntries(DATE_BOUNDS.map((bound) => [bound, args[bound]])),
      })
  const and = await eventsListConditions(ctx, args, { statuses, window })

  const query = { collection: EVENTS, overrideAccess: false, req: ctx.req, where: { and } } as const
  const [docs, total] = await Promise.all([
    findEventsPage(ctx, { ...query, limit: perPage, page, sort: ['startDate', 'id'] }),
    countKept(ctx, 'event-totals', query),
  ])
  if (page > 1 && docs.length === 0) {
    throw new RestError('event-archive-page-not-found', 'The requested event archive page does not exist', 404)
  }
  const termCounts = await populateEvents(ctx, docs)
  const totalPages = total === 0 ? 0 : Math.ceil(total / perPage)

  const echo = echoedArgs(ctx, window.echo, statuses, mayEdit)
  const base = apiUrl(ctx.restBase, ctx.options, '/events/')
  const body: Record<string, unknown> = {
    events: docs.map((doc) => serializeEvent(doc, ctx, { single: false, termCounts, unlocked: mayUnlockProtected(ctx, doc) })),
    rest_url: restUrl(base, [['page', String(page)], ...echo.main], echo.extras, echo.encoded),
  }
  if (page < totalPages) body.next_rest_url = `${base}?${encodedQuery([...echo.main, ...echo.extras, ['page', String(page + 1)]])}`
  if (page > 1 && page - 1 <= totalPages) {
    const previous = page - 1 === 1 ? [] : [['page', String(page - 1)] as [string, string]]
    body.previous_rest_url = `${base}?${encodedQuery([...echo.main, ...echo.extras, ...previous])}`
  }
  body.total = total
  body.total_pages = totalPages
  return { body, headers: { 'X-TEC-Total': String(total), 'X-TEC-TotalPages': String(totalPages) } }
}

/**
 * The arguments the original echoes into `rest_url`, in its order: its own (unencoded) and the
 * ones it appends afterwards with `add_query_arg` (`venue`, `organizer`, `featured`), which
 * encodes the whole URL.
 */
function echoedArgs(ctx: RestContext, dates: Partial<Record<string, string>>, statuses: null | string[], mayEdit: boolean) {
  const args = ctx.args
  const include = args.include as number[] | undefined
  const main: [string, string][] = [['per_page', String(args.per_page)]]
  const push = (name: string, value: unknown) => {
    if (value !== undefined && value !== null && value !== false && value !== '') main.push([name, String(value)])
  }
  push('start_date', dates.start_date)
  push('end_date', dates.end_date)
  push('search', args.search)
  push('geoloc', args.geoloc)
  push('geoloc_lat', args.geoloc_lat)
  push('geoloc_lng', args.geoloc_lng)
  push('status', statuses ? statuses.join(',') : mayEdit ? 'any' : 'publish')
  push('post_parent', args.post_parent)
  push('include', include?.join(','))
  for (const bound of ['starts_before', 'starts_after', 'ends_before', 'ends_after']) push(bound, dates[bound])
  push('ticketed', args.ticketed)
  const extras: [string, string][] = []
  if (args.venue !== undefined) extras.push(['venue', toList(args.venue).join(',')])
  if (args.organizer !== undefined) extras.push(['organizer', toList(args.organizer).join(',')])
  // `add_query_arg('featured', false)` drops the key, but the URL is still encoded.
  if (args.featured === true) extras.push(['featured', '1'])
  return { encoded: extras.length > 0 || args.featured !== undefined, extras, main }
}

function restUrl(base: string, main: [string, string][], extras: [string, string][], encoded: boolean): string {
  if (encoded) return `${base}?${encodedQuery([...main, ...extras])}`
  return `${base}?${main.map(([name, value]) => `${name}=${value}`).join('&')}`
}

/** `GET /events/{id}`. */
export async function getEvent(ctx: RestContext): Promise<RestResult> {
  return readEvent(ctx, Number(ctx.args.id))
}

/** `GET /events/by-slug/{slug}`. */
export async function getEventBySlug(ctx: RestContext): Promise<RestResult> {
  const found = await findEventStatus(ctx, { slug: { equals: ctx.args.slug as string } })
  return readEvent(ctx, found?.id ?? 0, found)
}

/**
 * A single event, with the original's answers in its order: 404 when there is no such post, 400
 * when the post is a venue or organizer, 403 when it is trashed, not visible to the caller, or
 * password-protected without the password.
 */
async function readEvent(ctx: RestContext, id: number, checked?: null | { status: string }): Promise<RestResult> {
  // An event the caller may read needs no status query: that query only chooses the refusal.
  const [readable] = checked === undefined && id > 0 && id <= MAX_INT4 ? await loadEvents(ctx, [id]) : []
  const stored = readable ?? (checked === undefined ? await findEventForCheck(ctx, id) : checked)
  if (!stored) return refuseMissingEvent(ctx, id)
  if (stored.status === 'trash') throw new RestError('event-no-longer-available', 'This event is no longer available', 403)
  const [doc] = readable ? [readable] : await loadEvents(ctx, [id])
  if (!doc) throw new RestError('event-not-accessible', 'The requested event is not accessible', 403)
  const unlocked = mayUnlockProtected(ctx, doc)
  if (!unlocked) {
    throw new RestError('event-password-protected', 'The requested event is not accessible without a password', 403)
  }
  const termCounts = await populateEvents(ctx, [doc])
  return { body: serializeEvent(doc, ctx, { single: true, termCounts, unlocked }) }
}

async function findEventForCheck(ctx: RestContext, id: number) {
  if (!id || id > MAX_INT4) return null
  return findEventStatus(ctx, { id: { equals: id } })
}

/** An event's id and status whatever its status or the caller (the checks that follow decide what to answer). */
async function findEventStatus(ctx: RestContext, where: Where): Promise<null | { id: number; status: string }> {
  const { docs } = await ctx.payload.find({
    collection: EVENTS,
    depth: 0,
    limit: 1,
    overrideAccess: true,
    pagination: false,
    select: { status: true } as never,
    where,
  })
  return (docs[0] as { id: number; status: string } | undefined) ?? null
}

/** The original's answer for an id that is no event: 400 when it is a venue or organizer, 404 otherwise. */
async function refuseMissingEvent(ctx: RestContext, id: number): Promise<never> {
  if (await isOtherPost(ctx, id)) throw new RestError('rest-invalid-event-id', 'The specified ID is not a valid event.', 400)
  throw new RestError('rest-event-not-found', `Event with ID ${id} does not exist.`, 404)
}

async function isOtherPost(ctx: RestContext, id: number): Promise<boolean> {
  if (!id || id > MAX_INT4) return false
  for (const collection of [CALENDAR_SLUGS.venues, CALENDAR_SLUGS.organizers]) {
    const { totalDocs } = await ctx.payload.count({ collection: collection as CollectionSlug, overrideAccess: true, where: { id: { equals: id } } })
    if (totalDocs) return true
  }
  return false
}

/** The original moves an end before the start to the start rather than refusing the write. */
const COMPAT_WRITE = { [CLAMP_END_TO_START]: true }

/** `POST /events`: 201 with the new event. */
export async function createEvent(ctx: RestContext): Promise<RestResult> {
  const id = await inTransaction(ctx.req, async () => {
    const data = await prepareEventData(ctx)
    const created = await ctx.payload.create({ collection: EVENTS, context: COMPAT_WRITE, data: data as never, depth: 0, overrideAccess: false, req: ctx.req })
    return created.id as number
  })
  return { body: await readBack(ctx, id), status: 201 }
}

/** `POST|PUT|PATCH /events/{id}` and `/events/by-slug/{slug}`: 200 with the event as it now is. */
export async function updateEvent(ctx: RestContext): Promise<RestResult> {
  const { id } = await targetEvent(ctx)
  await inTransaction(ctx.req, async () => {
    // The event is read after the update's lock, as Payload's own update reads it: read before,
    // it could be older than a write that commits meanwhile.
    await lockForTransaction(ctx.req, itemUpdateKey(EVENTS, id))
    const existing = await ctx.payload.findByID({ collection: EVENTS, depth: 0, id, overrideAccess: true, req: ctx.req })
    const data = await prepareEventData(ctx, plainDoc(existing))
    await ctx.payload.update({ collection: EVENTS, context: COMPAT_WRITE, data: data as never, depth: 0, id, overrideAccess: false, req: ctx.req })
  })
  return { body: await readBack(ctx, id) }
}

/**
 * `DELETE /events/{id}` and by slug: moves the event to the trash (`docs/compatibility.md`,
 * "Deleting moves to the trash").
 */
export async function deleteEvent(ctx: RestContext): Promise<RestResult> {
  const { id, status } = await targetEvent(ctx)
  if (status === 'trash') throw new RestError('event-is-in-trash', 'The event is already trashed', 410)
  await inTransaction(ctx.req, () =>
    ctx.payload.update({ collection: EVENTS, data: { status: 'trash' } as never, depth: 0, id, overrideAccess: false, req: ctx.req }),
  )
  return { body: await readBack(ctx, id) }
}

/** The event a write addresses (id and status), by id or by the slug in the path, with the original’s 404 and 400. */
async function targetEvent(ctx: RestContext): Promise<{ id: number; status: string }> {
  const bySlug = ctx.params.slug !== undefined
  const id = bySlug ? 0 : Number(ctx.args.id ?? 0)
  // By slug, the lookup that finds the id is also the check that it is an event: one query.
  const stored = bySlug ? await findEventStatus(ctx, { slug: { equals: ctx.params.slug } }) : await findEventForCheck(ctx, id)
  if (!stored) return refuseMissingEvent(ctx, id)
  return stored
}

/** A written event as the writer now sees it; the write itself decided what they may see. */
async function readBack(ctx: RestContext, id: number) {
  const [doc] = await loadEvents(ctx, [id])
  // As findByID would: the writer may no longer see what they wrote (a contributor's event sent to review).
  if (!doc) throw new NotFound(ctx.req.t)
  const termCounts = await populateEvents(ctx, [doc])
  return serializeEvent(doc, ctx, { single: false, termCounts, unlocked: true })
}
