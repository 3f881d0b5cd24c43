import type { CollectionBeforeOperationHook, FlattenedField, Payload, SanitizedCollectionConfig, Where } from 'payload'

import { APIError } from 'payload'

import { hasSerialIds, isInt4 } from '../lib/databaseIds'
import { dateValueProblem } from '../lib/dateRange'
import { withoutNul } from '../lib/withoutNul'

/** Operators Payload implements for point fields only; on any other field its Postgres adapter throws. */
const GEO_OPERATORS = new Set(['intersects', 'near', 'within'])
/** Operators whose values the database compares with the column, so they must be of its type. */
const COMPARING_OPERATORS = new Set(['equals', 'not_equals', 'in', 'not_in', 'all', 'greater_than', 'greater_than_equal', 'less_than', 'less_than_equal'])

/** Operators that match text; the database has them for text columns only. */
const TEXT_OPERATORS = new Set(['contains', 'like', 'not_like'])
/** Field types stored as text columns, which text operators apply to. */
const TEXT_FIELDS = new Set(['code', 'email', 'text', 'textarea'])

/** What a path of a `where` names, as far as the checks below need it. */
type Target = { kind: 'date' | 'id' | 'other' | 'point' | 'relation' | 'text'; hasMany?: boolean; serialIds?: boolean }

/**
 * A `where` is checked against the fields it names before it becomes SQL: geo operators apply to
 * point fields only, ids and relationships to serial-id collections compare with integers Postgres
 * can hold, dates compare with dates of the years the calendar stores; NUL characters, which
 * Postgres refuses in any text, are dropped from every value. Each of these used to reach the
 * database and come back as a 500; now a 400 names the path. Paths this does not resolve are left
 * to Payload, which refuses unknown ones itself.
 */
export const refuseUnqueryableWhere: CollectionBeforeOperationHook = ({ args, collection, req }) => {
  const where = (args as { where?: Where }).where
  if (!where || typeof where !== 'object') return args
  const cleaned = withoutNul(where) as Where
  const problems: string[] = []
  visit(cleaned, (path, operator, value) => {
    const problem = conditionProblem(targetOf(req.payload, collection, path), operator, value)
    if (problem) problems.push(`${path}: ${problem}`)
  })
  if (problems.length) throw new APIError(`The query cannot be run. ${problems.slice(0, 5).join(' ')}`, 400, null, true)
  return { ...args, where: cleaned } as typeof args
}

/** Every `{path: {operator: value}}` of a where, through its `and`/`or` lists. */
function visit(where: Where, onCondition: (path: string, operator: string, value: unknown) => void, depth = 0): void {
  if (depth > 32) throw new APIError('The query is nested too deeply.', 400, null, true)
  for (const [key, condition] of Object.entries(where)) {
    if ((key === 'and' || key === 'or') && Array.isArray(condition)) {
      for (const nested of condition) if (nested && typeof nested === 'object') visit(nested as Where, onCondition, depth + 1)
      continue
    }
    if (!condition || typeof condition !== 'object' || Array.isArray(condition)) continue
    for (const [operator, value] of Object.entries(condition)) onCondition(key, operator, value)
  }
}

function conditionProblem(target: Target | undefined, operator: string, value: unknown): null | string {
  if (GEO_OPERATORS.has(operator)) return target?.kind === 'point' ? null : `"${operator}" applies to point fields only.`
  if (!target) return null
  // Payload itself reads `like` on ids and relationships as `equals`.
  const comparing = COMPARING_OPERATORS.has(operator) || (operator === 'like' && (target.kind === 'id' || target.kind === 'relation'))
  if (TEXT_OPERATORS.has(operator) && !comparing && target.kind !== 'text') return `"${operator}" applies to text fields only.`
  if (!comparing) return null
  if (operator === 'all' && !target.hasMany) return '"all" applies to fields with many values only.'
  const values = valuesOf(operator, value)
  if ((target.kind === 'id' || target.kind === 'relation') && target.serialIds) {
    return values.every((item) => item === null || isInt4(typeof item === 'string' ? item.trim() : item)) ? null : 'not an id.'
  }
  if (target.kind === 'date' && !['all', 'in', 'not_in'].includes(operator)) {
    return values.every((item) => item === null || !dateValueProblem(item)) ? null : 'not a date between the years 1 and 9999.'
  }
  return null
}

/** The values one condition compares with: lists for `in`/`not_in`/`all` (also written as CSV). */
function valuesOf(operator: string, value: unknown): unknown[] {
  if (!['all', 'in', 'not_in'].includes(operator)) return [value]
  if (Array.isArray(value)) return value
  return typeof value === 'string' ? value.split(',') : [value]
}

/**
 * The field a dotted path names in this collection: through groups, tabs, arrays and blocks, a
 * locale code after a localized field, and single-collection relationships into the related
 * collection's fields.
 */
function targetOf(payload: Payload, collection: SanitizedCollectionConfig, path: string): Target | undefined {
  const segments = path.split('.')
  let fields: FlattenedField[] = collection.flattenedFields
  let owner: SanitizedCollectionConfig = collection
  const locales = new Set((payload.config.localization || undefined)?.localeCodes ?? [])
  for (let index = 0; index < segments.length; index++) {
    const segment = segments[index]!
    const last = index === segments.length - 1
    if (segment === 'id' && last) return { kind: 'id', serialIds: hasSerialIds(payload, owner.slug) }
    const field = fields.find((candidate) => 'name' in candidate && candidate.name === segment)
    if (!field) return undefined
    const next = segments[index + 1]
    const onlyLocaleLeft = next !== undefined && index + 1 === segments.length - 1 && locales.has(next) && 'localized' in field && field.localized
    if (last || onlyLocaleLeft) return targetOfField(payload, field)
    if (field.type === 'group' || field.type === 'tab' || field.type === 'array') {
      fields = field.flattenedFields
    } else if (field.type === 'blocks') {
      fields = (field.blocks ?? []).flatMap((block) => block.flattenedFields ?? [])
    } else if ((field.type === 'relationship' || field.type === 'upload') && typeof field.relationTo === 'string') {
      const related = payload.collections[field.relationTo]?.config
      if (!related) return undefined
      owner = related
      fields = related.flattenedFields
    } else {
      return undefined
    }
  }
  return undefined
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
      const serialIds = !Array.isArray(field.relationTo) && targets.every((slug) => hasSerialIds(payload, slug))
      return { kind: 'relation', hasMany: Boolean(field.hasMany), serialIds }
    }
    default:
      return { kind: TEXT_FIELDS.has(field.type) ? 'text' : 'other', hasMany: 'hasMany' in field && Boolean(field.hasMany) }
  }
}
