import type { Where } from 'payload'

import { sql } from '@payloadcms/db-postgres'
import { randomUUID } from 'node:crypto'

/*
 * Every list's `search` compares without regard to case or accents, as the original's database
 * collation (utf8mb4_unicode_520_ci) makes its LIKE do: `JÀZZ` finds Jazz. Payload's `where` has
 * no operator for that, so a search condition is an `equals` whose value carries a mark that no
 * request can forge (a private-use character and a random id of this process), and the adapter's
 * `equals` operator, wrapped in `payloadInternals/foldedSearchPatch.ts`, reads such a value as a
 * LIKE pattern and compares both sides through `calendar_search_fold` (`src/db/calendarSchema/searchIndexes.ts`: lower case without
 * accents, where the server has unaccent), whose trigram indexes serve the events' search. The
 * column stays the one Payload resolves (a translation's, a joined table's), and the condition
 * joins the others of the query, access rules included.
 */

const MARK = `\u{E000}${randomUUID()}\u{E000}`
const INCLUDE = `${MARK}+`
const EXCLUDE = `${MARK}-`

/**
 * `field` contains `pattern` (a LIKE pattern, `containsPattern`), or with `exclude` does not
 * (an empty field does not contain it).
 */
export function foldedLike(field: string, pattern: string, { exclude = false } = {}): Where {
  return { [field]: { equals: `${exclude ? EXCLUDE : INCLUDE}${pattern}` } }
}

/**
 * What a value `foldedLike` marked asks (its LIKE pattern, and whether it excludes), or null for any
 * other value.
 */
export function foldedPatternOf(value: unknown): { exclude: boolean; pattern: string } | null {
  if (typeof value !== 'string' || !value.startsWith(MARK)) return null
  return { exclude: value.startsWith(EXCLUDE), pattern: value.slice(INCLUDE.length) }
}

/** The SQL of a marked value, or null for any other value (`payloadInternals/foldedSearchPatch.ts`). */
export function foldedCondition(column: unknown, value: unknown): unknown {
  const folded = foldedPatternOf(value)
  if (!folded) return null
  if (folded.exclude)
    return sql`coalesce(calendar_search_fold(${column}), '') NOT LIKE calendar_search_fold(${folded.pattern})`
  return sql`calendar_search_fold(${column}) LIKE calendar_search_fold(${folded.pattern})`
}
