import type { CollectionSlug, Where } from 'payload'

import type { CalendarContext } from '../context'

import { dependOn } from '../dependencies'
import type { EventDoc } from './eventDoc'
import type { EventsQuery } from './eventsQuery'

import { CALENDAR_SLUGS } from '../../slugs'
import { relationId } from '../../lib/databaseIds'
import { keptFor } from '../../../endpoints/freshness'
import { findByIds, populateField } from '../relatedItems'
import { publishedTermCounts, useTermCountsRead } from '../termCounts'
import {
  type LeanSlugRead,
  leanEventsApply,
  readLeanEventBySlug,
  readLeanEvents,
  RELATED_READ,
} from './leanEvent'
import { leanCount, leanOccurrencePage } from './leanList'
import {
  asOccurrence,
  occurrenceCount,
  occurrencePage,
  occurrencesOfEventsSql,
  type OccurrenceRef,
  readOccurrences,
} from './occurrences'

const EVENTS = CALENDAR_SLUGS.events as CollectionSlug

/** What an event's serialization does not read: the search copy of the description and the status before trashing. */
const UNSERIALIZED = { descriptionText: false, statusBeforeTrash: false }

/**
 * Events by id, in the order given, as the caller may read them (Payload's access rules apply:
 * an id the caller may not read is left out). One query for those not kept from earlier requests
 * (visitors only, see `freshness.ts`); related items stay ids until `populateEvents`, unless the
 * events were read with them (`leanEvent.ts`).
 */
export async function loadEvents(ctx: CalendarContext, ids: number[]): Promise<EventDoc[]> {
  if (!ids.length) return []
  // Found or not: an answer that missed one changes when it appears.
  dependOn(ctx, EVENTS, ids)
  const kept = await keptFor(ctx)
  const kind = `${EVENTS}:${ctx.req.locale}`
  const byId = new Map<number, EventDoc | null>()
  for (const id of ids)
    if (kept.has(kind, String(id)))
      byId.set(id, kept.get<EventDoc | null>(kind, String(id)) ?? null)
  const missing = ids.filter((id) => !byId.has(id))
  // In one statement with their related items where that read applies (`leanEvent.ts`), otherwise through Payload.
  const lean = missing.length ? await readLeanEvents(ctx, missing) : undefined
  if (lean) {
    for (const id of missing) {
      byId.set(id, lean.get(id) ?? null)
      kept.set(kind, String(id), byId.get(id))
    }
  } else if (missing.length) {
    const { docs } = await ctx.payload.find({
      collection: EVENTS,
      depth: 0,
      limit: 0,
      overrideAccess: false,
      pagination: false,
      req: ctx.req,
      select: UNSERIALIZED as never,
      sort: 'id',
      where: { id: { in: missing } },
    })
    for (const doc of docs as unknown as EventDoc[]) byId.set(doc.id, doc)
    for (const id of missing) {
      if (!byId.has(id)) byId.set(id, null)
      kept.set(kind, String(id), byId.get(id))
    }
  }
  // Copies: populating replaces the related ids of the copy, not of what is kept.
  return ids
    .map((id) => byId.get(id))
    .filter((doc): doc is EventDoc => Boolean(doc))
    .map((doc) => ({ ...doc }))
}

/**
 * The event a slug names (any status) and the event as the caller may read it, in one statement
 * where `leanEvent.ts` applies (kept for visitors as `loadEvents` keeps what it reads); `undefined`
 * when it does not (then the slug's validation looks it up through Payload, `slugOf`).
 */
export async function loadEventBySlug(
  ctx: CalendarContext,
  slug: string,
): Promise<LeanSlugRead | null | undefined> {
  const read = await readLeanEventBySlug(ctx, slug)
  if (read) dependOn(ctx, EVENTS, [read.id])
  if (read) (await keptFor(ctx)).set(`${EVENTS}:${ctx.req.locale}`, String(read.id), read.doc)
  return read && { ...read, doc: read.doc && { ...read.doc } }
}

/** Up to this many events skipped, one query reads the page; deeper pages first find their ids. */
const DIRECT_OFFSET = 50

/** The list's question to Payload: the `where` of `eventsWhere`, read with the caller's access. */
export type PayloadListQuery = {
  overrideAccess: false
  req: CalendarContext['req']
  sort: string[]
  where: Where
}

