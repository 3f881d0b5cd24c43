import type { CollectionSlug } from 'payload'

import type { CalendarContext } from './context'

import { keptFor } from '../../endpoints/freshness'
import { CALENDAR_SLUGS } from '../slugs'

/** How many levels below a category a filter looks: deeper trees are not made by hand, and a bound keeps a cycle harmless. */
const MAX_DEPTH = 20

/**
 * The categories `ids` and every category below them: an events filter on a parent category
 * finds the events of its children too, as WordPress's taxonomy queries do for a hierarchical
 * taxonomy (`include_children`, on by default, which The Events Calendar's list leaves on).
 * One query per level of the tree, for the first visitor who asks until a category changes
 * (`endpoints/freshness.ts`).
 */
export async function categoriesWithDescendants(
  ctx: Pick<CalendarContext, 'options' | 'payload' | 'req' | 'user'>,
  ids: number[],
): Promise<number[]> {
  if (!ids.length) return []
  const kept = await keptFor(ctx)
  const key = ids.join(',')
  const known = kept.get<number[]>('category-descendants', key)
  if (known) return known
  const found = await readDescendants(ctx, ids)
  // The tree is the categories' alone.
  kept.set('category-descendants', key, found, undefined, [`${CALENDAR_SLUGS.eventCategories}:*`])
  return found
}

async function readDescendants(
  ctx: Pick<CalendarContext, 'payload'>,
  ids: number[],
): Promise<number[]> {
  const all = new Set(ids)
  let level = ids
  for (let depth = 0; level.length && depth < MAX_DEPTH; depth++) {
    const { docs } = await ctx.payload.find({
      collection: CALENDAR_SLUGS.eventCategories as CollectionSlug,
      depth: 0,
      limit: 0,
      overrideAccess: true,
      pagination: false,
      select: { id: true } as never,
      where: { and: [{ parent: { in: level } }, { id: { not_in: [...all] } }] },
    })
    level = (docs as { id: unknown }[]).map((doc) => Number(doc.id)).filter((id) => !all.has(id))
    for (const id of level) all.add(id)
  }
  return [...all]
}
