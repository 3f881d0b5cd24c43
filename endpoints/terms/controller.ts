import type { CollectionSlug, Where } from 'payload'

import type { RestContext } from '../context'
import type { ListPage, Resource, Target } from '../resourceController'
import type { TermKind } from './params'

import { foundFor, wasSent } from '../args'
import { termExists } from '../errors'
import { keptFor } from '../freshness'
import { termSearchCondition } from '../searchConditions'
import { visibleTermCounts } from '../../src/calendar/termCounts'
import { serializeListedTerm, serializeTerm } from './serializeTerm'
import { findTerms, isNamed, type TermDoc, termsNamed } from './termsNamed'
import { type PlainDoc, plainDoc, plainDocs } from '../../src/lib/plainDoc'

/** What a term list read for its page: each term's count of events and slug path. */
type TermsRead = { counts: Map<number, number>; paths: Map<number, string> }

const EXISTS_MESSAGE: Record<TermKind, string> = {
  categories: 'A term with the name provided already exists with this parent.',
  tags: 'A term with the name provided already exists in this taxonomy.',
}

/** What a term `search` looks in: WordPress's term query matches the name or the slug. */
const SEARCH_FIELDS = ['name', 'slug'] as const

/**
 * Categories or tags (`docs/compatibility.md`, "Category and tag routes"): one declaration, two
 * taxonomies; `resourceController.ts` writes the rest once.
 */
