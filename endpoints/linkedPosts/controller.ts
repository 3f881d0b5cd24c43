import type { CollectionSlug } from 'payload'

import type { PostStatus } from '../../src/types'
import type { RestContext } from '../context'
import type { LinkedKind } from './params'
import type { ListPage, Resource, Target } from '../resourceController'

import { itemUpdateKey, lockForTransaction } from '../../src/db/locks'
import { parsePhpDateTime } from '../../src/lib/phpDate'
import { can } from '../../src/lib/roles'
import { defaultLinkedPostStatus } from '../../src/lib/statuses'
import { CALENDAR_SLUGS } from '../../src/slugs'
import { foundFor, wasSent } from '../args'
import { invalidParam, notAccessible } from '../errors'
import { countKept } from '../freshness'
import { leanLinkedCount, leanLinkedPageIds } from './leanLinkedList'
import { type IdFilter, type LinkedQuery, linkedSearch, queryLocale } from './linkedQuery'
import { linkedWhere } from './linkedWhere'
import { findSameLinkedPost, linkedPostData } from './resolveLinkedPosts'
import { linkedCondition } from './linkedToEvents'
import { resolveImage } from '../media'
import { serializeOrganizer } from '../organizers/serializeOrganizer'
import { populateField } from '../../src/calendar/relatedItems'
import { isTruthy } from '../validators'
import { serializeVenue } from '../venues/serializeVenue'
import { mayUnlockProtected, unlockedBy } from '../unlockProtected'
import { asReadByWriter } from '../writtenItems'
import { type PlainDoc, plainDoc, plainDocs } from '../../src/lib/plainDoc'

const EVENTS = CALENDAR_SLUGS.events as CollectionSlug

/**
 * Fields each kind searches (`docs/compatibility.md`, "Search"): the original's
 * title, content, excerpt and meta.
 */
const SEARCH_FIELDS: Record<LinkedKind, string[]> = {
  organizers: ['name', 'descriptionText', 'excerpt', 'phone', 'email', 'website'],
  venues: [
    'name',
    'descriptionText',
    'excerpt',
    'address',
    'city',
    'province',
    'state',
    'stateProvince',
    'zip',
    'phone',
  ],
}

const WORDS: Record<LinkedKind, { name: string; singular: string }> = {
  organizers: { name: 'organizer', singular: 'organizer' },
  venues: { name: 'venue', singular: 'venue' },
}

/**
 * Venues or organizers: the two behave alike in the original (the same routes, rules and errors),
 * so one declaration serves both with its kind's words, fields and serializer;
 * `resourceController.ts` writes the rest once.
 */
