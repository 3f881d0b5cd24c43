import type { Where } from 'payload'

export type Condition = Record<string, Record<string, unknown>>

/** The fields the events list's quick filters set, each with the operator it uses. */
export const QUICK_FILTER_OPERATORS: Record<string, string> = {
  categories: 'in',
  endDate: 'greater_than_equal',
  startDate: 'less_than_equal',
  status: 'equals',
  venue: 'equals',
}

/**
 * The list's where clause in the shape Payload's own filter builder writes (`or[0].and[]`), so
 * that the quick filters, the "Filters" panel and the calendar export see the same conditions.
 */
export function conditionsOf(where: undefined | Where): Condition[] {
  const and =
    (where?.or as Where[] | undefined)?.[0]?.and ?? (where?.and as Where[] | undefined) ?? []
  return and as Condition[]
}

/** The value a quick filter set on `field`, or '' when it set none. */
export function quickFilterValue(conditions: Condition[], field: string): string {
  const operator = QUICK_FILTER_OPERATORS[field]!
  const found = conditions.find((condition) => condition[field]?.[operator] !== undefined)
  const value = found?.[field]?.[operator]
  return Array.isArray(value)
    ? String(value[0] ?? '')
    : value === undefined || value === null
      ? ''
      : String(value)
}
