import type { CollectionSlug, RequestContext } from 'payload'

import type { RestContext, RestHandler, RestResult } from './context'
import type { ParamSpecs } from './params'
import type { Route } from './router'

import { alreadyTrashed, archivePageNotFound } from './errors'
import { type PlainDoc, plainDoc } from '../src/lib/plainDoc'
import { inTransaction } from '../src/lib/transaction'
import { apiUrl, encodedQuery } from '../src/lib/urls'

/** The item an item route addresses: its id and, where the route looked it up, its status. */
export type Target = { id: number; status?: string }

/** One page of a list: its items as stored, and what the list already read for their answer (`serialize`'s `read`). */
export type ListPage = {
  docs: PlainDoc[]
  read?: unknown
  total: number
  /**
   * The arguments the list's URLs repeat, in the original's order (`rest_url` puts `page` first,
   * the next and previous URLs last), whether `rest_url` is percent-encoded, and how many of the
   * last arguments `add_query_arg` appended to it as they were sent (`appended`: never encoded).
   */
  echo: { appended?: number; args: [string, string][]; encoded: boolean }
}

/**
 * A resource of the compatibility API, declared as WordPress's REST controllers declare theirs:
 * what it stores and calls itself, and the few steps that differ from one resource to another.
 * `resourceController` writes the rest once: list paging, reading, creating, updating, removing.
 */
export type Resource = {
  collection: string
  /** Names in paths, list keys, error codes and messages: `events` / `event`. */
  words: { plural: string; singular: string }
  /** The fields a `search` looks in. */
  searchFields: readonly string[]
  /**
   * How the list answers: TEC's archives (`rest_url` with its arguments, 404 past the last page,
   * the items first) or WordPress's term lists (`rest_url` bare, any page, the items after the totals).
   */
  listStyle: 'archive' | 'terms'
  listPage: (ctx: RestContext, paging: { page: number; perPage: number }) => Promise<ListPage>
  /**
   * The resource's one serializer (TEC's `Post_Repository`, WordPress's `prepare_item_for_response`):
   * items as the original answers them in a list, alone (`GET` of one item) or after a write.
   */
  serialize: (
    ctx: RestContext,
    docs: PlainDoc[],
    view: 'list' | 'single' | 'written',
    read?: unknown,
  ) => Promise<unknown[]>
  /** `GET` of one item: the item, or the original's refusal. */
  readItem: (ctx: RestContext) => Promise<PlainDoc>
  /** The item a write addresses, or the original's refusal when there is none. */
  target: (ctx: RestContext) => Promise<Target>
  /** Whether an update reads its target (`target`) in its transaction rather than before it. */
  targetInTransaction?: (ctx: RestContext) => boolean
  /** The data a create (`target` null) or an update stores; called in the write's transaction. */
  prepareData: (ctx: RestContext, target: null | Target) => Promise<Record<string, unknown>>
  /** Before a create's data is prepared: an existing item to answer with instead, or a refusal (throws). */
  beforeCreate?: (ctx: RestContext) => Promise<null | number>
  /** Headers of a create's answer (a term's `Location`). */
  createdHeaders?: (ctx: RestContext, id: number) => Record<string, string>
  /**
   * An item after a write, as the writer may now read it (a removal that deletes: before).
   * `written`: what the create or update itself returned (Payload's read-back inside the write's
   * transaction), which a resource may answer with rather than read the item again
   * (`writtenItems.ts`).
   */
  load: (ctx: RestContext, id: number, written?: PlainDoc) => Promise<PlainDoc>
  /** The `context` of the resource's own create and update. */
  writeContext?: RequestContext
  /**
   * `DELETE`: to the trash (`docs/compatibility.md`, "Deleting moves to the trash"), with what
   * follows in the same transaction, or for good (terms).
   */
  removal:
    | { afterTrash?: (ctx: RestContext, id: number) => Promise<void>; kind: 'trash' }
    | { kind: 'delete' }
}

export type ResourceController = Record<
  'create' | 'get' | 'list' | 'remove' | 'update',
  RestHandler
>

