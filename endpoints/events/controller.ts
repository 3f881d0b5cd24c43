import type { CollectionSlug, Where } from 'payload'

import { NotFound } from 'payload'

import type { EventDoc } from '../../src/calendar/events/eventDoc'
import type { RestContext } from '../context'
import type { ListPage, Resource, ResourceController, Target } from '../resourceController'
import type { EventSeriesFields } from '../../src/recurrence/index'

import { CLAMP_END_TO_START } from '../../src/hooks/context'
import { MAX_INT4 } from '../../src/lib/databaseIds'
import { CALENDAR_SLUGS } from '../../src/slugs'
import { lockItemForUpdate } from '../../src/db/locks'
import { can } from '../../src/lib/roles'
import { foundFor, wasSent } from '../args'
import {
  eventNoLongerAvailable,
  eventNotFound,
  eventPasswordProtected,
  notAccessible,
  notAnEventId,
} from '../errors'
import { countKept, listDependencies } from '../freshness'
import { eventsWhere } from '../../src/calendar/events/eventsWhere'
import { mayUnlockProtected } from '../unlockProtected'
import { DATE_BOUNDS, includeWindow, isStrict, parseDateWindow } from './dateWindow'
import { EVENT_SEARCH_FIELDS, EVENTS_LIST_SORT, eventsListQuery } from './listQuery'
import { bothSettled, inHeavyListTurn, isHeavyList } from './heavyLists'
import { prepareEventData } from './prepareEvent'
import { eventsList, loadEvents, populateEvents } from '../../src/calendar/events/loadEvents'
import { defaultEndDate, defaultStartDate, foundBySlug, SLUG_LOOK_UP_FIELDS } from './params'
import { serializeEvent } from './serializeEvent'
import type { PlainDoc } from '../../src/lib/plainDoc'
import { asReadByWriter } from '../writtenItems'
import { itemsReadBefore } from '../../src/lib/itemsReadByRequest'
import { relationId } from '../../src/lib/databaseIds'
import {
  asOccurrence,
  OCCURRENCE,
  type OccurrenceDoc,
  readOccurrence,
} from '../../src/calendar/events/occurrences'
import {
  formatRecurrence,
  isRecurring,
  recurrenceOf,
  seriesStartOf,
  summarizeRecurrence,
} from '../../src/recurrence/index'
import { resourceController } from '../resourceController'
import { cancelOccurrence, updateOccurrence } from './occurrenceWrites'
import { lockWriteTarget, readWriteTarget } from './writeTarget'

const EVENTS = CALENDAR_SLUGS.events as CollectionSlug

/**
 * Events (`GET|POST /events`, `/events/{id}`, `/events/by-slug/{slug}`): the steps that are the
 * events' own; `resourceController.ts` writes the rest once.
 */
export const eventsResource: Resource = {
  collection: EVENTS,
  words: { plural: 'events', singular: 'event' },
  searchFields: EVENT_SEARCH_FIELDS,
  listStyle: 'archive',
  listPage: listEvents,
  serialize: async (ctx, docs, view) => {
    const events = docs as EventDoc[]
    const termCounts = await populateEvents(ctx, events)
    // The writer sees what they wrote whatever its password; the write itself decided what they may see.
    const serialized = events.map((doc) =>
      serializeEvent(doc, ctx, {
        single: view === 'single',
        termCounts,
        unlocked: view === 'written' || mayUnlockProtected(ctx, doc),
      }),
    )
    if (view === 'single' && ctx.args.recurrence === true)
      await Promise.all(
        serialized.map(async (event, index) => {
          // A protected event's rule is blanked with its dates' details.
          const blanked = events[index]!.password && !mayUnlockProtected(ctx, events[index]!)
          event.recurrence = blanked ? null : await recurrenceBlock(ctx, events[index]!)
        }),
      )
    return serialized
  },
  readItem: readEventItem,
  target: targetEvent,
  targetInTransaction: (ctx) => lockedTargets.has(ctx),
  prepareData: async (ctx, target) => {
    if (!target) return prepareEventData(ctx)
    // What the data needs of the stored event (its timezone, when a date is sent without one) is
    // read after the update's lock, as Payload's own update reads it: read before, it could be
    // older than a write that commits meanwhile.
    await lockItemForUpdate(ctx.req, ctx.payload.collections[EVENTS].config, target.id)
    return prepareEventData(ctx, { timezone: () => storedTimezone(ctx, target.id) })
  },
  load: loadWritten,
  // The original moves an end before the start to the start rather than refusing the write.
  writeContext: { [CLAMP_END_TO_START]: true },
  removal: { kind: 'trash' },
}

