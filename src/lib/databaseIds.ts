import type { Payload } from 'payload'

/** Postgres `integer` (int4), the type of serial ids and of the columns that point at them. */
export const MIN_INT4 = -2_147_483_648
export const MAX_INT4 = 2_147_483_647

/**
 * Whether a value could be stored in an int4 column: a safe integer number, or the same written
 * in decimal digits (an optional minus, no spaces, exponents, fractions or hex). `'1.5'`,
 * `'abc'`, `'0x10'` and `99999999999` are not, and would make Postgres fail the whole query.
 */
export function isInt4(value: unknown): boolean {
  if (typeof value === 'number')
    return Number.isInteger(value) && value >= MIN_INT4 && value <= MAX_INT4
  if (typeof value !== 'string' || !/^-?\d{1,10}$/.test(value)) return false
  const number = Number(value)
  return number >= MIN_INT4 && number <= MAX_INT4
}

/**
 * Whether the collection's ids are the database's serial integers (Postgres' default), as opposed
 * to a custom `id` field or UUIDs, which keep whatever form they declare.
 */
export function hasSerialIds(payload: Payload, slug: string): boolean {
  const collection = payload.collections[slug as keyof typeof payload.collections]
  return Boolean(collection) && !collection!.customIDType && payload.db.defaultIDType === 'number'
}

/** The id a relationship holds, whether Payload returned it populated (`{ id, … }`) or as the bare id. */
export function relationId(value: unknown): null | number {
  if (value === null || value === undefined) return null
  if (typeof value === 'number') return value
  if (typeof value === 'object' && 'id' in (value as object))
    return Number((value as { id: unknown }).id)
  return Number(value)
}
