import type {
  CollectionBeforeOperationHook,
  FlattenedField,
  Payload,
  SanitizedCollectionConfig,
  Where,
} from 'payload'

import { hasSerialIds, isInt4 } from '../lib/databaseIds'
import { dateValueProblem } from '../lib/dateRange'
import { resolveWherePath, visitWhere } from '../lib/wherePaths'
import { withoutNul } from '../lib/withoutNul'
import { ClientError } from '../lib/clientError'

/** Operators Payload implements for point fields only; on any other field its Postgres adapter throws. */
const GEO_OPERATORS = new Set(['intersects', 'near', 'within'])
/** Operators whose values the database compares with the column, so they must be of its type. */
const COMPARING_OPERATORS = new Set([
  'equals',
  'not_equals',
  'in',
  'not_in',
  'all',
  'greater_than',
  'greater_than_equal',
  'less_than',
  'less_than_equal',
])

/**
 * Operators Payload accepts that its SQL adapters look up in their own table (`db.operators`):
 * one missing there (Postgres has no `all`) throws in the adapter.
 */
const ADAPTER_OPERATORS = new Set([
  'all',
  'contains',
  'equals',
  'exists',
  'greater_than',
  'greater_than_equal',
  'in',
  'less_than',
  'less_than_equal',
  'like',
  'not_equals',
  'not_in',
  'not_like',
])

/** Operators that match text; the database has them for text columns only. */
const TEXT_OPERATORS = new Set(['contains', 'like', 'not_like'])
/** Field types stored as text columns, which text operators apply to. */
const TEXT_FIELDS = new Set(['code', 'email', 'text', 'textarea'])

/** What a path of a `where` names, as far as the checks below need it. */
type Target = {
  kind: 'date' | 'id' | 'other' | 'point' | 'relation' | 'text'
  hasMany?: boolean
  serialIds?: boolean
}

/**
 * A `where` is checked against the fields it names before it becomes SQL: geo operators apply to
 * point fields only, ids and relationships to serial-id collections compare with integers Postgres
 * can hold, dates compare with dates of the years the calendar stores; NUL characters, which
 * Postgres refuses in any text, are dropped from every value. Each of these used to reach the
 * database and come back as a 500; now a 400 names the path. Paths this does not resolve are left
 * to Payload, which refuses unknown ones itself.
 */
export const refuseUnqueryableWhere: CollectionBeforeOperationHook = ({
  args,
  collection,
  req,
}) => {
  const where = (args as { where?: Where }).where
  if (!where || typeof where !== 'object') return args
  const cleaned = withoutNul(where) as Where
  const problems: string[] = []
  const operators = (req.payload.db as { operators?: Record<string, unknown> }).operators
  visitWhere(
    cleaned,
    (path, operator, value) => {
      const problem =
        operators && !(operator in operators) && ADAPTER_OPERATORS.has(operator)
          ? `"${operator}" is not supported by this database.`
          : conditionProblem(targetOf(req.payload, collection, path), operator, value)
      if (problem) problems.push(`${path}: ${problem}`)
    },
    32,
    () => {
      throw new ClientError('The query is nested too deeply.')
    },
  )
  if (problems.length)
    throw new ClientError(`The query cannot be run. ${problems.slice(0, 5).join(' ')}`)
  return { ...args, where: cleaned } as typeof args
}

function conditionProblem(
  target: Target | undefined,
  operator: string,
  value: unknown,
): null | string {
  if (GEO_OPERATORS.has(operator))
    return target?.kind === 'point' ? null : `"${operator}" applies to point fields only.`
  if (!target) return null
  // Payload itself reads `like` on ids and relationships as `equals`.
  const comparing =
    COMPARING_OPERATORS.has(operator) ||
    (operator === 'like' && (target.kind === 'id' || target.kind === 'relation'))
  if (TEXT_OPERATORS.has(operator) && !comparing && target.kind !== 'text')
    return `"${operator}" applies to text fields only.`
  if (!comparing) return null
  if (operator === 'all' && !target.hasMany) return '"all" applies to fields with many values only.'
  const values = valuesOf(operator, value)
  if ((target.kind === 'id' || target.kind === 'relation') && target.serialIds) {
    return values.every(
      (item) => item === null || isInt4(typeof item === 'string' ? item.trim() : item),
    )
      ? null
      : 'not an id.'
  }
  if (target.kind === 'date' && !['all', 'in', 'not_in'].includes(operator)) {
    return values.every((item) => item === null || !dateValueProblem(item))
      ? null
      : 'not a date between the years 1 and 9999.'
  }
  return null
}

/** The values one condition compares with: lists for `in`/`not_in`/`all` (also written as CSV). */
function valuesOf(operator: string, value: unknown): unknown[] {
  if (!['all', 'in', 'not_in'].includes(operator)) return [value]
  if (Array.isArray(value)) return value
  return typeof value === 'string' ? value.split(',') : [value]
}

/** The field a dotted path names in this collection (`src/lib/wherePaths.ts`). */
function targetOf(
  payload: Payload,
  collection: SanitizedCollectionConfig,
  path: string,
): Target | undefined {
  const { end } = resolveWherePath(payload, collection, path)
  if (!end) return undefined
  return 'id' in end
    ? { kind: 'id', serialIds: hasSerialIds(payload, end.owner.slug) }
    : targetOfField(payload, end.field)
}

function targetOfField(payload: Payload, field: FlattenedField): Target {
  switch (field.type) {
    case 'point':
      return { kind: 'point' }
    case 'date':
      return { kind: 'date' }
    case 'relationship':
    case 'upload': {
      const targets = Array.isArray(field.relationTo) ? field.relationTo : [field.relationTo]
      // Polymorphic relationships compare `{relationTo, value}` objects, which Payload reads itself.
      const serialIds =
        !Array.isArray(field.relationTo) && targets.every((slug) => hasSerialIds(payload, slug))
      return { kind: 'relation', hasMany: Boolean(field.hasMany), serialIds }
    }
    default:
      return {
        kind: TEXT_FIELDS.has(field.type) ? 'text' : 'other',
        hasMany: 'hasMany' in field && Boolean(field.hasMany),
      }
  }
}
