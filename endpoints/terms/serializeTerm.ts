import type { RestContext } from '../context'
import type { TermKind } from './params'

import { parseFieldList } from '../responseFields'
import { relationId } from '../../src/lib/databaseIds'
import { apiUrl, permalink } from '../../src/lib/urls'
import { TAXONOMIES, termName } from './serializeEmbeddedTerm'

/**
 * A term as the category and tag routes return it (`docs/compatibility.md`, "Response shapes"):
 * WordPress's terms controller item with `link` renamed `url`; tags have no `parent`.
 */
export function serializeTerm(
  doc: Record<string, unknown> & { id: number },
  kind: TermKind,
  ctx: RestContext,
  count: number,
  /** The category's slug path under its ancestors (`music/jazz`), which its permalink uses. */
  slugPath?: string,
) {
  const collection = apiUrl(ctx.restBase, ctx.options, `/${kind}`)
  const parent = kind === 'categories' ? (relationId(doc.parent) ?? 0) : null
  return {
    id: doc.id,
    count,
    description: doc.description ?? '',
    name: termName(doc.name),
    slug: doc.slug ?? '',
    taxonomy: TAXONOMIES[kind],
    ...(parent !== null ? { parent } : {}),
    meta: [],
    url: permalink(ctx.options, kind === 'categories' ? 'eventCategories' : 'eventTags', {
      ...doc,
      slug: slugPath ?? (doc.slug as string),
    } as never),
    urls: {
      self: `${collection}/${doc.id}`,
      collection,
      ...(parent ? { up: `${collection}/${parent}` } : {}),
    },
  }
}

/**
 * A term in a category or tag list. When the request has `_fields`, the original first hands it to
 * WordPress core's terms controller, which then prepares each term with `id` alone, and adds only
 * its `urls` (without `up`, the parent being gone): the list is trimmed from that
 * (test/fixtures/oracle, a-rest-conventions-032 and h-term-fields). A single term is not affected.
 */
export function serializeListedTerm(
  doc: Record<string, unknown> & { id: number },
  kind: TermKind,
  ctx: RestContext,
  count: number,
  slugPath?: string,
) {
  if (!parseFieldList(ctx.query._fields).length)
    return serializeTerm(doc, kind, ctx, count, slugPath)
  const collection = apiUrl(ctx.restBase, ctx.options, `/${kind}`)
  return { id: doc.id, urls: { self: `${collection}/${doc.id}`, collection } }
}