/**
 * The events' routes: `resourceController`'s, with writes to an occurrence id of a series
 * changing that occurrence only (`occurrenceWrites.ts`).
 */
export function eventsController(): ResourceController {
  const controller = resourceController(eventsResource)
  const serialize = async (ctx: RestContext, doc: EventDoc) =>
    (await eventsResource.serialize(ctx, [doc], 'written'))[0]
  /**
   * The occurrence a write by id addresses, when it is not the event's own id; otherwise the
   * event it addresses, read in the same statement, is kept for `targetEvent`.
   */
  const occurrenceOf = async (ctx: RestContext) => {
    if (ctx.params.slug !== undefined) return undefined
    const id = Number(ctx.args.id)
    const { event, occurrenceOf: series } = await readWriteTarget(ctx, id)
    if (series !== undefined) {
      const occurrence = await readOccurrence(ctx, id)
      if (occurrence && occurrence.eventId !== id) return occurrence
      return undefined
    }
    if (event) targetsRead.set(ctx, event)
    return undefined
  }
  return {
    ...controller,
    remove: async (ctx) => {
      const occurrence = await occurrenceOf(ctx)
      return occurrence ? cancelOccurrence(ctx, occurrence, serialize) : controller.remove(ctx)
    },
    update: async (ctx) => {
      // By id, the event is read with its lock in the update's transaction (`lockWriteTarget`);
      // an id that is no event's, or an occurrence's, is answered as below, that transaction undone.
      if (ctx.params.slug === undefined) {
        lockedTargets.add(ctx)
        try {
          return await controller.update(ctx)
        } catch (error) {
          if (error !== NOT_AN_EVENT_TARGET) throw error
        } finally {
          lockedTargets.delete(ctx)
        }
      }
      const occurrence = await occurrenceOf(ctx)
      return occurrence ? updateOccurrence(ctx, occurrence, serialize) : controller.update(ctx)
    },
  }
}

/** `?recurrence=true`: the series' rule in RFC 5545 text and in the request's language; `null` for a single event. */
async function recurrenceBlock(
  ctx: RestContext,
  doc: EventDoc,
): Promise<null | { rrule: string; summary: string }> {
  const id = (doc as OccurrenceDoc)[OCCURRENCE]?.eventId ?? doc.id
  const fields = (await findOneEvent(
    ctx,
    { id: { equals: id } },
    { allDay: true, recurrence: true, startDate: true, startLocal: true, timezone: true },
  )) as EventSeriesFields | null
  if (!fields || !isRecurring(fields)) return null
  const series = seriesStartOf(fields)
  const recurrence = recurrenceOf(fields, series)
  if (!recurrence) return null
  const locale = (['en', 'es', 'fr'] as const).find((code) => code === ctx.req.locale) ?? 'en'
  return {
    rrule: formatRecurrence(series, recurrence),
    summary: summarizeRecurrence(series, recurrence, locale),
  }
}

