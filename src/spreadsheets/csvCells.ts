/**
 * What a cell says, as the original reads it: a flag is true for `yes`, `true` or `1` (whatever
 * the case), and nothing else; a list is split at commas.
 */
export const isYes = (cell: string): boolean =>
  ['yes', 'true', '1'].includes(cell.trim().toLowerCase())

export const listOf = (cell: string): string[] =>
  cell
    .split(',')
    .map((part) => part.trim())
    .filter(Boolean)

/**
 * Spreadsheet apps run a cell that starts with `=`, `+`, `-` or `@` as a formula: an export puts
 * a `'` before such a cell (OWASP's advice), and an import takes it away again.
 */
const FORMULA_START = /^[=+\-@]/

export const asExportedCell = (text: string): string =>
  FORMULA_START.test(text) ? `'${text}` : text

export const asImportedCell = (text: string): string =>
  text.startsWith("'") && FORMULA_START.test(text.slice(1)) ? text.slice(1) : text
