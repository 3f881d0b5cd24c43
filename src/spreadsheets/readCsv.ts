import { CsvError as ParseError, parse } from 'csv-parse/sync'

import { TEXT_LIMITS } from '../lib/textLimits'

/** The largest file read (10 MB, as an iCalendar feed): the whole of it is held while it is imported. */
export const MAX_CSV_BYTES = 10 * 1024 * 1024
/** Rows of one file, the header aside; an export of more is refused as well, so that any export imports. */
export const MAX_CSV_ROWS = 5000
/** The longest cell: a description's bound (`TEXT_LIMITS.description`). */
export const MAX_CSV_CELL = TEXT_LIMITS.description

/** A file that is not a CSV this importer reads; its message says why, for the person who sent it. */
export class CsvFileError extends Error {
  override name = 'CsvFileError'
}

export type CsvTable = {
  header: string[]
  /** Each row with its number as a spreadsheet shows it (the header is row 1). */
  rows: { number: number; cells: string[] }[]
}

/**
 * The rows of a CSV file, refused whole when it is not one: too large, not text, quotes left
 * open, more rows than the bound. Read as UTF-8 (a byte-order mark dropped), or as Windows-1252
 * when it is not UTF-8 (the original converts such files to UTF-8 too); the delimiter is the
 * comma, or the semicolon or tab when the header has those and no comma (spreadsheets in many
 * languages save so).
 */
export function readCsv(bytes: Uint8Array): CsvTable {
  if (bytes.byteLength > MAX_CSV_BYTES)
    throw new CsvFileError(`The file is larger than ${MAX_CSV_BYTES / 1024 / 1024} MB.`)
  if (bytes.includes(0)) throw new CsvFileError('The file is not text: it is not a CSV file.')
  const text = decode(bytes)
  const firstLine = text.slice(0, text.search(/\r?\n|$/))
  const delimiter = firstLine.includes(',')
    ? ','
    : firstLine.includes(';')
      ? ';'
      : firstLine.includes('\t')
        ? '\t'
        : ','
  let records: string[][]
  try {
    records = parse(text, {
      bom: true,
      delimiter,
      // Rows shorter or longer than the header are read as far as they go, as the original does.
      relax_column_count: true,
      skip_empty_lines: true,
      max_record_size: MAX_CSV_CELL * 2,
      to: MAX_CSV_ROWS + 2,
    }) as string[][]
  } catch (error) {
    if (error instanceof ParseError)
      throw new CsvFileError(`The file is not a readable CSV file: ${error.message}`)
    throw error
  }
  const [header, ...rest] = records
  if (!header?.some((cell) => cell.trim()))
    throw new CsvFileError('The file has no header row: its first row names its columns.')
  if (rest.length > MAX_CSV_ROWS)
    throw new CsvFileError(
      `The file has more than ${MAX_CSV_ROWS.toLocaleString('en')} rows: split it into several files.`,
    )
  return {
    header: header.map((cell) => cell.trim()),
    rows: rest.map((cells, index) => ({ number: index + 2, cells })),
  }
}

function decode(bytes: Uint8Array): string {
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(bytes)
  } catch {
    return new TextDecoder('windows-1252').decode(bytes)
  }
}
