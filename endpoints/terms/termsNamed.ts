import type { CollectionSlug, PayloadRequest, Where } from 'payload'

import type { CalendarContext } from '../../src/calendar/context'

import { slugAsStored } from '../../src/lib/wpSlug'
import { plainDocs } from '../../src/lib/plainDoc'

export type TermDoc = Record<string, unknown> & {
  id: number
  name?: string
  parent?: unknown
  slug?: string
}

/*
 * The one rule for finding a category or tag by what a client calls it (`docs/compatibility.md`,
 * "Terms by id, slug or name"), used by the filters' validation, the writes that name terms and
 * the refusal of a duplicate name: by slug (as given or in lower case, as slugs are stored), else
 * by name compared without case, as WordPress's `get_term_by` finds them under MySQL's collation.
 */

/** Whether the term is called `entry` (its name, without case). */
export const isNamed = (term: TermDoc, entry: string): boolean =>
  String(term.name ?? '').toLowerCase() === entry.toLowerCase()

const hasSlug = (term: TermDoc, entry: string): boolean =>
  term.slug === entry || term.slug === entry.toLowerCase() || term.slug === slugAsStored(entry)

/**
 * The terms of `collection` whose slug or name is one of `entries`, in one query (whatever their
 * status or the caller). `req` is the write's, when the look-up belongs to one (its transaction
 * and language); without it the look-up reads the default language.
 */
export async function termsNamed(
  ctx: CalendarContext,
  collection: string,
  entries: string[],
  req?: PayloadRequest,
): Promise<TermDoc[]> {
  if (!entries.length) return []
  // `like` (case-insensitive, by words) finds a superset, which the exact comparison narrows.
  const where = {
    or: entries.flatMap((entry): Where[] => [
      { slug: { in: [...new Set([entry, entry.toLowerCase(), slugAsStored(entry)])] } },
      { name: { like: entry } },
    ]),
  }
  const terms = await findTerms(ctx, collection, where, req)
  return terms.filter((term) =>
    entries.some((entry) => hasSlug(term, entry) || isNamed(term, entry)),
  )
}

/** Every term of `collection` matching `where`, whatever its status or the caller, in one query. */
export async function findTerms(
  ctx: CalendarContext,
  collection: string,
  where: Where,
  req?: PayloadRequest,
  select?: Record<string, true>,
): Promise<TermDoc[]> {
  const { docs } = await ctx.payload.find({
    collection: collection as CollectionSlug,
    depth: 0,
    limit: 0,
    overrideAccess: true,
    pagination: false,
    req,
    ...(select ? { select: select as never } : {}),
    // By id: the default sort is on the translated name, which costs a second query.
    sort: 'id',
    where,
  })
  return plainDocs(docs) as TermDoc[]
}

/** Every term that answers to `entry`: by slug and by name (a filter takes them all). */
export const termsAnswering = (terms: TermDoc[], entry: string): TermDoc[] =>
  terms.filter((term) => hasSlug(term, entry) || isNamed(term, entry))

/** The one term `entry` names for a write: the one with that slug, else the first with that name. */
export const termNamed = (terms: TermDoc[], entry: string): TermDoc | undefined =>
  terms.find((term) => hasSlug(term, entry)) ?? terms.find((term) => isNamed(term, entry))
