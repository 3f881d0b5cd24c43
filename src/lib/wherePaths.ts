import type { FlattenedField, Payload, SanitizedCollectionConfig, Where } from 'payload'

import { fieldsQueriedBy } from './revisionFields'

/** What a dotted path of a `where` or `sort` names, as far as the request guards need it. */
export type ResolvedPath = {
  /** The field at the end of the path, or `id` of the collection the path ends in. */
  end?:
    | { field: FlattenedField; owner: SanitizedCollectionConfig }
    | { id: true; owner: SanitizedCollectionConfig }
  /**
   * The path up to the first field kept in a table of its own (a relationship into its related
   * collection or with many values, an array, blocks, a field with many values): what Postgres
   * has to join to compare the path. Absent for a path within the collection's own row.
   */
  joined?: string
}

/**
 * The field a path names in `collection`: through groups, tabs, arrays and blocks, a locale code
 * after a localized field, and single-collection relationships into the related collection's
 * fields; a revision's paths through a revision's fields (`src/lib/revisionFields.ts`). Payload
 * reads `__` in a path as `.` (`venue__name`), and so does this.
 */
export function resolveWherePath(
  payload: Payload,
  collection: SanitizedCollectionConfig,
  path: string,
): ResolvedPath {
  const segments = path.replace(/__/g, '.').split('.')
  let fields: FlattenedField[] = fieldsQueriedBy(payload, collection, segments[0]!)
  let owner: SanitizedCollectionConfig = collection
  let joined: string | undefined
  const locales = new Set((payload.config.localization || undefined)?.localeCodes ?? [])
  for (let index = 0; index < segments.length; index++) {
    const segment = segments[index]!
    const last = index === segments.length - 1
    if (segment === 'id' && last) return { end: { id: true, owner }, joined }
    const field = fields.find((candidate) => 'name' in candidate && candidate.name === segment)
    if (!field) return { joined }
    if (!joined && keptApart(field, last)) joined = segments.slice(0, index + 1).join('.')
    const next = segments[index + 1]
    const onlyLocaleLeft =
      next !== undefined &&
      index + 1 === segments.length - 1 &&
      locales.has(next) &&
      'localized' in field &&
      field.localized
    if (last || onlyLocaleLeft) return { end: { field, owner }, joined }
    if (field.type === 'group' || field.type === 'tab' || field.type === 'array') {
      fields = field.flattenedFields
    } else if (field.type === 'blocks') {
      fields = (field.blocks ?? []).flatMap((block) => block.flattenedFields ?? [])
    } else if (
      (field.type === 'relationship' || field.type === 'upload') &&
      typeof field.relationTo === 'string'
    ) {
      const related = payload.collections[field.relationTo]?.config
      if (!related) return { joined }
      owner = related
      fields = related.flattenedFields
    } else {
      return { joined }
    }
  }
  return { joined }
}

/** Whether comparing this field (at the end of a path, or crossed by it) takes a join. */
function keptApart(field: FlattenedField, last: boolean): boolean {
  if (field.type === 'array' || field.type === 'blocks') return true
  if (field.type === 'relationship' || field.type === 'upload')
    return !last || Boolean(field.hasMany) || Array.isArray(field.relationTo)
  return 'hasMany' in field && Boolean(field.hasMany)
}

/** Payload reads `and` and `or` in any case (`@payloadcms/drizzle`, `parseParams`). */
const isAndOr = (key: string) => /^(and|or)$/i.test(key)

/**
 * Every `{path: {operator: value}}` of a where, through its `and`/`or` lists (also when a query
 * string made a list of more than Payload's parser's 1,000 items an object), with the depth of
 * `and`/`or` it sits at. `tooDeep` is called instead of going deeper than `maxDepth`.
 */
export function visitWhere(
  where: Where,
  onCondition: (path: string, operator: string, value: unknown) => void,
  maxDepth: number,
  tooDeep: () => never,
  depth = 0,
): void {
  if (depth > maxDepth) tooDeep()
  for (const [key, condition] of Object.entries(where)) {
    if (isAndOr(key) && condition && typeof condition === 'object') {
      for (const nested of Object.values(condition))
        if (nested && typeof nested === 'object')
          visitWhere(nested as Where, onCondition, maxDepth, tooDeep, depth + 1)
      continue
    }
    if (!condition || typeof condition !== 'object' || Array.isArray(condition)) continue
    for (const [operator, value] of Object.entries(condition)) onCondition(key, operator, value)
  }
}

/** The values of a list operator: an array, comma-separated text, or the object a long list becomes in a query string. */
export function listValuesOf(value: unknown): unknown[] {
  if (Array.isArray(value)) return value
  if (typeof value === 'string') return value.split(',')
  if (value && typeof value === 'object') return Object.values(value)
  return [value]
}

/**
 * `where` with each `{path: {operator: value}}` condition replaced by what `map` makes of it,
 * through its `and`/`or` lists as `visitWhere` walks them (whose depth it has bounded first).
 */
export function mapWhereConditions(
  where: Where,
  map: (path: string, condition: Record<string, unknown>) => Record<string, unknown>,
): Where {
  const inner = (nested: unknown) =>
    nested && typeof nested === 'object' ? mapWhereConditions(nested as Where, map) : nested
  const out: Record<string, unknown> = {}
  for (const [key, condition] of Object.entries(where)) {
    if (isAndOr(key) && condition && typeof condition === 'object') {
      out[key] = Array.isArray(condition)
        ? condition.map(inner)
        : Object.fromEntries(
            Object.entries(condition).map(([index, nested]) => [index, inner(nested)]),
          )
      continue
    }
    out[key] =
      !condition || typeof condition !== 'object' || Array.isArray(condition)
        ? condition
        : map(key, condition as Record<string, unknown>)
  }
  return out as Where
}