/**
 * The events list `events` (its items are occurrences, `occurrences.ts`): its page and its total.
 * In SQL where `leanList.ts` applies, one statement each; otherwise Payload finds the events
 * (`query`, whose `where` admits the series with an occurrence in the window) and the page and
 * total are their occurrences, in SQL. A list with no series in it is Payload's own page and count.
 */
export function eventsList(
  ctx: CalendarContext,
  events: EventsQuery,
  query: PayloadListQuery,
): {
  count: () => Promise<number>
  page: (paging: Paging) => Promise<EventDoc[]>
  upTo: (most: number) => Promise<EventDoc[] | undefined>
} {
  const seriesFree =
    events.apartFromDates !== undefined &&
    !events.apartFromDates.length &&
    !events.include &&
    events.postParent === undefined
  let found: Promise<number[]> | undefined
  /** The occurrences of the events Payload finds, under the query's occurrence conditions. */
  const ofFoundEvents = async () => {
    found ??= ctx.payload
      .find({
        ...query,
        collection: EVENTS,
        depth: 0,
        limit: 0,
        pagination: false,
        select: { id: true } as never,
      })
      .then(({ docs }) => (docs as unknown as { id: number }[]).map((doc) => Number(doc.id)))
    return occurrencesOfEventsSql(events, await found)
  }
  const count = async () => {
    const lean = await leanCount(ctx, events)
    if (lean !== undefined) return lean
    if (seriesFree)
      return (await ctx.payload.count({ ...query, collection: EVENTS, req: ctx.req })).totalDocs
    return occurrenceCount(ctx, await ofFoundEvents())
  }
  const page = async (paging: Paging) => {
    const refs = await leanOccurrencePage(ctx, events, paging)
    if (refs) return loadOccurrences(ctx, refs)
    if (seriesFree) return findEventsPage(ctx, { ...query, ...paging })
    return loadOccurrences(ctx, await occurrencePage(ctx, await ofFoundEvents(), paging))
  }
  return {
    count,
    page,
    /**
     * Every item, or `undefined` when there are more than `most`, with no event read then. In SQL,
     * one statement: the first `most` + 1 items' ids tell both, where a count read every item
     * before the page read them again.
     */
    upTo: async (most) => {
      const refs = await leanOccurrencePage(ctx, events, { limit: most + 1, page: 1 })
      if (refs) return refs.length > most ? undefined : loadOccurrences(ctx, refs)
      return (await count()) > most ? undefined : page({ limit: most, page: 1 })
    },
  }
}

type Paging = { limit: number; page: number }

/** These occurrences as the caller may read their events, in the order given (`asOccurrence`). */
export async function loadOccurrences(
  ctx: CalendarContext,
  refs: readonly OccurrenceRef[],
): Promise<EventDoc[]> {
  if (!refs.length) return []
  const [events, rows] = await Promise.all([
    loadEvents(ctx, [...new Set(refs.map((ref) => ref.eventId))]),
    readOccurrences(
      ctx,
      refs.map((ref) => ref.id),
    ),
  ])
  const byId = new Map(events.map((event) => [event.id, event]))
  return refs.flatMap((ref) => {
    const event = byId.get(ref.eventId)
    return event ? [asOccurrence(event, rows.get(ref.id))] : []
  })
}

/**
 * One page of events through Payload (a list without series). Reading events assembles each
 * one's translations, relations and repeated values as it goes, for every row the database walks,
 * the skipped ones included: deep pages, and visitors' pages (whose events are mostly kept from
 * earlier requests), take only the ids in the walk, then read the events they do not have yet.
 */
async function findEventsPage(
  ctx: CalendarContext,
  query: PayloadListQuery & Paging,
): Promise<EventDoc[]> {
  const { limit, page } = query
  const kept = await keptFor(ctx)
  if (!kept.active && (page - 1) * limit <= DIRECT_OFFSET && !leanEventsApply(ctx)) {
    const { docs } = await ctx.payload.find({
      ...query,
      collection: EVENTS,
      depth: 0,
      pagination: false,
      select: UNSERIALIZED as never,
    })
    return docs as unknown as EventDoc[]
  }
  const { docs } = await ctx.payload.find({
    ...query,
    collection: EVENTS,
    depth: 0,
    pagination: false,
    select: { id: true } as never,
  })
  return loadEvents(
    ctx,
    (docs as unknown as { id: number }[]).map((doc) => doc.id),
  )
}