/** `list`, `get`, `create`, `update` and `remove` of a resource. */
export function resourceController(resource: Resource): ResourceController {
  const collection = resource.collection as CollectionSlug

  const list: RestHandler = async (ctx) => {
    const page = ctx.args.page as number
    const perPage = ctx.args.per_page as number
    const { docs, echo, read, total } = await resource.listPage(ctx, { page, perPage })
    const archive = resource.listStyle === 'archive'
    if (archive && page > 1 && docs.length === 0) throw archivePageNotFound(resource.words.singular)
    const items = docs.length ? await resource.serialize(ctx, docs, 'list', read) : []
    const totalPages = total === 0 ? 0 : Math.ceil(total / perPage)
    const base = apiUrl(ctx.restBase, ctx.options, `/${resource.words.plural}/`)
    const url = (args: [string, string][]) => (args.length ? `${base}?${queryOf(args)}` : base)
    const pageArgs = [['page', String(page)] as [string, string], ...echo.args]
    const appended = pageArgs.length - (echo.appended ?? 0)
    // An archive's `rest_url` joins its arguments as they are, unless `add_query_arg` encoded the ones it found in the URL.
    const restUrl = !archive
      ? base
      : echo.encoded
        ? `${base}?${[queryOf(pageArgs.slice(0, appended)), asSent(pageArgs.slice(appended))].filter(Boolean).join('&')}`
        : `${base}?${asSent(pageArgs)}`
    const links: Record<string, string> = {}
    if (page < totalPages) links.next_rest_url = url([...echo.args, ['page', String(page + 1)]])
    if (page > 1)
      links.previous_rest_url = url(
        page - 1 === 1 ? echo.args : [...echo.args, ['page', String(page - 1)]],
      )
    const totals = { total, total_pages: totalPages }
    const body = archive
      ? { [resource.words.plural]: items, rest_url: restUrl, ...links, ...totals }
      : { rest_url: restUrl, ...totals, [resource.words.plural]: items, ...links }
    return {
      body,
      headers: { 'X-TEC-Total': String(total), 'X-TEC-TotalPages': String(totalPages) },
    }
  }

  const serializeOne = async (ctx: RestContext, doc: PlainDoc, view: 'single' | 'written') =>
    (await resource.serialize(ctx, [doc], view))[0]

  const readBack = async (ctx: RestContext, id: number, written?: PlainDoc) =>
    serializeOne(ctx, await resource.load(ctx, id, written), 'written')

  const get: RestHandler = async (ctx) => ({
    body: await serializeOne(ctx, await resource.readItem(ctx), 'single'),
  })

  const create: RestHandler = async (ctx) => {
    const { id, written } = await inTransaction(
      ctx.req,
      async (): Promise<{ id: number; written?: PlainDoc }> => {
        const existing = await resource.beforeCreate?.(ctx)
        if (existing) return { id: existing }
        const data = await resource.prepareData(ctx, null)
        const created = await ctx.payload.create({
          collection,
          context: resource.writeContext,
          data: data as never,
          depth: 0,
          overrideAccess: false,
          req: ctx.req,
        })
        return { id: created.id as number, written: plainDoc(created) }
      },
    )
    const result: RestResult = { body: await readBack(ctx, id, written), status: 201 }
    const headers = resource.createdHeaders?.(ctx, id)
    return headers ? { ...result, headers } : result
  }

  const update: RestHandler = async (ctx) => {
    let target = resource.targetInTransaction?.(ctx) ? null : await resource.target(ctx)
    const written = await inTransaction(ctx.req, async () => {
      target ??= await resource.target(ctx)
      const data = await resource.prepareData(ctx, target)
      return plainDoc(
        await ctx.payload.update({
          collection,
          context: resource.writeContext,
          data: data as never,
          depth: 0,
          id: target.id,
          overrideAccess: false,
          req: ctx.req,
        }),
      )
    })
    return { body: await readBack(ctx, target!.id, written) }
  }

  const remove: RestHandler = async (ctx) => {
    const { id, status } = await resource.target(ctx)
    const { removal } = resource
    if (removal.kind === 'delete') {
      const before = await readBack(ctx, id)
      await ctx.payload.delete({ collection, id, overrideAccess: false, req: ctx.req })
      return { body: before }
    }
    if (status === 'trash') throw alreadyTrashed(resource.words.singular)
    const written = await inTransaction(ctx.req, async () => {
      const trashed = plainDoc(
        await ctx.payload.update({
          collection,
          data: { status: 'trash' } as never,
          depth: 0,
          id,
          overrideAccess: false,
          req: ctx.req,
        }),
      )
      await removal.afterTrash?.(ctx, id)
      return trashed
    })
    return { body: await readBack(ctx, id, written) }
  }

  return { create, get, list, remove, update }
}

/** A resource's declared arguments, per operation (`*Args` in each resource's `params.ts`). */
export type ResourceArgs = {
  create: ParamSpecs
  list: ParamSpecs
  read: ParamSpecs
  update: ParamSpecs
  /** Routes by slug, for resources that have them. */
  bySlug?: { read: ParamSpecs; update: ParamSpecs }
}

/**
 * The routes of a resource, in the original's registration order: the collection (`GET` list,
 * `POST` create), the item by id and, where it has them, by slug. Writes are checked by
 * `mayWrite` (WordPress's `permission_callback`); the item routes list their methods in
 * `itemOrder`, which the namespace index and `/doc` show.
 */
export function resourceRoutes(
  resource: Resource,
  controller: ResourceController,
  args: ResourceArgs,
  mayWrite: (ctx: RestContext) => boolean,
  itemOrder: readonly ('read' | 'remove' | 'update')[],
): Route[] {
  const path = `/${resource.words.plural}`
  const item = (read: ParamSpecs, update: ParamSpecs) =>
    itemOrder.map((operation) =>
      operation === 'read'
        ? { methods: ['GET'], args: read, handler: controller.get }
        : operation === 'remove'
          ? { methods: ['DELETE'], args: read, handler: controller.remove, permission: mayWrite }
          : {
              methods: ['POST', 'PUT', 'PATCH'],
              args: update,
              handler: controller.update,
              permission: mayWrite,
            },
    ) as Route['endpoints']
  return [
    {
      path,
      endpoints: [
        { methods: ['GET'], args: args.list, handler: controller.list },
        { methods: ['POST'], args: args.create, handler: controller.create, permission: mayWrite },
      ],
    },
    { path: `${path}/(?P<id>\\d+)`, endpoints: item(args.read, args.update) },
    ...(args.bySlug
      ? [
          {
            path: `${path}/by-slug/(?P<slug>[^/]+)`,
            endpoints: item(args.bySlug.read, args.bySlug.update),
          },
        ]
      : []),
  ]
}

/**
 * A query as `add_query_arg` writes it: an empty value as the bare name (`has_events`), the others
 * percent-encoded (`queryOf`) or as they are (`asSent`).
 */
const queryOf = (args: [string, string][]) =>
  args.map(([name, value]) => (value === '' ? name : encodedQuery([[name, value]]))).join('&')

const asSent = (args: [string, string][]) =>
  args.map(([name, value]) => (value === '' ? name : `${name}=${value}`)).join('&')
