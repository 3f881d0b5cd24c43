import type { Where } from 'payload'

import type { CalendarContext } from '../context'

import { foldedPatternOf } from '../../db/foldedSearch'
import { poolOf } from '../../db/pool'
import { POST_STATUSES } from '../../lib/statuses'
import { CALENDAR_SLUGS } from '../../slugs'
import { postReadRule, unlockedItemsSql } from '../postReadRule'
import { leanEventsApply } from './leanEvent'

/*
 * The ids of one page of the events list in one SQL statement, from the conditions
 * `eventsListConditions` (`listQuery.ts`) writes, where `leanEvent.ts` applies (the plugin's own
 * collections and read access, Postgres). Payload writes filters on translations and related items
 * as joins, then `SELECT DISTINCT … ORDER BY … LIMIT`: at 100,000 events the planner then either
 * walks the list's index filtering every joined row or sorts every match (a search or a tag: 50–75 ms
 * a page, bench/RESULTS.md). Here each such filter is a semi-join (`IN`/`EXISTS`) that the trigram
 * and relation indexes serve, and the page is read in the list's order without a DISTINCT.
 *
 * Same conditions as Payload's, word for word (`@payloadcms/drizzle`, parseParams): a search term
 * is the folded LIKE of `src/db/foldedSearch.ts` in the request's language only (no fallback in queries), `not_equals` keeps
 * NULLs, `in` on a hasMany relationship is any link of that field, a condition on the venue's
 * fields (`geoloc=1`) sees only venues the caller may read; plus the events' read access
 * (`postReadRule.ts`). Any other condition, or an empty `in`, leaves the page to Payload
 * (`undefined`). `test/events-read-lean.test.ts` compares both for every filter.
 */

const COMPARISONS = { greater_than: '>', greater_than_equal: '>=', less_than: '<', less_than_equal: '<=' } as const
const WINDOW_COLUMNS = { endLocal: 'end_local', startLocal: 'start_local' } as const
const RELATED = { categories: 'event_categories_id', organizers: 'organizers_id', tags: 'event_tags_id' } as const
const SEARCHED = ['title', 'excerpt', 'descriptionText'] as const
const SEARCHED_COLUMNS = ['title', 'excerpt', 'description_text'] as const

type Sql = { param: (value: unknown) => string; parts: string[]; venueRule: (alias: string) => string }

