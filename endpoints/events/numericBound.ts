import { isWithinDateRange } from '../../src/lib/dateRange'
import { isPhpNumericText } from '../../src/lib/phpNumeric'

/**
 * How the original reads a number given as one of the events list's date bounds
 * (`docs/compatibility.md`, "Events list date window"). Any numeric text passes its `is_time`
 * rule. A whole number (`5`, `1.0`, `1e3`, `+5`, ` 5`) is a Unix timestamp, which it then builds
 * as `@` and the text: only digits with an optional minus, up to six decimals and white space
 * after them make a date, and the others (`1e3`, `+5`, ` 5`, `5.`) make none, so the bound is
 * dropped. A number that is not whole (`1.5`) is read as any other text (strtotime reads it as a
 * time of day), and dropped when it names nothing.
 */
export type NumericBound =
  { kind: 'dropped' } | { kind: 'text' } | { kind: 'timestamp'; seconds: number; zero: boolean }

const AT_TIMESTAMP = /^-?\d+(?:\.\d{1,6})?[ \t\n\r\v\f]*$/

/** Beyond PHP's integers a number is no timestamp. */
const PHP_INT_LIMIT = 2 ** 63

/** null: not a numeric text (read as any other text). */
export function readNumericBound(value: unknown): NumericBound | null {
  const text = typeof value === 'number' ? String(value) : value
  if (!isPhpNumericText(text)) return null
  const number = Number(text.trim())
  if (!Number.isInteger(number) || Math.abs(number) >= PHP_INT_LIMIT) return { kind: 'text' }
  if (!AT_TIMESTAMP.test(text)) return { kind: 'dropped' }
  // PHP's `empty()` calls only the text `0` empty: the original then takes today instead.
  return { kind: 'timestamp', seconds: number, zero: text === '0' }
}

/**
 * Whether the list can read this numeric bound: a timestamp beyond the years the calendar holds
 * (`dateRange.ts`) is refused as unparseable input rather than compared with the events.
 */
export const isReadableNumericBound = (bound: NumericBound): boolean =>
  bound.kind !== 'timestamp' || isWithinDateRange(new Date(bound.seconds * 1000))
