import type { CollectionSlug, Where } from 'payload'

import type { RestContext, RestHandler, RestResult } from './context'
import type { LinkedKind } from './linkedPostParams'

import { parsePhpDateTime } from '../src/lib/phpDate'
import { can } from '../src/lib/roles'
import { defaultLinkedPostStatus } from '../src/lib/statuses'
import { CALENDAR_SLUGS } from '../src/slugs'
import { wasSent } from './args'
import { alreadyTrashed, archivePageNotFound, invalidParam, notAccessible } from './errors'
import { countKept } from './freshness'
import { linkedPostData } from './linkedPosts'
import { linkedCondition } from './linkedToEvents'
import { resolveImage } from './media'
import { serializeOrganizer } from './organizers/serializeOrganizer'
import { populateField } from './relatedItems'
import { inTransaction } from './transaction'
import { apiUrl, encodedQuery } from './urls'
import { isTruthy } from './validators'
import { serializeVenue } from './venues/serializeVenue'
import { mayUnlockProtected } from './unlockProtected'
import { plainDoc, plainDocs } from '../src/lib/plainDoc'

const EVENTS = CALENDAR_SLUGS.events as CollectionSlug

/**
 * Fields each kind searches (`docs/compatibility.md`, "Venue and organizer search"): the original's
 * title, content, excerpt and meta.
 */
const SEARCH_FIELDS: Record<LinkedKind, string[]> = {
  organizers: ['name', 'descriptionText', 'excerpt', 'phone', 'email', 'website'],
  venues: ['name', 'descriptionText', 'excerpt', 'address', 'city', 'province', 'state', 'stateProvince', 'zip', 'phone'],
}

const WORDS: Record<LinkedKind, { name: string; singular: string }> = {
  organizers: { name: 'organizer', singular: 'organizer' },
  venues: { name: 'venue', singular: 'venue' },
}

/**
 * The controller of venues or organizers: the two behave alike in the original (the same
 * routes, rules and errors), so one factory serves both with its kind's words and fields.
 */