export function linkedPostResource(kind: LinkedKind): Resource {
  const collection = kind as CollectionSlug
  const word = WORDS[kind].singular
  const serializeItem = kind === 'venues' ? serializeVenue : serializeOrganizer

  /**
   * A list reads its items without their relations: of those only the image is shown (the author
   * is shown by id), so only images are read, in one query for the page. Alone, an item also has
   * its `json_ld`.
   */
  const serialize: Resource['serialize'] = async (ctx, docs, view) => {
    if (view === 'list')
      await populateField(ctx, docs, 'image', ctx.options.mediaCollection, {
        ofReadableItems: true,
      })
    return docs.map((doc) =>
      serializeItem(doc as never, ctx, {
        jsonLd: view === 'single',
        unlocked: mayUnlockProtected(ctx, doc),
      }),
    )
  }

  async function listPage(
    ctx: RestContext,
    { page, perPage }: { page: number; perPage: number },
  ): Promise<ListPage> {
    const args = ctx.args
    const mayEdit = can(ctx.user, 'edit_posts')
    const statuses = (args.status as string[] | undefined) ?? (mayEdit ? null : ['publish'])

    // undefined: no search; null: a search that nothing can match.
    const search =
      typeof args.search === 'string'
        ? linkedSearch(ctx, kind, SEARCH_FIELDS[kind], args.search)
        : undefined
    const idFilters: IdFilter[] = []
    if (args.event !== undefined)
      idFilters.push({ ids: linkedToEvent(foundFor<PlainDoc>(args, 'event')!), not: false })
    if (args.has_events !== undefined && args.has_events !== '') {
      idFilters.push(
        await linkedCondition(
          ctx,
          kind,
          { has: isTruthy(args.has_events), kind: 'has_events' },
          statuses,
        ),
      )
    }
    if (isTruthy(args.only_with_upcoming))
      idFilters.push(await linkedCondition(ctx, kind, { kind: 'only_with_upcoming' }, statuses))
    const unsearched: LinkedQuery = {
      idFilters,
      kind,
      locale: queryLocale(ctx),
      statuses: statuses as null | PostStatus[],
      unlock: unlockedBy(ctx),
    }

    // The page and its total side by side. Newest first by post date (whole seconds); items of the
    // same second come as the original's database gives them: by id descending, but ascending when
    // a list of several statuses (an editor's) is narrowed by `has_events` or `only_with_upcoming`
    // (test/fixtures/oracle, g-lists-021, h-upcoming-linked-009 to -014; an editor's plain or searched
    // list, checked on the original, is descending).
    const narrowedByEvents =
      (args.has_events !== undefined && args.has_events !== '') || isTruthy(args.only_with_upcoming)
    const ties = narrowedByEvents && statuses?.length !== 1 ? 'id' : '-id'
    const queryOf = (query: LinkedQuery) =>
      ({
        collection,
        overrideAccess: false,
        req: ctx.req,
        where: { and: linkedWhere(query) },
      }) as const
    const counted = (query: LinkedQuery) =>
      countKept(ctx, `${kind}-totals`, queryOf(query), () => leanLinkedCount(ctx, query))
    // A search that finds nothing at all leaves the page empty, and its total that of the list without it.
    const nothing = async () => ({ docs: [] as PlainDoc[], total: await counted(unsearched) })
    const { docs, total } = await (async () => {
      if (search === null) return nothing()
      if (search === undefined) {
        const [{ docs }, total] = await Promise.all([
          ctx.payload.find({
            ...queryOf(unsearched),
            depth: 0,
            limit: perPage,
            page,
            pagination: false,
            sort: ['-postDate', ties],
          }),
          countKept(ctx, `${kind}-totals`, queryOf(unsearched)),
        ])
        return { docs: plainDocs(docs), total }
      }
      // A search reads its page's ids and its total in SQL that the trigram indexes serve (`leanLinkedList.ts`).
      const searched = { ...unsearched, search }
      const [found, total] = await Promise.all([
        leanPage(ctx, searched, { page, perPage, ties }),
        counted(searched),
      ])
      // An item on the page is one the caller may read that matches: no need to ask whether there is one.
      const matches =
        found.some((doc) => doc.status !== 'trash') ||
        (await anyMatch(ctx, { ...searched, idFilters: [], statuses: null }))
      return matches ? { docs: found, total } : nothing()
    })()
    const echo: [string, string][] = [['per_page', String(perPage)]]
    if (args.event !== undefined) echo.push(['event', String(args.event)])
    if (args.has_events !== undefined) echo.push(['has_events', String(args.has_events)])
    echo.push(['status', statuses ? statuses.join(',') : 'any'])
    return { docs, echo: { args: echo, encoded: false }, total }
  }

  /** The page's items from their ids in the list's order, through Payload (its reads and hooks); Payload's own page when the ids are not known in SQL. */
  async function leanPage(
    ctx: RestContext,
    linked: LinkedQuery,
    { page, perPage, ties }: { page: number; perPage: number; ties: '-id' | 'id' },
  ): Promise<PlainDoc[]> {
    const ids = await leanLinkedPageIds(ctx, linked, { limit: perPage, page, ties })
    const query = {
      collection,
      depth: 0,
      overrideAccess: false,
      pagination: false,
      req: ctx.req,
    } as const
    if (!ids)
      return plainDocs(
        (
          await ctx.payload.find({
            ...query,
            limit: perPage,
            page,
            sort: ['-postDate', ties],
            where: { and: linkedWhere(linked) },
          })
        ).docs,
      )
    if (!ids.length) return []
    // Sorted as the page (the collection's default sort would join the translations for the name).
    const byId = new Map(
      plainDocs(
        (
          await ctx.payload.find({
            ...query,
            limit: ids.length,
            sort: ['-postDate', ties],
            where: { id: { in: ids } },
          })
        ).docs,
      ).map((doc) => [Number(doc.id), doc]),
    )
    return ids.map((id) => byId.get(id)).filter((doc) => doc !== undefined)
  }

  /**
   * Whether an item the caller may read (trashed ones aside) matches `query`'s search: when none
   * does, whatever the list's other filters, the original answers an empty page whose total and
   * paging are those of the list without the search.
   */
  async function anyMatch(ctx: RestContext, query: LinkedQuery): Promise<boolean> {
    const lean = await leanLinkedCount(ctx, query)
    return (
      (lean ??
        (
          await ctx.payload.count({
            collection,
            overrideAccess: false,
            req: ctx.req,
            where: { and: linkedWhere(query) },
          })
        ).totalDocs) > 0
    )
  }

  const readItem = async (ctx: RestContext) => {
    const { id } = await target(ctx)
    const { docs } = await ctx.payload.find({
      collection,
      depth: 1,
      limit: 1,
      overrideAccess: false,
      pagination: false,
      req: ctx.req,
      where: { id: { equals: id } },
    })
    if (!docs[0]) throw notAccessible(word)
    return plainDoc(docs[0])
  }

  /**
   * The item by id or slug, as the argument's validation found it (`idOf`, `slugOf`); an update by
   * slug, whose `slug` argument may rename the item, looks the path's slug up here.
   */
  async function target(ctx: RestContext): Promise<Target> {
    const bySlug = ctx.params.slug !== undefined
    const known = foundFor<Target>(ctx.args, bySlug ? 'slug' : 'id')
    if (known) return known
    const { docs } = await ctx.payload.find({
      collection,
      depth: 0,
      limit: 1,
      overrideAccess: true,
      select: { status: true } as never,
      where: { slug: { equals: ctx.params.slug } },
    })
    if (!docs[0]) throw invalidParam('slug')
    return plainDoc(docs[0]) as Target
  }

  return {
    collection: kind,
    words: { plural: kind, singular: word },
    searchFields: SEARCH_FIELDS[kind],
    listStyle: 'archive',
    listPage,
    readItem,
    target,
    beforeCreate: findDuplicate,
    prepareData: (ctx, stored) => prepareData(ctx, stored),
    serialize,
    load,
    removal: { afterTrash: unlinkFromEvents, kind: 'trash' },
  }

  async function prepareData(
    ctx: RestContext,
    stored: null | Target,
  ): Promise<Record<string, unknown>> {
    const args = ctx.args
    const creating = !stored
    const sentArgs = Object.fromEntries(
      Object.keys(args)
        .filter((name) => wasSent(args, name))
        .map((name) => [name, args[name]]),
    )
    const data: Record<string, unknown> = await linkedPostData(ctx, kind, sentArgs)
    if (!wasSent(args, WORDS[kind].name)) delete data.name
    if (!wasSent(args, 'status')) {
      if (creating) data.status = defaultLinkedPostStatus(ctx.user)
      else delete data.status
    }
    if (wasSent(args, 'author')) data.author = args.author
    if (wasSent(args, 'date'))
      data.publishedAt = parsePhpDateTime(args.date, {
        now: ctx.now,
        timeZone: ctx.options.siteTimezone,
      })?.toISOString()
    if (wasSent(args, 'date_utc'))
      data.publishedAt = parsePhpDateTime(args.date_utc, {
        now: ctx.now,
        timeZone: 'UTC',
      })?.toISOString()
    if (wasSent(args, 'image')) data.image = await resolveImage(ctx, args.image)
    // By slug, a `slug` sent renames the item (`docs/compatibility.md`, "Update by slug").
    if (
      !creating &&
      ctx.params.slug !== undefined &&
      wasSent(args, 'slug') &&
      args.slug !== ctx.params.slug
    )
      data.slug = args.slug
    // "State or province" follows the state or province a save sends, as the original derives
    // it from the sent address alone: the state when the country sent is the US or none.
    const addressSent = wasSent(args, 'state') || wasSent(args, 'province')
    if (kind === 'venues' && !wasSent(args, 'stateprovince') && (creating || addressSent)) {
      const american = ['', 'US', 'United States'].includes(String(args.country ?? '').trim())
      const state = wasSent(args, 'state') ? String(args.state ?? '') : ''
      const province = wasSent(args, 'province') ? String(args.province ?? '') : ''
      const derived = state && american ? state : province
      if (derived || !creating) data.stateProvince = derived
    }
    return data
  }

  /** The original returns an existing item of the same name (and description, when given) instead of a duplicate. */
  function findDuplicate(ctx: RestContext): Promise<null | number> {
    return findSameLinkedPost(ctx, kind, ctx.args[WORDS[kind].name], ctx.args.description)
  }

  /**
   * A written item as the writer may now read it: what the write returned (`writtenItems.ts`), its
   * image read as a list reads it (the serializer shows the author by id), or read again at depth 1.
   */
  async function load(ctx: RestContext, id: number, written?: PlainDoc) {
    const asRead = written ? await asReadByWriter(ctx, collection, written) : null
    if (!asRead)
      return plainDoc(
        await ctx.payload.findByID({
          collection,
          depth: 1,
          id,
          overrideAccess: false,
          req: ctx.req,
        }),
      )
    await populateField(ctx, [asRead], 'image', ctx.options.mediaCollection, {
      ofReadableItems: true,
    })
    return asRead
  }

  /** The kind's items linked to the event the `event` argument's validation found, with its venue and organizers. */
  function linkedToEvent(event: PlainDoc): number[] {
    const ids =
      kind === 'venues' ? [event.venue] : ((event.organizers as unknown[] | undefined) ?? [])
    return ids.filter((id): id is number => typeof id === 'number').concat(0)
  }

  /**
   * Trashing also unlinks the item from its events, as the original does (`docs/compatibility.md`,
   * "Deleting moves to the trash").
   */
  async function unlinkFromEvents(ctx: RestContext, id: number) {
    const field = kind === 'venues' ? 'venue' : 'organizers'
    const linked = {
      collection: EVENTS,
      depth: 0,
      limit: 0,
      overrideAccess: true,
      pagination: false,
      req: ctx.req,
      select: { [field]: true } as never,
    } as const
    const { docs } = await ctx.payload.find({ ...linked, where: { [field]: { in: [id] } } })
    for (const { id: eventId } of plainDocs(docs)) {
      // The event's links as they are once it is this write's turn (an update of its organizers
      // may have committed meanwhile): read before, this write would put the old ones back.
      await lockForTransaction(ctx.req, itemUpdateKey(EVENTS, eventId as number))
      const [event] = plainDocs(
        (
          await ctx.payload.find({
            ...linked,
            where: { and: [{ id: { equals: eventId } }, { [field]: { in: [id] } }] },
          })
        ).docs,
      )
      if (!event) continue
      const data =
        kind === 'venues'
          ? { venue: null }
          : { organizers: ((event.organizers as number[]) ?? []).filter((other) => other !== id) }
      await ctx.payload.update({
        collection: EVENTS,
        data: data as never,
        depth: 0,
        id: event.id as number,
        overrideAccess: true,
        req: ctx.req,
      })
    }
  }
}