type Related = {
  collection: string
  field: 'categories' | 'image' | 'organizers' | 'tags' | 'venue'
  many: boolean
}

/**
 * Replaces the venue, organizers, categories, tags and image ids of these events by the items,
 * as a depth-1 read does (an item the caller may not read stays an id, which serializers skip),
 * with one query per kind of item for all the events at once, run side by side, and one for the
 * term counts not read with the events. Returns how many published events use each term.
 */
export async function populateEvents(
  ctx: CalendarContext,
  events: EventDoc[],
): Promise<Map<number, number>> {
  const options = ctx.options
  const related: Related[] = [
    { collection: CALENDAR_SLUGS.venues, field: 'venue', many: false },
    { collection: CALENDAR_SLUGS.organizers, field: 'organizers', many: true },
    { collection: CALENDAR_SLUGS.eventCategories, field: 'categories', many: true },
    { collection: CALENDAR_SLUGS.eventTags, field: 'tags', many: true },
    { collection: options.mediaCollection, field: 'image', many: false },
  ]
  const idsOf = (
    event: EventDoc,
    { field, many }: Related,
    { unread }: { unread: boolean },
  ): number[] => {
    // Read with the event as the caller may read them (`leanEvent.ts`): an id left there would not be found either.
    if (unread && field !== 'image' && (event as { [RELATED_READ]?: boolean })[RELATED_READ])
      return []
    const value = event[field]
    const values = many ? ((value as unknown[] | null | undefined) ?? []) : [value]
    // Items already in place (a single event read with them, `leanEvent.ts`) are not read again.
    return values
      .filter((item) => !unread || !item || typeof item !== 'object')
      .map(relationId)
      .filter((id): id is number => id !== null && !Number.isNaN(id))
  }
  const idsIn = (relation: Related, unread: boolean) => [
    ...new Set(events.flatMap((event) => idsOf(event, relation, { unread }))),
  ]
  const wanted = related.map((relation) => idsIn(relation, true))
  dependOn(
    ctx,
    EVENTS,
    events.map((event) => event.id),
  )
  for (const relation of related)
    if (relation.field !== 'image') dependOn(ctx, relation.collection, idsIn(relation, false))
  // Terms read with their counts (`leanEvent.ts`) need not be counted again.
  const countsRead = new Map<number, { changes: number; id: number; published: number }>()
  for (const event of events) {
    for (const term of [
      ...((event.categories as unknown[] | null | undefined) ?? []),
      ...((event.tags as unknown[] | null | undefined) ?? []),
    ]) {
      const count =
        term && typeof term === 'object'
          ? (term as { termCount?: [number, number] }).termCount
          : undefined
      if (count)
        countsRead.set((term as { id: number }).id, {
          changes: Number(count[1]),
          id: (term as { id: number }).id,
          published: Number(count[0]),
        })
    }
  }
  const terms = [
    ...idsIn(related[2]!, false).map((id) => ({ id, kind: 'categories' as const })),
    ...idsIn(related[3]!, false).map((id) => ({ id, kind: 'tags' as const })),
  ].filter((term) => !countsRead.has(term.id))
  const [counted, read, ...found] = await Promise.all([
    publishedTermCounts(ctx, terms),
    useTermCountsRead(ctx, [...countsRead.values()]),
    ...related.map((relation, index) =>
      findByIds(ctx, relation.collection, wanted[index]!, {
        ofReadableItems: relation.field === 'image',
      }),
    ),
  ])
  const counts = new Map([...counted, ...read])
  related.forEach((relation, index) => {
    const items = found[index]!
    for (const event of events) {
      const value = event[relation.field]
      if (relation.many) {
        if (Array.isArray(value))
          event[relation.field] = value.map((item) =>
            item && typeof item === 'object'
              ? item
              : (items.get(relationId(item) as number) ?? item),
          )
      } else if (value !== null && value !== undefined && typeof value !== 'object') {
        event[relation.field] = items.get(relationId(value) as number) ?? value
      }
    }
  })
  // An embedded venue or organizer shows its image as on its own route (and names it in its JSON-LD).
  const linked = events
    .flatMap((event) => [
      event.venue,
      ...((event.organizers as unknown[] | null | undefined) ?? []),
    ])
    .filter((item): item is Record<string, unknown> => Boolean(item) && typeof item === 'object')
  await populateField(ctx, linked, 'image', options.mediaCollection, { ofReadableItems: true })
  return counts
}
