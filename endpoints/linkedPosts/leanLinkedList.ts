import type { Where } from 'payload'

import type { CalendarContext } from '../../src/calendar/context'
import type { LinkedKind } from './params'

import { foldedPatternOf } from '../../src/db/foldedSearch'
import { poolOf } from '../../src/db/pool'
import { POST_STATUSES } from '../../src/lib/statuses'
import { leanEventsApply } from '../../src/calendar/events/leanEvent'
import { postReadRule, unlockedItemsSql } from '../../src/calendar/postReadRule'

/*
 * A searched venue or organizer list (`linkedPostController.ts`) in SQL written from the very
 * conditions the controller gives Payload, as `events/leanList.ts` does for events. Payload writes
 * the search (`findLikeCondition`, `searchConditions.ts`) as one OR over the translation's texts and
 * the item's own, across its join of the translations, then `SELECT DISTINCT`: no index can serve
 * an OR over two tables, so every request folded every text of every item (5,000 venues at 100,000
 * events: 26–77 ms a statement, three statements a request). Here the matches of each table are a
 * semi-join that the trigram indexes of the folded texts serve
 * (`src/db/calendarSchema/linkedSearchIndexes.ts`), and the page is read in the list's order.
 *
 * Same conditions as Payload's: the folded LIKE of `src/db/foldedSearch.ts`, in the request's
 * language only (no fallback in queries), `in`/`not_in` ids, statuses, plus the read access
 * (`postReadRule.ts`). Any other condition leaves the list to Payload (`undefined`), as does
 * anything that sends events' reads there (`leanEventsApply`). `test/api/events-read-lean.test.ts`
 * compares both.
 */

/** Columns of the searched fields: of the translations (`l`) or of the item itself (`v`). */
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
 * `{ or: [{ and: [{ field: folded }, …] }, …] }`: one of the fields has every fragment; a field that
 * protected items hide from the caller ends its list with the caller's unlocking rule
 * (`findLikeCondition`), and is compared only in the items the caller unlocks.
 */
function searchSql(
  kind: LinkedKind,
  or: unknown,
  param: Param,
  locale: string,
): string | undefined {
  if (!Array.isArray(or) || !or.length) return undefined
  // Per table (translations or the item's own), the branches open to the caller and those behind the lock.
  const branches = {
    own: { hidden: [] as string[], open: [] as string[] },
    translated: { hidden: [] as string[], open: [] as string[] },
  }
  let lock: unknown
  for (const branch of or as Where[]) {
    const listed = (branch as { and?: unknown }).and
    if (Object.keys(branch).length !== 1 || !Array.isArray(listed) || !listed.length)
      return undefined
    const locked = listed.length > 1 && unlockedItemsSql(listed.at(-1), 'v', () => '') !== undefined
    if (locked && lock !== undefined && JSON.stringify(lock) !== JSON.stringify(listed.at(-1)))
      return undefined
    if (locked) lock = listed.at(-1)
    const fragments = locked ? listed.slice(0, -1) : listed
    let field: string | undefined
    const likes: string[] = []
    for (const fragment of fragments as Where[]) {
      const entries = Object.entries(fragment)
      if (entries.length !== 1) return undefined
      const [name, operand] = entries[0]!
      const folded = foldedPatternOf((operand as { equals?: unknown } | undefined)?.equals)
      const column = COLUMNS[name]
      if (
        !folded ||
        folded.exclude ||
        !column ||
        (field !== undefined && field !== name) ||
        Object.keys(operand as object).length !== 1
      )
        return undefined
      field = name
      likes.push(
        `calendar_search_fold(${column.translated ? 'l' : 'o'}.${column.column}) LIKE calendar_search_fold(${param(folded.pattern)})`,
      )
    }
    if (field === undefined) return undefined
    branches[COLUMNS[field]!.translated ? 'translated' : 'own'][locked ? 'hidden' : 'open'].push(
      `(${likes.join(' AND ')})`,
    )
  }
  // Each side a set of ids read once (through its trigram indexes), whatever the order the page is read in.
  const translatedIds = (likes: string[]) =>
    `v.id IN (SELECT l._parent_id FROM ${kind}_locales l WHERE l._locale = ${param(locale)}::_locales AND (${likes.join(' OR ')}))`
  const ownIds = (likes: string[]) =>
    `v.id IN (SELECT o.id FROM ${kind} o WHERE ${likes.join(' OR ')})`
  const sides: string[] = []
  if (branches.translated.open.length) sides.push(translatedIds(branches.translated.open))
  if (branches.own.open.length) sides.push(ownIds(branches.own.open))
  const hidden = [
    ...(branches.translated.hidden.length ? [translatedIds(branches.translated.hidden)] : []),
    ...(branches.own.hidden.length ? [ownIds(branches.own.hidden)] : []),
  ]
  if (hidden.length)
    sides.push(`(${unlockedItemsSql(lock, 'v', param)} AND (${hidden.join(' OR ')}))`)
  return `(${sides.join(' OR ')})`
}

