import { CsvError as ParseError, type Options, parse } from 'csv-parse'

import { TEXT_LIMITS } from '../lib/textLimits'

/** The largest file read (10 MB, as an iCalendar feed): the whole of it is held while it is imported. */
export const MAX_CSV_BYTES = 10 * 1024 * 1024
/** Rows of one file, the header aside; an export of more is refused as well, so that any export imports. */
export const MAX_CSV_ROWS = 5000
/** The longest cell: a description's bound (`TEXT_LIMITS.description`). */
export const MAX_CSV_CELL = TEXT_LIMITS.description

/**
 * How much of the file is decoded or parsed before the server turns to other requests: a file of
 * `MAX_CSV_BYTES` read in one go would hold every other request for a few hundred milliseconds.
 */
const SLICE_CHARS = 64 * 1024

const nextTurn = () => new Promise<void>((resolve) => setImmediate(resolve))

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
export async function readCsv(bytes: Uint8Array): Promise<CsvTable> {
  if (bytes.byteLength > MAX_CSV_BYTES)
    throw new CsvFileError(`The file is larger than ${MAX_CSV_BYTES / 1024 / 1024} MB.`)
  if (bytes.includes(0)) throw new CsvFileError('The file is not text: it is not a CSV file.')
  const text = await decode(bytes)
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
    records = await parseInSlices(text, {
      bom: true,
      delimiter,
      // Rows shorter or longer than the header are read as far as they go, as the original does.
      relax_column_count: true,
      skip_empty_lines: true,
      max_record_size: MAX_CSV_CELL * 2,
      to: MAX_CSV_ROWS + 2,
    })
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

/**
 * The records of `text`, given to csv-parse's stream a slice at a time with a turn for other
 * requests between slices; its first error, if any, is thrown. The stream stops reading at
 * `options.to` records, as the one-go parser does.
 */
async function parseInSlices(text: string, options: Options): Promise<string[][]> {
  const parser = parse(options)
  const records: string[][] = []
  let failure: unknown
  const done = new Promise<void>((resolve) => {
    parser.on('readable', () => {
      for (let record = parser.read(); record !== null; record = parser.read())
        records.push(record as string[])
    })
    parser.on('error', (error) => {
      failure ??= error
      resolve()
    })
    parser.on('end', resolve)
  })
  for (let at = 0; at < text.length && failure === undefined && !parser.writableEnded;) {
    parser.write(text.slice(at, (at += SLICE_CHARS)))
    await nextTurn()
  }
  if (failure === undefined && !parser.writableEnded) parser.end()
  await done
  if (failure !== undefined) throw failure
  return records
}

/** The file's text: UTF-8 when it is, else Windows-1252; decoded a slice at a time. */
async function decode(bytes: Uint8Array): Promise<string> {
  try {
    return await decodeInSlices(bytes, new TextDecoder('utf-8', { fatal: true }))
  } catch (error) {
    if (!(error instanceof TypeError)) throw error
    return decodeInSlices(bytes, new TextDecoder('windows-1252'))
  }
}

async function decodeInSlices(bytes: Uint8Array, decoder: TextDecoder): Promise<string> {
  const parts: string[] = []
  for (let at = 0; at < bytes.byteLength; at += SLICE_CHARS * 4) {
    parts.push(decoder.decode(bytes.subarray(at, at + SLICE_CHARS * 4), { stream: true }))
    await nextTurn()
  }
  parts.push(decoder.decode())
  return parts.join('')
}
