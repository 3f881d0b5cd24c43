import type { CollectionSlug } from 'payload'

import type { PostStatus } from '../../src/types'
import type { ArgsContext } from '../context'
import type { LinkedKind } from './params'

import { readingOf } from '../../src/access/hiddenFieldConditions'
import { containsPattern, findLikeFragments } from '../../src/lib/searchTerms'
import { unlockedBy } from '../unlockProtected'

/*
 * What a venues or organizers list (`GET /venues`, `GET /organizers`) asks of its items, as data:
 * built once from the list's validated arguments (`controller.ts`), then compiled either to
 * Payload's `where` (`linkedWhere.ts`) or to SQL of our own (`leanLinkedList.ts`), as the events
 * list's query is (`src/calendar/events/eventsQuery.ts`). `test/api/linked-query-model.test.ts`
 * compares both over generated queries.
 */

/**
 * The original's "find like" search: one of `fields` contains every pattern (`containsPattern` of
 * each fragment of the text); a field in `hidden`, which a protected item shows the caller
 * blanked, only in the items the caller unlocks (`unlock`).
 */
export type LinkedSearch = {
  fields: readonly string[]
  hidden: readonly string[]
  patterns: readonly string[]
}

/** Items among `ids`, or with `not` outside them (`event`, `has_events`, `only_with_upcoming`). */
export type IdFilter = { ids: readonly number[]; not: boolean }

export type LinkedQuery = {
  kind: LinkedKind
  /** The statuses listed; `null`: all but trashed. */
  statuses: null | readonly PostStatus[]
  search?: LinkedSearch
  idFilters: readonly IdFilter[]
  /** Whose protected items the caller unlocks (`unlockedBy`): all, or those without a password and those with `password`. */
  unlock: true | { password: null | string }
  /** The language whose translations the search reads. */
  locale: string
}

/**
 * The search of `text` in `fields` of `kind` for this caller, with the fields it sees blanked on
 * protected items (`readingOf`, `src/access/hiddenFieldConditions.ts`); null when the text has no
 * fragment (nothing matches).
 */
export function linkedSearch(
  ctx: ArgsContext,
  kind: LinkedKind,
  fields: readonly string[],
  text: string,
): LinkedSearch | null {
  const fragments = findLikeFragments(text)
  if (!fragments.length) return null
  const config = ctx.payload.collections[kind as CollectionSlug]?.config
  const seen = unlockedBy(ctx) === true ? true : {}
  const hidden =
    seen === true || !config
      ? []
      : fields.filter((field) => readingOf(ctx.payload, config, field, () => seen).locks.length)
  return { fields, hidden, patterns: fragments.map(containsPattern) }
}

/** The language of the caller's request (the default one for `all`). */
export function queryLocale(ctx: ArgsContext): string {
  return typeof ctx.req.locale === 'string' && ctx.req.locale !== 'all'
    ? ctx.req.locale
    : ctx.options.defaultLanguage
}