/** `GET /events`: one page, its total, and the arguments its URLs echo. */
async function listEvents(
  ctx: RestContext,
  { page, perPage }: { page: number; perPage: number },
): Promise<ListPage> {
  const args = ctx.args
  const mayEdit = can(ctx.user, 'edit_posts')
  const statuses = (args.status as string[] | undefined) ?? (mayEdit ? null : ['publish'])
  const include = args.include as number[] | undefined

  const window = include
    ? includeWindow(
        {
          end_date: defaultEndDate({ now: ctx.now }),
          start_date: defaultStartDate({ now: ctx.now, siteTimezone: ctx.options.siteTimezone }),
        },
        ctx.options.siteTimezone,
      )
    : parseDateWindow({
        now: ctx.now,
        sent: (name) => wasSent(args, name),
        siteTimezone: ctx.options.siteTimezone,
        strict: isStrict(args.strict_dates),
        values: Object.fromEntries(DATE_BOUNDS.map((bound) => [bound, args[bound]])),
      })
  const events = await eventsListQuery(ctx, args, {
    seriesOnce: args.hide_subsequent_recurrences === true,
    statuses,
    window,
  })

  const query = {
    collection: EVENTS,
    overrideAccess: false,
    req: ctx.req,
    where: { and: eventsWhere(events) },
  } as const
  const list = eventsList(ctx, events, { ...query, sort: EVENTS_LIST_SORT })
  // The total kept for visitors is keyed on the `where` and the occurrences' own conditions, which it does not hold.
  const counted = {
    ...query,
    where: {
      ...query.where,
      occurrences: { include: events.include, seriesOnce: events.seriesOnce },
    },
  }
  const heavy = isHeavyList(page * perPage, events.search !== undefined)
  const [docs, total] = await inHeavyListTurn(ctx, heavy, () =>
    bothSettled(
      list.page({ limit: perPage, page }),
      countKept(
        ctx,
        'event-totals',
        counted as typeof query,
        list.count,
        listDependencies(events.search !== undefined),
      ),
    ),
  )
  const echo = echoedArgs(ctx, window.echo, statuses, mayEdit)
  return {
    docs,
    echo: {
      appended: echo.extras.length,
      args: [...echo.main, ...echo.extras],
      encoded: echo.encoded,
    },
    total,
  }
}

/**
 * The arguments the original echoes into `rest_url`, in its order: its own (unencoded) and the
 * ones it appends afterwards with `add_query_arg` (`venue`, `organizer`, `featured`), which
 * encodes the ones already in the URL and appends these as they are.
 */
function echoedArgs(
  ctx: RestContext,
  dates: Partial<Record<string, string>>,
  statuses: null | string[],
  mayEdit: boolean,
) {
  const args = ctx.args
  const include = args.include as number[] | undefined
  const main: [string, string][] = [['per_page', String(args.per_page)]]
  const push = (name: string, value: unknown) => {
    if (value !== undefined && value !== null && value !== false && value !== '')
      main.push([name, String(value)])
  }
  push('start_date', dates.start_date)
  push('end_date', dates.end_date)
  push('search', args.search)
  if (args.geoloc === true) {
    // The original echoes the three once `geoloc` is on: `1`, and a coordinate not sent as empty.
    main.push(['geoloc', '1'])
    main.push(['geoloc_lat', String(args.geoloc_lat ?? '')])
    main.push(['geoloc_lng', String(args.geoloc_lng ?? '')])
  } else {
    // Our distance search (without `geoloc`) keeps its coordinates in the page's URLs.
    push('geoloc_lat', args.geoloc_lat)
    push('geoloc_lng', args.geoloc_lng)
  }
  push('status', statuses ? statuses.join(',') : mayEdit ? 'any' : 'publish')
  push('post_parent', args.post_parent)
  push('include', include?.join(','))
  for (const bound of ['starts_before', 'starts_after', 'ends_before', 'ends_after'])
    push(bound, dates[bound])
  push('ticketed', args.ticketed)
  push('hide_subsequent_recurrences', args.hide_subsequent_recurrences)
  const extras: [string, string][] = []
  // As sent (`Tribe__Utils__Array::to_list`): a list joined by commas, a text kept with its spaces.
  if (args.venue !== undefined) extras.push(['venue', asSentList(args.venue)])
  if (args.organizer !== undefined) extras.push(['organizer', asSentList(args.organizer)])
  // `add_query_arg('featured', false)` drops the key, but the URL is still encoded.
  if (args.featured === true) extras.push(['featured', '1'])
  return { encoded: extras.length > 0 || args.featured !== undefined, extras, main }
}

const asSentList = (value: unknown): string =>
  Array.isArray(value) ? value.map(String).join(',') : String(value)

/**
 * `GET /events/{id}` and `/events/by-slug/{slug}` (docs/recurrence.md, "The API's answers"): an
 * occurrence id answers that occurrence of its series, as the caller may read the series (a
 * cancelled one only to those who may edit events); an event's id or slug answers the event, a
 * series as its first occurrence.
 */
