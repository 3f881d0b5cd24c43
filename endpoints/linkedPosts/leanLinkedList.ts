import type { CalendarContext } from '../../src/calendar/context'
import type { PostReadRule } from '../../src/calendar/postReadRule'
import type { LinkedQuery } from './linkedQuery'

import { poolOf } from '../../src/db/pool'
import { POST_STATUSES } from '../../src/lib/statuses'
import { leanEventsApply } from '../../src/calendar/events/leanEvent'
import { postReadRule, readScopeSql, unlockedSql } from '../../src/calendar/postReadRule'

/*
 * A venues or organizers list (`controller.ts`) in SQL of our own, compiled from its query
 * (`linkedQuery.ts`) as `linkedWhere.ts` compiles it for Payload. Payload writes the search as one
 * OR over the translation's texts and the item's own, across its join of the translations, then
 * `SELECT DISTINCT`: no index can serve an OR over two tables, so every request folded every text
 * of every item (5,000 venues at 100,000 events: 26–77 ms a statement, three statements a
 * request). Here the matches of each table are a semi-join that the trigram indexes of the folded
 * texts serve (`src/db/calendarSchema/linkedSearchIndexes.ts`), and the page is read in the list's
 * order.
 *
 * Same conditions as Payload's: the folded LIKE of `src/db/foldedSearch.ts`, in the query's
 * language only (no fallback in queries), `in`/`not_in` ids, statuses, plus the caller's read scope
 * (`postReadRule.ts`). An empty id list or an unknown status leaves the list to Payload
 * (`undefined`), as does anything that sends events' reads there (`leanEventsApply`).
 * `test/api/linked-query-model.test.ts` compares both.
 */

/** Columns of the searched fields: of the translations (`l`) or of the item itself (`o`). */
const COLUMNS: Record<string, { column: string; translated: boolean }> = {
  address: { column: 'address', translated: false },
  city: { column: 'city', translated: false },
  descriptionText: { column: 'description_text', translated: true },
  email: { column: 'email', translated: false },
  excerpt: { column: 'excerpt', translated: true },
  name: { column: 'name', translated: true },
  phone: { column: 'phone', translated: false },
  province: { column: 'province', translated: false },
  state: { column: 'state', translated: false },
  stateProvince: { column: 'state_province', translated: false },
  website: { column: 'website', translated: false },
  zip: { column: 'zip', translated: false },
}

type Statement = { text: string; values: unknown[] }
type Param = (value: unknown) => string

/**
 * One of the fields contains every pattern; a hidden field only in the items the caller unlocks.
 * Each table's matches are a set of ids read once through its trigram indexes.
 */
function searchSql(query: LinkedQuery, param: Param): string | undefined {
  const { kind, search } = query
  if (!search || search.fields.some((field) => !COLUMNS[field])) return undefined
  const branches = {
    own: { hidden: [] as string[], open: [] as string[] },
    translated: { hidden: [] as string[], open: [] as string[] },
  }
  for (const field of search.fields) {
    const { column, translated } = COLUMNS[field]!
    const likes = search.patterns.map(
      (pattern) =>
        `calendar_search_fold(${translated ? 'l' : 'o'}.${column}) LIKE calendar_search_fold(${param(pattern)})`,
    )
    const hidden = query.unlock !== true && search.hidden.includes(field)
    branches[translated ? 'translated' : 'own'][hidden ? 'hidden' : 'open'].push(
      `(${likes.join(' AND ')})`,
    )
  }
  const translatedIds = (likes: string[]) =>
    `v.id IN (SELECT l._parent_id FROM ${kind}_locales l WHERE l._locale = ${param(query.locale)}::_locales AND (${likes.join(' OR ')}))`
  const ownIds = (likes: string[]) =>
    `v.id IN (SELECT o.id FROM ${kind} o WHERE ${likes.join(' OR ')})`
  const sides: string[] = []
  if (branches.translated.open.length) sides.push(translatedIds(branches.translated.open))
  if (branches.own.open.length) sides.push(ownIds(branches.own.open))
  const hidden = [
    ...(branches.translated.hidden.length ? [translatedIds(branches.translated.hidden)] : []),
    ...(branches.own.hidden.length ? [ownIds(branches.own.hidden)] : []),
  ]
  if (hidden.length && query.unlock !== true)
    sides.push(`(${unlockedSql(query.unlock.password, 'v', param)} AND (${hidden.join(' OR ')}))`)
  return sides.length ? `(${sides.join(' OR ')})` : 'false'
}

/** The query as the WHERE of one statement on `{kind} v` with the read scope `scope`, or `undefined` when Payload must read it. */
export function linkedSql(query: LinkedQuery, scope: PostReadRule): Statement | undefined {
  const values: unknown[] = []
  const param: Param = (value) => `$${values.push(value)}`
  const { kind, statuses } = query
  const conditions: string[] = []
  if (statuses) {
    if (!statuses.length || !statuses.every((status) => POST_STATUSES.includes(status)))
      return undefined
    conditions.push(`v.status = ANY(${param(statuses)}::enum_${kind}_status[])`)
  } else conditions.push(`v.status <> ${param('trash')}::enum_${kind}_status`)
  if (query.search) {
    const search = searchSql(query, param)
    if (search === undefined) return undefined
    conditions.push(search)
  }
  for (const { ids, not } of query.idFilters) {
    if (!ids.length || !ids.every((id) => Number.isInteger(Number(id)))) return undefined
    const list = param(ids.map(Number))
    conditions.push(not ? `v.id <> ALL(${list}::int[])` : `v.id = ANY(${list}::int[])`)
  }
  if (!scope.everything) conditions.push(readScopeSql(scope, 'v', param))
  return { text: conditions.join(' AND '), values }
}

/** The WHERE of `query` with the caller's read scope, or `undefined` when only Payload may read it. */
function leanWhere(ctx: CalendarContext, query: LinkedQuery): Statement | undefined {
  if (!leanEventsApply(ctx)) return undefined
  const scope = postReadRule(ctx, query.kind)
  const localization = ctx.payload.config.localization
  if (!scope || !localization || !(localization.localeCodes as string[]).includes(query.locale))
    return undefined
  return linkedSql(query, scope)
}

/**
 * The ids of page `page` of `limit` items of `query`, newest first by post date, ties by id
 * (`ties`, as the controller sorts them); `undefined` when Payload must read the page.
 */
export async function leanLinkedPageIds(
  ctx: CalendarContext,
  query: LinkedQuery,
  { limit, page, ties }: { limit: number; page: number; ties: '-id' | 'id' },
): Promise<number[] | undefined> {
  const where = leanWhere(ctx, query)
  if (!where) return undefined
  const { values } = where
  const text = `SELECT v.id FROM ${query.kind} v WHERE ${where.text}
    ORDER BY v.post_date DESC, v.id ${ties === 'id' ? 'ASC' : 'DESC'} LIMIT $${values.push(limit)}::int OFFSET $${values.push((page - 1) * limit)}::bigint`
  const { rows } = await poolOf(ctx.payload)!.query<{ id: number }>({ text, values })
  return rows.map((row) => Number(row.id))
}

/** How many items match `query`; `undefined` when Payload must count them. */
export async function leanLinkedCount(
  ctx: CalendarContext,
  query: LinkedQuery,
): Promise<number | undefined> {
  const where = leanWhere(ctx, query)
  if (!where) return undefined
  const { rows } = await poolOf(ctx.payload)!.query<{ count: string }>({
    text: `SELECT count(*) AS count FROM ${query.kind} v WHERE ${where.text}`,
    values: where.values,
  })
  return Number(rows[0]!.count)
}