/** One condition as SQL on `events e`, or `undefined` when it is not one this page reads. */
function conditionSql(where: Where, sql: Sql, locale: string): string | undefined {
  const entries = Object.entries(where)
  if (entries.length !== 1) return undefined
  const [field, value] = entries[0]!
  // A filter on what a protected event hides, for the events the caller unlocks (`filtersOnWhatIsSeen`).
  const locked = lockedOf(value)
  if (field === 'and' && locked) {
    const inner = conditionSql(locked.inner, sql, locale)
    const lock = unlockedItemsSql(locked.lock, 'e', sql.param)
    return inner === undefined || lock === undefined ? undefined : `(${inner} AND ${lock})`
  }
  if (field === 'or' || field === 'and') return searchSql(field, value as Where[], sql, locale)
  const operators = Object.entries((value ?? {}) as Record<string, unknown>)
  if (operators.length !== 1) return undefined
  const [operator, operand] = operators[0]!
  const ids = (list: unknown) => (Array.isArray(list) && list.length && list.every((id) => Number.isInteger(Number(id))) ? list.map(Number) : undefined)
  if (field === 'hideFromListings' || field === 'featured') {
    const column = field === 'featured' ? 'e.featured' : 'e.hide_from_listings'
    if (operator === 'not_equals' && operand === true) return `(${column} IS NULL OR ${column} <> true)`
    if (operator === 'equals' && operand === true) return `${column} = true`
    return undefined
  }
  // Compared as the column's own type, not as text, so that the planner uses its statistics (as text
  // it guessed 26 rows for 5,233 and chose a plan a hundred times slower); only statuses that exist.
  const statuses = (list: unknown[]) => list.every((status) => (POST_STATUSES as readonly unknown[]).includes(status))
  if (field === 'status') {
    if (operator === 'in' && Array.isArray(operand) && operand.length && statuses(operand)) return `e.status = ANY(${sql.param(operand)}::enum_events_status[])`
    if (operator === 'not_equals' && statuses([operand])) return `e.status <> ${sql.param(operand)}::enum_events_status`
    return undefined
  }
  if (field === 'id') {
    if (operator === 'in' && ids(operand)) return `e.id = ANY(${sql.param(ids(operand))}::int[])`
    if (operator === 'equals' && Number.isInteger(operand)) return `e.id = ${sql.param(operand)}::int`
    return undefined
  }
  if (field in WINDOW_COLUMNS && operator in COMPARISONS && typeof operand === 'string') {
    return `e.${WINDOW_COLUMNS[field as keyof typeof WINDOW_COLUMNS]} ${COMPARISONS[operator as keyof typeof COMPARISONS]} ${sql.param(operand)}`
  }
  if (field === 'venue' && operator === 'in' && ids(operand)) return `e.venue_id = ANY(${sql.param(ids(operand))}::int[])`
  // `geoloc=1`: the event's venue has coordinates (Payload joins the venue on the relationship's path).
  if ((field === 'venue.latitude' || field === 'venue.longitude') && operator === 'exists' && operand === true) {
    return `EXISTS (SELECT 1 FROM venues v WHERE v.id = e.venue_id AND v.${field === 'venue.latitude' ? 'latitude' : 'longitude'} IS NOT NULL AND ${sql.venueRule('v')})`
  }
  if (field in RELATED && operator === 'in' && ids(operand)) {
    const column = RELATED[field as keyof typeof RELATED]
    return `EXISTS (SELECT 1 FROM events_rels r WHERE r.parent_id = e.id AND r.path = ${sql.param(field)} AND r.${column} = ANY(${sql.param(ids(operand))}::int[]))`
  }
  return undefined
}

/** `{ and: [condition, lock] }`: a condition that holds only for the events the caller unlocks. */
function lockedOf(value: unknown): { inner: Where; lock: Where } | undefined {
  if (!Array.isArray(value) || value.length !== 2 || !value[0] || typeof value[0] !== 'object') return undefined
  return unlockedItemsSql(value[1], 'e', () => '') === undefined ? undefined : { inner: value[0] as Where, lock: value[1] as Where }
}

/**
 * One term of a search (`postSearchConditions`, `../searchConditions.ts`): found in one of the
 * searched fields of the request's language (`{ or: [{ field: folded }, …] }`), or excluded from all of
 * them (`{ and: … }`), compared folded as `src/db/foldedSearch.ts` does in Payload's queries, so that
 * the trigram indexes of the folded texts (`src/db/calendarSchema/searchFolding.ts`) serve it; a
 * field that protected events hide from the caller is compared only in the events the caller
 * unlocks (`{ and: [{ field: folded }, lock] }`). Or a visitor's "no password" (`unprotectedOr`).
 */
function searchSql(combined: 'and' | 'or', list: Where[], sql: Sql, locale: string): string | undefined {
  if (!Array.isArray(list)) return undefined
  if (combined === 'or') {
    const unprotected = unlockedItemsSql({ or: list }, 'e', sql.param)
    if (unprotected) return unprotected
  }
  if (list.length !== SEARCHED.length) return undefined
  const locks = list.map((where) => lockedOf((where as { and?: unknown }).and))
  const lockJson = locks.find((lock) => lock)?.lock
  if (locks.some((lock) => lock && JSON.stringify(lock.lock) !== JSON.stringify(lockJson))) return undefined
  const folded = list.map((where, index) => foldedPatternOf((((locks[index]?.inner ?? where) as Record<string, { equals?: unknown } | undefined>)[SEARCHED[index]!])?.equals))
  const first = folded[0]
  if (!first || folded.some((other) => other?.pattern !== first.pattern || other.exclude !== first.exclude)) return undefined
  // An excluded term is a conjunction (no field has it), an included one a disjunction.
  if (first.exclude !== (combined === 'and')) return undefined
  const pattern = `calendar_search_fold(${sql.param(first.pattern)})`
  const matches = (columns: string[]) => `SELECT l._parent_id FROM events_locales l WHERE l._locale = ${sql.param(locale)}::_locales
    AND (${columns.map((column) => `calendar_search_fold(l.${column}) LIKE ${pattern}`).join(' OR ')})`
  const open = SEARCHED_COLUMNS.filter((_, index) => !locks[index])
  const hidden = SEARCHED_COLUMNS.filter((_, index) => locks[index])
  const lock = lockJson ? unlockedItemsSql(lockJson, 'e', sql.param)! : ''
  // Payload's left join gives an event without a translation in the language NULL texts, which an exclusion keeps.
  if (first.exclude) {
    return [...(open.length ? [`NOT EXISTS (${matches(open)} AND l._parent_id = e.id)`] : []), ...(hidden.length ? [lock, `NOT EXISTS (${matches(hidden)} AND l._parent_id = e.id)`] : [])].join(' AND ')
  }
  return `(${[...(open.length ? [`e.id IN (${matches(open)})`] : []), ...(hidden.length ? [`(${lock} AND e.id IN (${matches(hidden)}))`] : [])].join(' OR ')})`
}