export function termResource(kind: TermKind, collectionSlug: string): Resource {
  const collection = collectionSlug as CollectionSlug

  /** Each category's slug under its ancestors (`music/jazz`), as WordPress builds hierarchical term links. */
  async function slugPaths(ctx: RestContext): Promise<Map<number, string>> {
    const paths = new Map<number, string>()
    if (kind !== 'categories') return paths
    const kept = await keptFor(ctx)
    const known = kept.get<Map<number, string>>('category-paths', collectionSlug)
    if (known) return known
    const byId = new Map(
      (await findTerms(ctx, collectionSlug, {}, undefined, { parent: true, slug: true })).map(
        (term) => [term.id, term],
      ),
    )
    for (const term of byId.values()) {
      const slugs: string[] = []
      const seen = new Set<number>()
      for (
        let current: TermDoc | undefined = term;
        current && !seen.has(current.id);
        current = byId.get(current.parent as number)
      ) {
        seen.add(current.id)
        slugs.unshift(String(current.slug ?? ''))
      }
      paths.set(term.id, slugs.join('/'))
    }
    kept.set('category-paths', collectionSlug, paths)
    return paths
  }

  async function listPage(
    ctx: RestContext,
    { page, perPage }: { page: number; perPage: number },
  ): Promise<ListPage> {
    const args = ctx.args
    const and: Where[] = []
    if (typeof args.search === 'string') and.push(termSearchCondition(SEARCH_FIELDS, args.search))
    if (args.exclude) and.push({ id: { not_in: args.exclude as number[] } })
    if (args.include) and.push({ id: { in: args.include as number[] } })
    if (args.parent !== undefined) and.push({ parent: { equals: Number(args.parent) } })
    if (typeof args.slug === 'string') and.push({ slug: { equals: args.slug } })
    // The event the `post` (or `event`) argument's validation found, with its terms.
    const event = foundFor<PlainDoc>(args, args.event !== undefined ? 'event' : 'post')
    if (event) and.push({ id: { in: [0, ...((event[kind] as number[] | undefined) ?? [])] } })
    // By id: sortTerms orders them below, and the default sort on the translated name costs a second query.
    const { docs } = await ctx.payload.find({
      collection,
      depth: 0,
      limit: 0,
      overrideAccess: false,
      pagination: false,
      req: ctx.req,
      sort: 'id',
      where: { and },
    })
    const { counts, paths } = await countsAndPaths(
      ctx,
      (plainDocs(docs) as TermDoc[]).map((term) => term.id),
    )
    let terms = (plainDocs(docs) as TermDoc[]).filter(
      (term) => !(args.hide_empty ?? true) || (counts.get(term.id) ?? 0) > 0,
    )
    terms = sortTerms(
      terms,
      String(args.orderby ?? 'name'),
      String(args.order ?? 'asc'),
      counts,
      (args.include as number[] | undefined) ?? [],
    )
    // The counts and paths the list read are those its terms are answered with.
    const read: TermsRead = { counts, paths }
    return {
      docs: terms.slice((page - 1) * perPage, page * perPage),
      echo: { args: [], encoded: true },
      read,
      total: terms.length,
    }
  }

  /** Each term's count of events, as the caller may see them, and its slug path, side by side. */
  async function countsAndPaths(ctx: RestContext, ids: number[]): Promise<TermsRead> {
    const [counts, paths] = await Promise.all([visibleTermCounts(ctx, kind, ids), slugPaths(ctx)])
    return { counts, paths }
  }

  const serialize: Resource['serialize'] = async (ctx, docs, view, read) => {
    const terms = docs as TermDoc[]
    const { counts, paths } =
      (read as TermsRead | undefined) ??
      (await countsAndPaths(
        ctx,
        terms.map((term) => term.id),
      ))
    // In a list, `_fields` first cuts each term as WordPress's terms controller does (`serializeListedTerm`).
    const serializeOne = view === 'list' ? serializeListedTerm : serializeTerm
    return terms.map((term) =>
      serializeOne(term, kind, ctx, counts.get(term.id) ?? 0, paths.get(term.id)),
    )
  }

  const load = async (ctx: RestContext, id: number) =>
    plainDoc(
      await ctx.payload.findByID({ collection, depth: 0, id, overrideAccess: false, req: ctx.req }),
    )

  /** The term the `id` argument's validation found (`idOf`), with its parent. */
  const target = async (ctx: RestContext): Promise<Target> => foundFor<Target>(ctx.args, 'id')!

  /** A name already used at the same level is refused, as WordPress refuses it (`term_exists`). */
  async function refuseExisting(
    ctx: RestContext,
    name: string,
    parent: null | number,
    exceptId?: number,
  ) {
    const clash = (await termsNamed(ctx, collectionSlug, [name], ctx.req)).find(
      (term) =>
        isNamed(term, name) &&
        term.id !== exceptId &&
        (kind === 'tags' || ((term.parent as null | number | undefined) ?? null) === parent),
    )
    if (clash) throw termExists(EXISTS_MESSAGE[kind], clash.id)
  }

  const dataFrom = (ctx: RestContext) => {
    const data: Record<string, unknown> = {}
    for (const name of [
      'name',
      'description',
      'slug',
      ...(kind === 'categories' ? ['parent'] : []),
    ]) {
      if (wasSent(ctx.args, name))
        data[name] = name === 'parent' ? Number(ctx.args.parent) || null : ctx.args[name]
    }
    return data
  }

  const restName = kind === 'categories' ? 'tribe_events_cat' : 'tags'
  return {
    collection: collectionSlug,
    words: { plural: kind, singular: kind === 'categories' ? 'category' : 'tag' },
    searchFields: SEARCH_FIELDS,
    listStyle: 'terms',
    listPage,
    serialize,
    readItem: (ctx) => load(ctx, Number(ctx.args.id)),
    target,
    beforeCreate: async (ctx) => {
      const data = dataFrom(ctx)
      await refuseExisting(
        ctx,
        String(data.name),
        (data.parent as null | number | undefined) ?? null,
      )
      return null
    },
    prepareData: async (ctx, stored) => {
      const data = dataFrom(ctx)
      if (stored && typeof data.name === 'string') {
        const parent =
          'parent' in data
            ? (data.parent as null | number)
            : (((stored as PlainDoc).parent as null | number | undefined) ?? null)
        await refuseExisting(ctx, data.name, parent, stored.id)
      }
      return data
    },
    createdHeaders: (ctx, id) => ({ Location: `${ctx.restBase}/wp/v2/${restName}/${id}` }),
    load,
    removal: { kind: 'delete' },
  }
}

function sortTerms(
  terms: TermDoc[],
  orderby: string,
  order: string,
  counts: Map<number, number>,
  include: number[],
): TermDoc[] {
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