async function readEventItem(ctx: RestContext): Promise<EventDoc> {
  if (ctx.params.slug !== undefined) {
    const doc = await readEventBySlug(ctx)
    return asOccurrence(doc, await readOccurrence(ctx, doc.id))
  }
  const id = Number(ctx.args.id)
  const occurrence = await readOccurrence(ctx, id)
  if (!occurrence || occurrence.eventId === id)
    return asOccurrence(await readEvent(ctx, id), occurrence)
  const doc = await readEvent(ctx, occurrence.eventId)
  if (occurrence.status === 'cancelled' && !can(ctx.user, 'edit_posts')) throw eventNotFound(id)
  return asOccurrence(doc, occurrence)
}

/**
 * `GET /events/by-slug/{slug}`: the event the slug's validation found (`slugOf`), or found and
 * read as the caller may read it in the same statement (`loadEventBySlug`, `doc`).
 */
async function readEventBySlug(ctx: RestContext) {
  const found = foundFor<Target & { doc?: EventDoc | null; status: string }>(ctx.args, 'slug')!
  return readEvent(ctx, found.id, { id: found.id, status: found.status }, found.doc)
}

/**
 * A single event, with the original's answers in its order: 404 when there is no such post, 400
 * when the post is a venue or organizer, 403 when it is trashed, not visible to the caller, or
 * password-protected without the password. The event as the caller may read it is all most
 * answers need: its stored status is asked only when it is missing or trashed. `read`: the event
 * as the caller may read it (`null`: they may not), when the slug's look-up read it already.
 */
async function readEvent(
  ctx: RestContext,
  id: number,
  checked?: Target,
  read?: EventDoc | null,
): Promise<EventDoc> {
  const doc =
    read !== undefined ? read : id && id <= MAX_INT4 ? await readSingleEvent(ctx, id) : null
  if (!doc || doc.status === 'trash') {
    const stored = checked ?? (doc ? { id, status: doc.status } : await findEventForCheck(ctx, id))
    if (!stored) return refuseMissingEvent(ctx, id)
    if (stored.status === 'trash') throw eventNoLongerAvailable()
    throw notAccessible('event')
  }
  if (!mayUnlockProtected(ctx, doc)) throw eventPasswordProtected()
  return doc
}

/** The event as the caller may read it (`loadEvents`: kept from an earlier visitor's read, or read now). */
async function readSingleEvent(ctx: RestContext, id: number): Promise<EventDoc | null> {
  const [doc] = await loadEvents(ctx, [id])
  return doc ?? null
}

async function findEventForCheck(ctx: RestContext, id: number) {
  if (!id || id > MAX_INT4) return null
  return findEventStatus(ctx, { id: { equals: id } })
}

/** An event's id and status whatever its status or the caller (the checks that follow decide what to answer). */
async function findEventStatus(
  ctx: RestContext,
  where: Where,
): Promise<null | { id: number; status: string }> {
  return (await findOneEvent(ctx, where, { status: true })) as null | { id: number; status: string }
}

/** The event a write's path names by its slug, as `foundBySlug` lets the caller find it. */
async function findEventBySlug(ctx: RestContext, slug: string): Promise<null | Target> {
  const event = await findOneEvent(ctx, { slug: { equals: slug } }, SLUG_LOOK_UP_FIELDS)
  return event && (await foundBySlug(ctx, EVENTS, event)) ? (event as unknown as Target) : null
}

/** The `select`ed fields of the one event `where` names, whoever the caller is; in the request's transaction with `req`. */
async function findOneEvent(
  ctx: RestContext,
  where: Where,
  select: Record<string, true>,
  req?: RestContext['req'],
): Promise<null | PlainDoc> {
  const { docs } = await ctx.payload.find({
    collection: EVENTS,
    depth: 0,
    limit: 1,
    overrideAccess: true,
    pagination: false,
    req,
    select: select as never,
    where,
  })
  return (docs[0] as PlainDoc | undefined) ?? null
}

