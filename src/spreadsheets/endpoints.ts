import { readBodyWithin } from '../lib/requestBody'
import type { Endpoint, PayloadRequest, TypedUser, Where } from 'payload'

import { can } from '../lib/roles'
import { Turns } from '../lib/turns'
import { columnsOfHeader, CSV_COLUMNS, isCsvKind } from './columns'
import { exportEventsCsv } from './exportCsv'
import { IMPORT_STATUSES, importCsv } from './importCsv'
import { CsvFileError, MAX_CSV_BYTES, readCsv } from './readCsv'

/** Where the admin's "Import CSV" view and "Export CSV" button reach the spreadsheets: `/api/calendar-csv/…`. */
export const CSV_ENDPOINTS_PATH = '/calendar-csv'

/** Rows the preview shows. */
export const PREVIEW_ROWS = 5

const refuse = (status: number, message: string) =>
  Response.json({ errors: [{ message }] }, { status })

/**
 * One spreadsheet at a time in this process: an import (up to 5,000 rows, two minutes) or an export
 * (5,000 events and their names) holds the database and the event loop for long stretches, so
 * editors' files take turns rather than slowing every visitor's request together. A file that
 * cannot start within 15 s gets a 503 with `Retry-After`.
 */
const spreadsheetTurns = new Turns({ concurrent: 1, maxWaiting: 8, maxWaitMs: 15_000 })

async function inTurn(req: PayloadRequest, work: () => Promise<Response>): Promise<Response> {
  const turn = await spreadsheetTurns.take(req.signal)
  if (typeof turn === 'string')
    return Response.json(
      {
        errors: [
          { message: 'Another spreadsheet is being imported or exported. Try again shortly.' },
        ],
      },
      { headers: { 'Retry-After': '5' }, status: 503 },
    )
  try {
    return await work()
  } finally {
    turn()
  }
}

/**
 * The spreadsheets over HTTP, for the admin panel (docs/spreadsheets.md): `POST …/preview` and
 * `POST …/import` take the file as the request's body (`?type=events|venues|organizers`;
 * import also `dryRun`, `status`, and `columns`, the column of each of the file's columns);
 * `GET …/export` answers the events the list's `where` (and `search`) selects. For those who
 * may write events (contributors and above); each write and read has their own access.
 */
export function csvEndpoints(): Endpoint[] {
  return [
    { handler: preview, method: 'post', path: `${CSV_ENDPOINTS_PATH}/preview` },
    { handler: runImport, method: 'post', path: `${CSV_ENDPOINTS_PATH}/import` },
    { handler: runExport, method: 'get', path: `${CSV_ENDPOINTS_PATH}/export` },
  ]
}

const mayUse = (req: PayloadRequest) => can(req.user as never, 'edit_posts')

async function preview(req: PayloadRequest): Promise<Response> {
  return withFile(req, (bytes, kind) => {
    const table = readCsv(bytes)
    return Response.json({
      columns: columnsOfHeader(kind, table.header),
      header: table.header,
      known: CSV_COLUMNS[kind],
      rowCount: table.rows.length,
      rows: table.rows.slice(0, PREVIEW_ROWS),
    })
  })
}

async function runImport(req: PayloadRequest): Promise<Response> {
  const query = req.query as Record<string, unknown>
  const status = query.status === undefined || query.status === '' ? undefined : query.status
  if (status !== undefined && !(IMPORT_STATUSES as readonly unknown[]).includes(status))
    return refuse(400, `status must be one of ${IMPORT_STATUSES.join(', ')}.`)
  const columns = typeof query.columns === 'string' ? query.columns.split(',') : undefined
  const known = (kind: string) => CSV_COLUMNS[kind as 'events'].map(({ key }) => key)
  return withFile(req, (bytes, kind) =>
    inTurn(req, async () => {
      if (columns?.some((key) => key && !known(kind).includes(key)))
        return refuse(400, `columns names a column that ${kind} do not have.`)
      const report = await importCsv(req.payload, bytes, {
        columns,
        dryRun: query.dryRun === 'true' || query.dryRun === '1',
        kind,
        status: status as (typeof IMPORT_STATUSES)[number] | undefined,
        user: req.user as TypedUser,
      })
      return Response.json(report)
    }),
  )
}

async function runExport(req: PayloadRequest): Promise<Response> {
  if (!mayUse(req)) return refuse(403, 'You are not allowed to perform this action.')
  const query = req.query as { search?: unknown; where?: Where }
  const filters: Where[] = []
  if (query.where && typeof query.where === 'object') filters.push(query.where)
  if (typeof query.search === 'string' && query.search.trim())
    filters.push({ title: { like: query.search.trim() } })
  return inTurn(req, () => exportAnswer(req, filters))
}

async function exportAnswer(req: PayloadRequest, filters: Where[]): Promise<Response> {
  try {
    const { csv } = await exportEventsCsv(req.payload, {
      user: req.user,
      where: filters.length ? { and: filters } : undefined,
    })
    return new Response(csv, {
      headers: {
        'cache-control': 'no-store',
        'content-disposition': 'attachment; filename="events.csv"',
        'content-type': 'text/csv; charset=utf-8',
      },
    })
  } catch (error) {
    if (error instanceof CsvFileError) return refuse(400, error.message)
    // A `where` Payload cannot read (an unknown field, a bad operator) is the caller's.
    const status = (error as { status?: unknown }).status
    if (typeof status === 'number' && status >= 400 && status < 500)
      return refuse(status, (error as Error).message)
    throw error
  }
}

/** The request's file, refused before any work when it is too large, with the type it is read as. */
async function withFile(
  req: PayloadRequest,
  work: (
    bytes: Uint8Array,
    kind: 'events' | 'organizers' | 'venues',
  ) => Promise<Response> | Response,
): Promise<Response> {
  if (!mayUse(req)) return refuse(403, 'You are not allowed to perform this action.')
  const kind = (req.query as { type?: unknown }).type
  if (!isCsvKind(kind)) return refuse(400, 'type must be events, venues or organizers.')
  // A host's own server may not bound the body: it is read no further than the file's limit.
  const body = await readBodyWithin({ body: req.body ?? null, headers: req.headers }, MAX_CSV_BYTES)
  if (body === 'too-large')
    return refuse(413, `The file is larger than ${MAX_CSV_BYTES / 1024 / 1024} MB.`)
  if (!body?.byteLength) return refuse(400, 'Send the CSV file as the request body.')
  try {
    return await work(new Uint8Array(body), kind)
  } catch (error) {
    if (error instanceof CsvFileError) return refuse(400, error.message)
    throw error
  }
}