function conditionSql(
  kind: LinkedKind,
  where: Where,
  param: Param,
  locale: string,
): string | undefined {
  const entries = Object.entries(where)
  if (entries.length !== 1) return undefined
  const [field, value] = entries[0]!
  if (field === 'or') return searchSql(kind, value, param, locale)
  if (field === 'and' && Array.isArray(value)) {
    const parts = (value as Where[]).map((inner) => conditionSql(kind, inner, param, locale))
    return parts.length && parts.every((part) => part !== undefined)
      ? `(${parts.join(' AND ')})`
      : undefined
  }
  const operators = Object.entries((value ?? {}) as Record<string, unknown>)
  if (operators.length !== 1) return undefined
  const [operator, operand] = operators[0]!
  if (field === 'status') {
    const known = (list: unknown[]) =>
      list.every((status) => (POST_STATUSES as readonly unknown[]).includes(status))
    if (operator === 'in' && Array.isArray(operand) && operand.length && known(operand))
      return `v.status = ANY(${param(operand)}::enum_${kind}_status[])`
    if (operator === 'not_equals' && known([operand]))
      return `v.status <> ${param(operand)}::enum_${kind}_status`
    return undefined
  }
  if (
    field === 'id' &&
    Array.isArray(operand) &&
    operand.length &&
    operand.every((id) => Number.isInteger(Number(id)))
  ) {
    const ids = param(operand.map(Number))
    if (operator === 'in') return `v.id = ANY(${ids}::int[])`
    if (operator === 'not_in') return `v.id <> ALL(${ids}::int[])`
  }
  return undefined
}

/** The WHERE of `and` with the caller's read access, or `undefined` when only Payload may read it. */
function whereSql(ctx: CalendarContext, kind: LinkedKind, and: Where[]): Statement | undefined {
  if (!leanEventsApply(ctx)) return undefined
  const rule = postReadRule(ctx, kind)
  const localization = ctx.payload.config.localization
  const locale =
    typeof ctx.req.locale === 'string' && ctx.req.locale !== 'all'
      ? ctx.req.locale
      : ctx.options.defaultLanguage
  if (!rule || !localization || !(localization.localeCodes as string[]).includes(locale))
    return undefined
  const values: unknown[] = []
  const param: Param = (value) => `$${values.push(value)}`
  const conditions: string[] = []
  for (const where of and) {
    const condition = conditionSql(kind, where, param, locale)
    if (condition === undefined) return undefined
    conditions.push(condition)
  }
  if (!rule.everything)
    conditions.push(
      `(v.status = 'publish'${rule.author === null ? '' : ` OR v.author_id = ${param(rule.author)}::int`})`,
    )
  return { text: conditions.join(' AND ') || 'true', values }
}

/**
 * The ids of page `page` of `limit` items matching `and`, newest first by post date, ties by id
 * (`ties`, as the controller sorts them); `undefined` when Payload must read the page.
 */
export async function leanLinkedPageIds(
  ctx: CalendarContext,
  kind: LinkedKind,
  and: Where[],
  { limit, page, ties }: { limit: number; page: number; ties: '-id' | 'id' },
): Promise<number[] | undefined> {
  const where = whereSql(ctx, kind, and)
  if (!where) return undefined
  const { values } = where
  const text = `SELECT v.id FROM ${kind} v WHERE ${where.text}
    ORDER BY v.post_date DESC, v.id ${ties === 'id' ? 'ASC' : 'DESC'} LIMIT $${values.push(limit)}::int OFFSET $${values.push((page - 1) * limit)}::int`
  const { rows } = await poolOf(ctx.payload)!.query<{ id: number }>({ text, values })
  return rows.map((row) => Number(row.id))
}

/** How many items match `and`; `undefined` when Payload must count them. */
export async function leanLinkedCount(
  ctx: CalendarContext,
  kind: LinkedKind,
  and: Where[],
): Promise<number | undefined> {
  const where = whereSql(ctx, kind, and)
  if (!where) return undefined
  const { rows } = await poolOf(ctx.payload)!.query<{ count: string }>({
    text: `SELECT count(*) AS count FROM ${kind} v WHERE ${where.text}`,
    values: where.values,
  })
  return Number(rows[0]!.count)
}