export function linkedPostController(kind: LinkedKind) {
  const collection = kind as CollectionSlug
  const word = WORDS[kind].singular
  const serialize = (doc: Record<string, unknown>, ctx: RestContext, jsonLd: boolean) =>
    kind === 'venues'
      ? serializeVenue(doc as never, ctx, { jsonLd, unlocked: mayUnlockProtected(ctx, doc) })
      : serializeOrganizer(doc as never, ctx, { jsonLd, unlocked: mayUnlockProtected(ctx, doc) })

  const list: RestHandler = async (ctx) => {
    const args = ctx.args
    const page = args.page as number
    const perPage = args.per_page as number
    const mayEdit = can(ctx.user, 'edit_posts')
    const statuses = (args.status as string[] | undefined) ?? (mayEdit ? null : ['publish'])
    const and: Where[] = [statuses ? { status: { in: statuses } } : { status: { not_equals: 'trash' } }]

    if (typeof args.search === 'string') {
      const fragments = args.search.split(/[^\p{L}\p{N}-]+/u).filter(Boolean)
      if (fragments.length) {
        and.push({ or: SEARCH_FIELDS[kind].map((field) => ({ and: fragments.map((fragment) => ({ [field]: { like: fragment } })) })) })
      }
    }
    if (args.event !== undefined) and.push({ id: { in: await linkedToEvent(ctx, Number(args.event)) } })
    if (args.has_events !== undefined && args.has_events !== '') {
      and.push(await linkedCondition(ctx, kind, { has: isTruthy(args.has_events), kind: 'has_events' }, statuses))
    }
    if (isTruthy(args.only_with_upcoming)) and.push(await linkedCondition(ctx, kind, { kind: 'only_with_upcoming' }, statuses))

    // The page and its total side by side; of the related items only the image is shown (the
    // author is shown by id), so only images are read, in one query for the page.
    const query = { collection, overrideAccess: false, req: ctx.req, where: { and } } as const
    const [{ docs }, total] = await Promise.all([
      ctx.payload.find({ ...query, depth: 0, limit: perPage, page, pagination: false, sort: ['-createdAt', '-id'] }),
      countKept(ctx, `${kind}-totals`, query),
    ])
    if (page > 1 && docs.length === 0) {
      throw archivePageNotFound(word)
    }
    await populateField(ctx, plainDocs(docs), 'image', ctx.options.mediaCollection)
    const totalPages = total === 0 ? 0 : Math.ceil(total / perPage)
    const echo: [string, string][] = [['per_page', String(perPage)]]
    if (args.event !== undefined) echo.push(['event', String(args.event)])
    if (args.has_events !== undefined) echo.push(['has_events', String(args.has_events)])
    echo.push(['status', statuses ? statuses.join(',') : 'any'])
    const base = apiUrl(ctx.restBase, ctx.options, `/${kind}/`)
    const body: Record<string, unknown> = {
      [kind]: docs.map((doc) => serialize(plainDoc(doc), ctx, false)),
      rest_url: `${base}?${[['page', String(page)], ...echo].map(([name, value]) => `${name}=${value}`).join('&')}`,
    }
    if (page < totalPages) body.next_rest_url = `${base}?${encodedQuery([...echo, ['page', String(page + 1)]])}`
    if (page > 1) body.previous_rest_url = `${base}?${encodedQuery(page - 1 === 1 ? echo : [...echo, ['page', String(page - 1)]])}`
    body.total = total
    body.total_pages = totalPages
    return { body, headers: { 'X-TEC-Total': String(total), 'X-TEC-TotalPages': String(totalPages) } }
  }

  const read = async (ctx: RestContext, id: number): Promise<RestResult> => {
    const { docs } = await ctx.payload.find({ collection, depth: 1, limit: 1, overrideAccess: false, pagination: false, req: ctx.req, where: { id: { equals: id } } })
    if (!docs[0]) throw notAccessible(word)
    return { body: serialize(plainDoc(docs[0]), ctx, true) }
  }

  const idFromSlug = async (ctx: RestContext, slug: string): Promise<number> => {
    const { docs } = await ctx.payload.find({ collection, depth: 0, limit: 1, overrideAccess: true, where: { slug: { equals: slug } } })
    if (!docs[0]) throw invalidParam('slug')
    return docs[0].id as number
  }
  const targetId = (ctx: RestContext) => (ctx.params.slug !== undefined ? idFromSlug(ctx, ctx.params.slug) : Promise.resolve(Number(ctx.args.id)))

  const get: RestHandler = async (ctx) => read(ctx, await targetId(ctx))

  const create: RestHandler = async (ctx) => {
    const id = await inTransaction(ctx.req, async () => {
      const duplicate = await findDuplicate(ctx)
      if (duplicate) return duplicate
      const created = await ctx.payload.create({ collection, data: (await prepareData(ctx, true)) as never, depth: 0, overrideAccess: false, req: ctx.req })
      return created.id as number
    })
    return { body: await readBack(ctx, id), status: 201 }
  }

  const update: RestHandler = async (ctx) => {
    const id = await targetId(ctx)
    await inTransaction(ctx.req, async () => {
      const data = await prepareData(ctx, false)
      if (ctx.params.slug !== undefined && wasSent(ctx.args, 'slug') && ctx.args.slug !== ctx.params.slug) data.slug = ctx.args.slug
      await ctx.payload.update({ collection, data: data as never, depth: 0, id, overrideAccess: false, req: ctx.req })
    })
    return { body: await readBack(ctx, id) }
  }

  /**
   * Trashing also unlinks the item from its events, as the original does (`docs/compatibility.md`,
   * "Deleting moves to the trash").
   */
  const remove: RestHandler = async (ctx) => {
    const id = await targetId(ctx)
    const stored = await ctx.payload.findByID({ collection, depth: 0, id, overrideAccess: true })
    if ((stored as { status?: string }).status === 'trash') throw alreadyTrashed(word)
    await inTransaction(ctx.req, async () => {
      await ctx.payload.update({ collection, data: { status: 'trash' } as never, depth: 0, id, overrideAccess: false, req: ctx.req })
      await unlinkFromEvents(ctx, id)
    })
    return { body: await readBack(ctx, id) }
  }

  async function prepareData(ctx: RestContext, creating: boolean): Promise<Record<string, unknown>> {
    const args = ctx.args
    const sentArgs = Object.fromEntries(Object.keys(args).filter((name) => wasSent(args, name)).map((name) => [name, args[name]]))
    const data: Record<string, unknown> = await linkedPostData(ctx, kind, sentArgs)
    if (!wasSent(args, WORDS[kind].name)) delete data.name
    if (!wasSent(args, 'status')) {
      if (creating) data.status = defaultLinkedPostStatus(ctx.user)
      else delete data.status
    }
    if (wasSent(args, 'author')) data.author = args.author
    if (wasSent(args, 'date')) data.publishedAt = parsePhpDateTime(args.date, { now: ctx.now, timeZone: ctx.options.siteTimezone })?.toISOString()
    if (wasSent(args, 'date_utc')) data.publishedAt = parsePhpDateTime(args.date_utc, { now: ctx.now, timeZone: 'UTC' })?.toISOString()
    if (wasSent(args, 'image')) data.image = await resolveImage(ctx, args.image)
    if (kind === 'venues' && creating && !wasSent(args, 'stateprovince')) {
      const american = ['', 'US', 'United States'].includes(String(args.country ?? '').trim())
      const derived = american ? args.state : args.province
      if (typeof derived === 'string' && derived) data.stateProvince = derived
    }
    return data
  }

  /** The original returns an existing item of the same name (and description, when given) instead of a duplicate. */
  async function findDuplicate(ctx: RestContext): Promise<null | number> {
    const name = String(ctx.args[WORDS[kind].name] ?? '').trim()
    const description = typeof ctx.args.description === 'string' ? ctx.args.description.replace(/<[^>]*>/g, ' ').replace(/\s+/g, ' ').trim() : ''
    const { docs } = await ctx.payload.find({ collection, depth: 0, limit: 50, overrideAccess: true, req: ctx.req, where: { and: [{ name: { like: name } }, { status: { not_equals: 'trash' } }] } })
    const same = docs.find((doc) => {
      const candidate = doc as { descriptionText?: null | string; name?: string }
      if (String(candidate.name ?? '').toLowerCase() !== name.toLowerCase()) return false
      return !description || String(candidate.descriptionText ?? '').trim().toLowerCase() === description.toLowerCase()
    })
    return (same?.id as number | undefined) ?? null
  }

  async function readBack(ctx: RestContext, id: number) {
    const doc = await ctx.payload.findByID({ collection, depth: 1, id, overrideAccess: false, req: ctx.req })
    return serialize(plainDoc(doc), ctx, false)
  }

  async function linkedToEvent(ctx: RestContext, eventId: number): Promise<number[]> {
    const event = (await ctx.payload.findByID({ collection: EVENTS, depth: 0, id: eventId, overrideAccess: true })) as { organizers?: number[]; venue?: null | number }
    const ids = kind === 'venues' ? [event.venue] : (event.organizers ?? [])
    return ids.filter((id): id is number => typeof id === 'number').concat(0)
  }

  async function unlinkFromEvents(ctx: RestContext, id: number) {
    const field = kind === 'venues' ? 'venue' : 'organizers'
    const { docs } = await ctx.payload.find({ collection: EVENTS, depth: 0, limit: 0, overrideAccess: true, pagination: false, req: ctx.req, where: { [field]: { in: [id] } } })
    for (const event of plainDocs(docs)) {
      const data = kind === 'venues' ? { venue: null } : { organizers: ((event.organizers as number[]) ?? []).filter((other) => other !== id) }
      await ctx.payload.update({ collection: EVENTS, data: data as never, depth: 0, id: event.id as number, overrideAccess: true, req: ctx.req })
    }
  }

  return { create, get, list, remove, update }
}

