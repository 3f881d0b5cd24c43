import type { CollectionSlug, Where } from 'payload'

import type { RestContext, RestHandler } from '../context'
import type { TermKind } from './params'

import { CALENDAR_SLUGS } from '../../src/slugs'
import { wasSent } from '../args'
import { RestError } from '../errors'
import { keptFor } from '../freshness'
import { inTransaction } from '../transaction'
import { visibleTermCounts } from '../termCounts'
import { apiUrl } from '../urls'
import { serializeListedTerm, serializeTerm } from './serializeTerm'
import { type PlainDoc, plainDoc, plainDocs } from '../../src/lib/plainDoc'

const EVENTS = CALENDAR_SLUGS.events as CollectionSlug
type TermDoc = Record<string, unknown> & { id: number; name?: string; slug?: string }

const EXISTS_MESSAGE: Record<TermKind, string> = {
  categories: 'A term with the name provided already exists with this parent.',
  tags: 'A term with the name provided already exists in this taxonomy.',
}

/**
 * The controller of categories or tags (`docs/compatibility.md`, "Category and tag routes"): one
 * factory, two taxonomies.
 */
export function termController(kind: TermKind, collectionSlug: string) {
  const collection = collectionSlug as CollectionSlug

  /** Each category's slug under its ancestors (`music/jazz`), as WordPress builds hierarchical term links. */
  async function slugPaths(ctx: RestContext): Promise<Map<number, string>> {
    const paths = new Map<number, string>()
    if (kind !== 'categories') return paths
    const kept = await keptFor(ctx)
    const known = kept.get<Map<number, string>>('category-paths', collectionSlug)
    if (known) return known
    // By id: the default sort is on the translated name, which costs a second query.
    const { docs } = await ctx.payload.find({ collection, depth: 0, limit: 0, overrideAccess: true, pagination: false, select: { parent: true, slug: true } as never, sort: 'id' })
    const byId = new Map((plainDocs(docs) as TermDoc[]).map((term) => [term.id, term]))
    for (const term of byId.values()) {
      const slugs: string[] = []
      const seen = new Set<number>()
      for (let current: TermDoc | undefined = term; current && !seen.has(current.id); current = byId.get(current.parent as number)) {
        seen.add(current.id)
        slugs.unshift(String(current.slug ?? ''))
      }
      paths.set(term.id, slugs.join('/'))
    }
    kept.set('category-paths', collectionSlug, paths)
    return paths
  }

  const list: RestHandler = async (ctx) => {
    const args = ctx.args
    const and: Where[] = []
    if (typeof args.search === 'string') and.push({ or: [{ name: { like: args.search } }, { slug: { like: args.search } }] })
    if (args.exclude) and.push({ id: { not_in: args.exclude as number[] } })
    if (args.include) and.push({ id: { in: args.include as number[] } })
    if (args.parent !== undefined) and.push({ parent: { equals: Number(args.parent) } })
    if (typeof args.slug === 'string') and.push({ slug: { equals: args.slug } })
    const forEvent = args.event ?? args.post
    if (forEvent !== undefined) {
      const event = (await ctx.payload.findByID({ collection: EVENTS, depth: 0, id: Number(forEvent), overrideAccess: true }).then(plainDoc))
      and.push({ id: { in: [0, ...((event[kind] as number[] | undefined) ?? [])] } })
    }
    // By id: sortTerms orders them below, and the default sort on the translated name costs a second query.
    const { docs } = await ctx.payload.find({ collection, depth: 0, limit: 0, overrideAccess: false, pagination: false, req: ctx.req, sort: 'id', where: { and } })
    const [counts, paths] = await Promise.all([visibleTermCounts(ctx, kind, (plainDocs(docs) as TermDoc[]).map((term) => term.id)), slugPaths(ctx)])
    let terms = (plainDocs(docs) as TermDoc[]).filter((term) => !(args.hide_empty ?? true) || (counts.get(term.id) ?? 0) > 0)
    terms = sortTerms(terms, String(args.orderby ?? 'name'), String(args.order ?? 'asc'), counts, (args.include as number[] | undefined) ?? [])

    const page = args.page as number
    const perPage = args.per_page as number
    const total = terms.length
    const totalPages = total === 0 ? 0 : Math.ceil(total / perPage)
    const base = apiUrl(ctx.restBase, ctx.options, `/${kind}/`)
    const body: Record<string, unknown> = {
      rest_url: base,
      total,
      total_pages: totalPages,
      [kind]: terms.slice((page - 1) * perPage, page * perPage).map((term) => serializeListedTerm(term, kind, ctx, counts.get(term.id) ?? 0, paths.get(term.id))),
    }
    if (page < totalPages) body.next_rest_url = `${base}?page=${page + 1}`
    if (page > 1) body.previous_rest_url = page === 2 ? base : `${base}?page=${page - 1}`
    return { body, headers: { 'X-TEC-Total': String(total), 'X-TEC-TotalPages': String(totalPages) } }
  }

  const serializeOne = async (ctx: RestContext, id: number) => {
    const doc = (await ctx.payload.findByID({ collection, depth: 0, id, overrideAccess: false, req: ctx.req }).then(plainDoc)) as TermDoc
    const [counts, paths] = await Promise.all([visibleTermCounts(ctx, kind, [id]), slugPaths(ctx)])
    return serializeTerm(doc, kind, ctx, counts.get(id) ?? 0, paths.get(id))
  }

  const get: RestHandler = async (ctx) => ({ body: await serializeOne(ctx, Number(ctx.args.id)) })

  /** A name already used at the same level is refused, as WordPress refuses it (`term_exists`). */
  async function refuseExisting(ctx: RestContext, name: string, parent: null | number, exceptId?: number) {
    const { docs } = await ctx.payload.find({ collection, depth: 0, limit: 50, overrideAccess: true, req: ctx.req, where: { name: { like: name } } })
    const clash = (plainDocs(docs) as TermDoc[]).find(
      (term) =>
        String(term.name ?? '').toLowerCase() === name.toLowerCase() &&
        term.id !== exceptId &&
        (kind === 'tags' || ((term.parent as null | number | undefined) ?? null) === parent),
    )
    // WordPress repeats the id in `additional_data`, once per data payload it merged.
    if (clash) throw new RestError('term_exists', EXISTS_MESSAGE[kind], 400, { term_id: clash.id }, { additional_data: [clash.id, clash.id] })
  }

  const dataFrom = (ctx: RestContext) => {
    const data: Record<string, unknown> = {}
    for (const name of ['name', 'description', 'slug', ...(kind === 'categories' ? ['parent'] : [])]) {
      if (wasSent(ctx.args, name)) data[name] = name === 'parent' ? Number(ctx.args.parent) || null : ctx.args[name]
    }
    return data
  }

  const create: RestHandler = async (ctx) => {
    const data = dataFrom(ctx)
    const id = await inTransaction(ctx.req, async () => {
      await refuseExisting(ctx, String(data.name), (data.parent as null | number | undefined) ?? null)
      const created = await ctx.payload.create({ collection, data: data as never, depth: 0, overrideAccess: false, req: ctx.req })
      return created.id as number
    })
    const restName = kind === 'categories' ? 'tribe_events_cat' : 'tags'
    return { body: await serializeOne(ctx, id), headers: { Location: `${ctx.restBase}/wp/v2/${restName}/${id}` }, status: 201 }
  }

  const update: RestHandler = async (ctx) => {
    const id = Number(ctx.args.id)
    const data = dataFrom(ctx)
    await inTransaction(ctx.req, async () => {
      if (typeof data.name === 'string') {
        const current = (await ctx.payload.findByID({ collection, depth: 0, id, overrideAccess: true, req: ctx.req }).then(plainDoc)) as TermDoc
        const parent = 'parent' in data ? (data.parent as null | number) : ((current.parent as null | number | undefined) ?? null)
        await refuseExisting(ctx, data.name, parent, id)
      }
      await ctx.payload.update({ collection, data: data as never, depth: 0, id, overrideAccess: false, req: ctx.req })
    })
    return { body: await serializeOne(ctx, id) }
  }

  /** Terms are deleted for good; the answer is the term as it was. */
  const remove: RestHandler = async (ctx) => {
    const id = Number(ctx.args.id)
    const before = await serializeOne(ctx, id)
    await ctx.payload.delete({ collection, id, overrideAccess: false, req: ctx.req })
    return { body: before }
  }

  return { create, get, list, remove, update }
}

function sortTerms(terms: TermDoc[], orderby: string, order: string, counts: Map<number, number>, include: number[]): TermDoc[] {
  const key: Record<string, (term: TermDoc) => number | string> = {
    count: (term) => counts.get(term.id) ?? 0,
    id: (term) => term.id,
    include: (term) => include.indexOf(term.id),
    name: (term) => String(term.name ?? '').toLowerCase(),
    slug: (term) => String(term.slug ?? ''),
    term_id: (term) => term.id,
  }
  const pick = key[orderby] ?? key.name!
  const direction = order.toLowerCase() === 'desc' ? -1 : 1
  return [...terms].sort((a, b) => {
    const [x, y] = [pick(a), pick(b)]
    // Ties by id ascending in either direction, as the original (test/fixtures/oracle, g-lists-022/023, h-term-order).
    return x < y ? -direction : x > y ? direction : a.id - b.id
  })
}