/** The WHERE of `and` with the caller's read access, or `undefined` when Payload must read the list. */
function leanWhere(ctx: CalendarContext, and: Where[]): { text: string; values: unknown[] } | undefined {
  if (!leanEventsApply(ctx)) return undefined
  const rule = postReadRule(ctx, CALENDAR_SLUGS.events)
  if (!rule) return undefined
  const values: unknown[] = []
  const venueRule = postReadRule(ctx, CALENDAR_SLUGS.venues)
  if (!venueRule) return undefined
  const sql: Sql = {
    param: (value) => `$${values.push(value)}`,
    parts: [],
    // A condition on the venue's fields reads the venue as the caller may (Payload's access on the joined collection).
    venueRule: (alias) => (venueRule.everything ? 'true' : `(${alias}.status = 'publish'${venueRule.author === null ? '' : ` OR ${alias}.author_id = ${sql.param(venueRule.author)}::int`})`),
  }
  const locale = typeof ctx.req.locale === 'string' && ctx.req.locale !== 'all' ? ctx.req.locale : ctx.options.defaultLanguage
  const localization = ctx.payload.config.localization
  if (!localization || !(localization.localeCodes as string[]).includes(locale)) return undefined
  const conditions: string[] = []
  for (const where of and) {
    const condition = conditionSql(where, sql, locale)
    if (condition === undefined) return undefined
    conditions.push(condition)
  }
  if (!rule.everything) conditions.push(`(e.status = 'publish'${rule.author === null ? '' : ` OR e.author_id = ${sql.param(rule.author)}::int`})`)
  return { text: conditions.join(' AND ') || 'true', values }
}

/**
 * The ids of page `page` of `limit` events matching `and` (the conditions of `eventsListConditions`),
 * in the list's order, as the caller may read them; `undefined` when Payload must read the page.
 */
export async function leanPageIds(ctx: CalendarContext, and: Where[], { limit, page }: { limit: number; page: number }): Promise<number[] | undefined> {
  const where = leanWhere(ctx, and)
  if (!where) return undefined
  const { values } = where
  const text = `SELECT e.id FROM events e WHERE ${where.text}
    ORDER BY e.start_local, e.post_date, e.id LIMIT $${values.push(limit)}::int OFFSET $${values.push((page - 1) * limit)}::int`
  const { rows } = await poolOf(ctx.payload)!.query<{ id: number }>({ text, values })
  return rows.map((row) => Number(row.id))
}

/**
 * How many events match `and`, from the same conditions: a search's matches through the trigram
 * indexes, where Payload's count joins every event of the window to its translation (77 ms for
 * `jazz` at 100,000 events); `undefined` when Payload must count them.
 */
export async function leanCount(ctx: CalendarContext, and: Where[]): Promise<number | undefined> {
  const where = leanWhere(ctx, and)
  if (!where) return undefined
  const { rows } = await poolOf(ctx.payload)!.query<{ count: string }>({ text: `SELECT count(*) AS count FROM events e WHERE ${where.text}`, values: where.values })
  return Number(rows[0]!.count)
}
