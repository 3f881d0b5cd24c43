import type { RestContext } from '../context'

import { apiUrl } from '../../src/lib/urls'
import { relationId } from '../../src/lib/databaseIds'

export const TAXONOMIES = { categories: 'tribe_events_cat', tags: 'post_tag' } as const

/**
 * A term as events embed it (`docs/compatibility.md`, "Response shapes"): WordPress's term row with
 * `term_id` renamed `id`, and links to the term routes. Different from the term routes' own shape,
 * as in the original.
 */
export function serializeEmbeddedTerm(
  doc: Record<string, unknown> & { id: number },
  kind: keyof typeof TAXONOMIES,
  ctx: RestContext,
  count: number,
) {
  const parent = kind === 'categories' ? (relationId(doc.parent) ?? 0) : 0
  const collection = apiUrl(ctx.restBase, ctx.options, `/${kind}`)
  return {
    name: termName(doc.name),
    slug: doc.slug ?? '',
    term_group: 0,
    term_taxonomy_id: doc.id,
    taxonomy: TAXONOMIES[kind],
    description: doc.description ?? '',
    parent,
    count,
    filter: 'raw',
    id: doc.id,
    urls: {
      self: `${collection}/${doc.id}`,
      collection,
      ...(parent ? { up: `${collection}/${parent}` } : {}),
    },
  }
}

/** WordPress stores term names HTML-escaped (`Theatre &amp; Drama`) and returns them so. */
export function termName(name: unknown): string {
  return String(name ?? '')
    .replace(/&(?!amp;|lt;|gt;|quot;|#\d+;)/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
}
