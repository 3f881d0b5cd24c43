import type {
  CollectionBeforeOperationHook,
  Payload,
  SanitizedCollectionConfig,
  Where,
} from 'payload'

import { listValuesOf, resolveWherePath, visitWhere } from '../lib/wherePaths'
import { ClientError } from '../lib/clientError'
import { isCallersQuery } from './context'

/**
 * The most a query written by a caller of Payload's REST API or GraphQL may ask of Postgres.
 * Each condition on a path kept in another table (`venue.name`, `categories`, an array) is a join,
 * and the planner's work grows far faster than the joins: 200 `venue.name` conditions were 80
 * seconds of planning, 300 still planning after five minutes at 1.85 GB. The admin panel's
 * filters and the calendar ask for a handful of conditions and at most three joined paths
 * (category, venue, organizer: `src/admin/calendar/calendarQuery.ts`).
 */
export const QUERY_BOUNDS = {
  /**
   * Conditions in one `where`, each word of a `like` counted (Payload compares each word), a text
   * asked of several fields counted once.
   */
  conditions: 32,
  /** Conditions (and sort fields) on paths kept in other tables: each one a join. */
  joinedConditions: 8,
  /** Distinct such paths (`venue`, `organizers`, `categories`, …). */
  joinedPaths: 4,
  /** Values of one `in`, `not_in` or `all`. */
  listValues: 500,
  /** Characters of one compared value. */
  valueLength: 1_000,
  /** Levels of `and`/`or`. */
  nesting: 8,
  /** Fields of one `sort`. */
  sortFields: 8,
  /** Keys of `select`, `populate` and `joins`, all levels counted. */
  shapeKeys: 200,
} as const

const LIST_OPERATORS = new Set(['all', 'in', 'not_in'])

export type QueryArgs = {
  joins?: unknown
  populate?: unknown
  select?: unknown
  sort?: unknown
  where?: Where
}

class TooCostly extends ClientError {
  constructor(problem: string) {
    super(`The query asks too much of the database: ${problem}`)
  }
}

/**
 * Refuses, with a 400 before any SQL, a query beyond `QUERY_BOUNDS` in every operation that takes
 * one (find, count, findByID, bulk update and delete, versions, distinct values), when a caller
 * wrote it (`isCallersQuery`). Queries the calendar's own code builds (the compatibility API,
 * feeds, access rules) are bounded where they are built; an endpoint that passes a caller's
 * `where` on (the spreadsheet export) may ask `refuseCostlyQuery` first, to answer in its own shape
 * before it waits for anything.
 */
export const refuseCostlyQueries: CollectionBeforeOperationHook = ({ args, collection, req }) => {
  if (!isCallersQuery(req, args as { overrideAccess?: boolean })) return args
  refuseCostlyQuery(req.payload, collection, args as QueryArgs)
  return args
}

/** Throws a 400 (`ClientError`) when a caller's query of `collection` goes beyond `QUERY_BOUNDS`. */
export function refuseCostlyQuery(
  payload: Payload,
  collection: SanitizedCollectionConfig,
  query: QueryArgs,
): void {
  const joined = new JoinCount()
  if (query.where && typeof query.where === 'object')
    checkWhere(payload, collection, query.where, joined)
  if (query.sort !== undefined) checkSort(payload, collection, query.sort, joined)
  for (const name of ['select', 'populate', 'joins'] as const) {
    if (query[name] !== undefined && keysIn(query[name]) > QUERY_BOUNDS.shapeKeys)
      throw new TooCostly(`\`${name}\` names more than ${QUERY_BOUNDS.shapeKeys} fields.`)
  }
}

/** The joins a query asks for: conditions on joined paths, and the distinct paths. */
class JoinCount {
  private conditions = 0
  private readonly paths = new Set<string>()

