import type { CollectionSlug } from 'payload'

import type { RestContext } from '../context'

import { rememberItemsRead } from '../../src/lib/itemsReadByRequest'
import { lockForTransaction } from '../../src/db/locks'
import { plainDocs } from '../../src/lib/plainDoc'
import { mayReadEvery } from '../writtenItems'
import { readsAsId, toList } from '../validators'
import { findTerms, termNamed, termsNamed } from './termsNamed'

/**
 * Turns category or tag values into term ids (`docs/compatibility.md`,
 * "Terms by id, slug or name"): an id that exists is kept, an unknown id is ignored (as the
 * original ignores it), and any other value is looked up by the one rule of `termsNamed.ts`; only a
 * value that matches nothing creates a term. Runs in the caller's transaction.
 */
export async function resolveTerms(
  ctx: RestContext,
  collection: string,
  value: unknown,
): Promise<number[]> {
  const entries = toList(value)
    .map((raw) => String(raw).trim())
    .filter((entry) => entry !== '')
  const existing = await existingIds(ctx, collection, entries.filter(readsAsId).map(Number))
  const ids: number[] = []
  let named = false
  for (const entry of entries) {
    if (readsAsId(entry)) {
      // A term named earlier in this list may have just been created with this id.
      if (
        existing.has(Number(entry)) ||
        (named && (await existingIds(ctx, collection, [Number(entry)])).size)
      )
        ids.push(Number(entry))
      continue
    }
    ids.push(await findOrCreateTerm(ctx, collection, entry))
    named = true
  }
  return [...new Set(ids)]
}

/**
 * Which of these ids are terms of `collection`. When the writer may read every term (the default
 * rule), one read of the terms says, and the write's answer shows what it read
 * (`itemsReadByRequest.ts`). Otherwise usually all or none of them are, which one count says (a
 * count costs less than reading the terms); else one query finds which.
 */
async function existingIds(
  ctx: RestContext,
  collection: string,
  ids: number[],
): Promise<Set<number>> {
  const candidates = [...new Set(ids)]
  if (!candidates.length) return new Set()
  if (await mayReadEvery(ctx, collection)) {
    // Read as the caller may read them (every one, so every term there is), as the answer reads them.
    const { docs } = await ctx.payload.find({
      collection: collection as CollectionSlug,
      depth: 0,
      limit: 0,
      overrideAccess: false,
      pagination: false,
      req: ctx.req,
      sort: 'id',
      where: { id: { in: candidates } },
    })
    rememberItemsRead(ctx.req, collection, candidates, plainDocs(docs))
    return new Set(docs.map((doc) => Number(doc.id)))
  }
  const { totalDocs } = await ctx.payload.count({
    collection: collection as CollectionSlug,
    overrideAccess: true,
    req: ctx.req,
    where: { id: { in: candidates } },
  })
  if (totalDocs === candidates.length) return new Set(candidates)
  if (totalDocs === 0) return new Set()
  const terms = await findTerms(ctx, collection, { id: { in: candidates } }, ctx.req, {
    slug: true,
  })
  return new Set(terms.map((term) => Number(term.id)))
}

async function findOrCreateTerm(
  ctx: RestContext,
  collection: string,
  entry: string,
): Promise<number> {
  await lockForTransaction(ctx.req, `term:${collection}:${entry.toLowerCase()}`)
  const found = termNamed(await termsNamed(ctx, collection, [entry], ctx.req), entry)
  if (found) return found.id
  // Naming a new term while writing an event creates it, as in the original, whoever the writer.
  const created = await ctx.payload.create({
    collection: collection as CollectionSlug,
    data: { name: entry } as never,
    depth: 0,
    overrideAccess: true,
    req: ctx.req,
  })
  return created.id as number
}