/** The original's answer for an id that is no event: 400 when it is a venue or organizer, 404 otherwise. */
async function refuseMissingEvent(ctx: RestContext, id: number): Promise<never> {
  if (await isOtherPost(ctx, id)) throw notAnEventId()
  throw eventNotFound(id)
}

async function isOtherPost(ctx: RestContext, id: number): Promise<boolean> {
  if (!id || id > MAX_INT4) return false
  for (const collection of [CALENDAR_SLUGS.venues, CALENDAR_SLUGS.organizers]) {
    const { totalDocs } = await ctx.payload.count({
      collection: collection as CollectionSlug,
      overrideAccess: true,
      where: { id: { equals: id } },
    })
    if (totalDocs) return true
  }
  return false
}

/** The event a write by id addresses, when `eventsController` read it with the occurrence (`readWriteTarget`). */
const targetsRead = new WeakMap<RestContext, Target>()
/** The updates by id whose target is read with the event's lock, in their transaction (`lockWriteTarget`). */
const lockedTargets = new WeakSet<RestContext>()
/** Thrown in an update's transaction when its id is no event's, or an occurrence's: answered after it. */
const NOT_AN_EVENT_TARGET = Symbol('not an event target')

/**
 * The event a write addresses (id and status), with the original’s 404 and 400: by id, or by the
 * slug in the path, which the delete's validation already found (`slugOf`) and an update (whose
 * `slug` argument may rename the event) looks up here.
 */
async function targetEvent(ctx: RestContext): Promise<Target> {
  const read = targetsRead.get(ctx)
  if (read) return read
  if (lockedTargets.has(ctx)) {
    const { event, occurrenceOf } = await lockWriteTarget(ctx, Number(ctx.args.id ?? 0))
    if (!event || occurrenceOf !== undefined) throw NOT_AN_EVENT_TARGET
    return event
  }
  const bySlug = ctx.params.slug !== undefined
  const id = bySlug ? 0 : Number(ctx.args.id ?? 0)
  const stored = bySlug
    ? (foundFor<Target>(ctx.args, 'slug') ?? (await findEventBySlug(ctx, ctx.params.slug!)))
    : await findEventForCheck(ctx, id)
  if (!stored) return refuseMissingEvent(ctx, id)
  return stored
}

/**
 * How many of the written event's venue, organizers, categories and tags this request has not
 * read yet (`src/lib/itemsReadByRequest.ts`): each would cost the answer a query of its own, where
 * reading the event again brings them all in one (`leanEvent.ts`), so a write that sent none of
 * them (a move to the trash, a change of title) is answered from a new read.
 */
function unreadRelations(ctx: RestContext, written: PlainDoc): number {
  const relations = [
    [CALENDAR_SLUGS.venues, 'venue'],
    [CALENDAR_SLUGS.organizers, 'organizers'],
    [CALENDAR_SLUGS.eventCategories, 'categories'],
    [CALENDAR_SLUGS.eventTags, 'tags'],
  ] as const
  return relations.filter(([collection, field]) => {
    const value = written[field]
    const ids = (Array.isArray(value) ? value : [value])
      .map(relationId)
      .filter((item): item is number => item !== null && !Number.isNaN(item))
    return ids.length > 0 && !itemsReadBefore(ctx.req, collection, ids)
  }).length
}

/** The event's stored timezone, read in the write's transaction whoever the writer is. */
async function storedTimezone(ctx: RestContext, id: number): Promise<null | string | undefined> {
  const event = await findOneEvent(ctx, { id: { equals: id } }, { timezone: true }, ctx.req)
  if (!event) throw new NotFound(ctx.req.t)
  return (event as { timezone?: null | string }).timezone
}

/** A written event as the writer may now read it: what the write returned, or read again (`writtenItems.ts`). */
async function loadWritten(ctx: RestContext, id: number, written?: PlainDoc): Promise<EventDoc> {
  const asRead =
    written && unreadRelations(ctx, written) <= 1
      ? await asReadByWriter(ctx, EVENTS, written)
      : null
  if (asRead) return asRead as EventDoc
  const [doc] = await loadEvents(ctx, [id])
  // As findByID would: the writer may no longer see what they wrote (a contributor's event sent to review).
  if (!doc) throw new NotFound(ctx.req.t)
  return doc
}
