import type { CollectionSlug } from 'payload'

import type { RestContext } from '../context'

import { lockForTransaction } from '../../src/lib/locks'
import { toList } from '../validators'

/**
 * Turns category or tag values into term ids (`decisions.md` §10): an id that exists is kept, an
 * unknown id is ignored (as the original ignores it), and any other value is looked up by slug,
 * then by name without case; only a value that matches nothing creates a term. Runs in the
 * caller's transaction.
 */
export async function resolveTerms(ctx: RestContext, collection: string, value: unknown): Promise<number[]> {
  const ids: number[] = []
  for (const raw of toList(value)) {
    const entry = String(raw).trim()
    if (!entry) continue
    if (/^\d+$/.test(entry)) {
      const { totalDocs } = await ctx.payload.count({ collection: collection as CollectionSlug, overrideAccess: true, req: ctx.req, where: { id: { equals: Number(entry) } } })
      if (totalDocs) ids.push(Number(entry))
      continue
    }
    ids.push(await findOrCreateTerm(ctx, collection, entry))
  }
  return [...new Set(ids)]
}

async function findOrCreateTerm(ctx: RestContext, collection: string, entry: string): Promise<number> {
  await lockForTransaction(ctx.req, `term:${collection}:${entry.toLowerCase()}`)
  const { docs } = await ctx.payload.find({
    collection: collection as CollectionSlug,
    depth: 0,
    limit: 50,
    overrideAccess: true,
    req: ctx.req,
    where: { or: [{ slug: { equals: entry.toLowerCase() } }, { name: { like: entry } }] },
  })
  const bySlug = docs.find((doc) => (doc as { slug?: string }).slug === entry.toLowerCase())
  const byName = docs.find((doc) => String((doc as { name?: string }).name ?? '').toLowerCase() === entry.toLowerCase())
  const found = bySlug ?? byName
  if (found) return found.id as number
  // Naming a new term while writing an event creates it, as in the original, whoever the writer.
  const created = await ctx.payload.create({ collection: collection as CollectionSlug, data: { name: entry } as never, depth: 0, overrideAccess: true, req: ctx.req })
  return created.id as number
}