  add(path: string | undefined): void {
    if (!path) return
    this.paths.add(path)
    if (++this.conditions > QUERY_BOUNDS.joinedConditions) {
      throw new TooCostly(
        `more than ${QUERY_BOUNDS.joinedConditions} conditions on related items, many values or lists (each one a join).`,
      )
    }
    if (this.paths.size > QUERY_BOUNDS.joinedPaths)
      throw new TooCostly(
        `conditions on more than ${QUERY_BOUNDS.joinedPaths} related collections or lists.`,
      )
  }
}

function checkWhere(
  payload: Payload,
  collection: SanitizedCollectionConfig,
  where: Where,
  joined: JoinCount,
): void {
  let conditions = 0
  // A search box's text is asked of several fields at once (the admin panel's lists, a site's own
  // search): its words are counted once, each further field it is asked of as one condition.
  const likeTexts = new Set<string>()
  visitWhere(
    where,
    (path, operator, value) => {
      const firstAsked = operator === 'like' && typeof value === 'string' && !likeTexts.has(value)
      if (firstAsked) likeTexts.add(value)
      conditions += firstAsked ? Math.max(1, value.split(' ').length) : 1
      if (conditions > QUERY_BOUNDS.conditions)
        throw new TooCostly(`more than ${QUERY_BOUNDS.conditions} conditions.`)
      const values = LIST_OPERATORS.has(operator) ? listValuesOf(value) : [value]
      if (values.length > QUERY_BOUNDS.listValues)
        throw new TooCostly(`"${operator}" with more than ${QUERY_BOUNDS.listValues} values.`)
      if (values.some((item) => longestText(item) > QUERY_BOUNDS.valueLength))
        throw new TooCostly(`a value longer than ${QUERY_BOUNDS.valueLength} characters.`)
      joined.add(resolveWherePath(payload, collection, path).joined)
    },
    QUERY_BOUNDS.nesting,
    () => {
      throw new TooCostly(`more than ${QUERY_BOUNDS.nesting} levels of "and"/"or".`)
    },
  )
}

/** `sort` as REST (`-startDate,title`) and GraphQL (a string) pass it, or as a list. */
function checkSort(
  payload: Payload,
  collection: SanitizedCollectionConfig,
  sort: unknown,
  joined: JoinCount,
): void {
  const fields = (Array.isArray(sort) ? sort : [sort]).flatMap((item) =>
    typeof item === 'string' ? item.split(',') : [item],
  )
  if (fields.length > QUERY_BOUNDS.sortFields)
    throw new TooCostly(`more than ${QUERY_BOUNDS.sortFields} sort fields.`)
  for (const field of fields) {
    if (typeof field !== 'string') continue
    if (field.length > QUERY_BOUNDS.valueLength)
      throw new TooCostly(`a sort field longer than ${QUERY_BOUNDS.valueLength} characters.`)
    joined.add(resolveWherePath(payload, collection, field.trim().replace(/^-/, '')).joined)
  }
}

/** The longest text within a value (a point's coordinates, a polymorphic relationship's `{relationTo, value}`); past 1,000 parts, too long. */
function longestText(value: unknown): number {
  let longest = 0
  let parts = 0
  const stack: unknown[] = [value]
  while (stack.length) {
    const item = stack.pop()
    if (++parts > 1_000) return Infinity
    if (typeof item === 'string') longest = Math.max(longest, item.length)
    else if (item && typeof item === 'object')
      for (const [key, nested] of Object.entries(item)) stack.push(key, nested)
  }
  return longest
}

/** Keys of an object at every level (`select[a][b]=true` is two), counted no further than just past the bound. */
function keysIn(value: unknown): number {
  let keys = 0
  const stack: unknown[] = [value]
  while (stack.length && keys <= QUERY_BOUNDS.shapeKeys) {
    const item = stack.pop()
    if (!item || typeof item !== 'object') continue
    for (const key in item) {
      if (++keys > QUERY_BOUNDS.shapeKeys) break
      stack.push((item as Record<string, unknown>)[key])
    }
  }
  return keys
}
