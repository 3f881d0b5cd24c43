/*
 * What the query caches of this folder (`relationalQueryCache.ts`, `insertQueryCache.ts`) tell
 * about the values Drizzle is given when they decide whether a query's shape can be kept.
 */

/** Drizzle's mark of its classes (`drizzle-orm/entity`). */
const ENTITY_KIND = Symbol.for('drizzle:entityKind')

/** The Drizzle kinds of `value`'s class and its ancestors (`Column`, `SQL`, `Param`, …). */
export function kindsOf(value: unknown): string[] {
  const kinds: string[] = []
  if (!value || typeof value !== 'object') return kinds
  let type = Object.getPrototypeOf(value)?.constructor as
    (Record<symbol, unknown> & { prototype?: unknown }) | undefined
  while (type) {
    const kind = type[ENTITY_KIND]
    if (typeof kind === 'string') kinds.push(kind)
    type = Object.getPrototypeOf(type) as typeof type
  }
  return kinds
}

export const isPlainObject = (value: unknown): value is Record<string, unknown> =>
  !!value && typeof value === 'object' && Object.getPrototypeOf(value) === Object.prototype

/** Thrown while reading a query's shape that cannot be kept: the query is then built as before. */
export class Unkeyable extends Error {}

export const refuse = (): never => {
  throw new Unkeyable()
}
