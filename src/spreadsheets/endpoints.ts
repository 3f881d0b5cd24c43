import { readBodyWithin } from '../lib/requestBody'
import type { CollectionSlug, Endpoint, PayloadRequest, TypedUser, Where } from 'payload'

import { refuseCostlyQuery } from '../hooks/refuseCostlyQueries'
import { ClientError } from '../lib/clientError'
import { can } from '../lib/roles'
import { CALENDAR_SLUGS } from '../slugs'
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
 * cannot start within 15 s gets a 503 with `Retry-After`. Turns are fair between people: a long
 * import gives its turn to someone else's file waiting after each `SLICE_MS` of rows, and waits for
 * it again at the back of the line (each row is a transaction of its own: nothing is held while it
 * waits); and one person imports one file at a time.
 */
const spreadsheetTurns = new Turns({ concurrent: 1, maxWaiting: 8, maxWaitMs: 15_000 })

/** The longest an import holds the turn while someone else's file waits for it. */
export const SLICE_MS = 1_000

/** Files waiting for the turn, by whose they are. */
const waitingBy = new Map<string, number>()
/** Whose imports are under way or waiting. */
const importing = new Set<string>()

const ownerOf = (req: PayloadRequest) => String((req.user as { id?: unknown } | null)?.id)

const busy = () =>
  Response.json(
    {
      errors: [
        { message: 'Another spreadsheet is being imported or exported. Try again shortly.' },
      ],
    },
    { headers: { 'Retry-After': '5' }, status: 503 },
  )

/** Waits for the turn in line, counted as `owner`'s while it waits. */
async function takeTurn(req: PayloadRequest, owner: string) {
  waitingBy.set(owner, (waitingBy.get(owner) ?? 0) + 1)
  try {
    return await spreadsheetTurns.take(req.signal)
  } finally {
    const left = (waitingBy.get(owner) ?? 1) - 1
    if (left) waitingBy.set(owner, left)
    else waitingBy.delete(owner)
  }
}

/** Whether someone other than `owner` waits for the turn. */
const othersWait = (owner: string) => spreadsheetTurns.load.waiting > (waitingBy.get(owner) ?? 0)

/**
 * Runs `work` in the turn. `work` may call the `yieldTurn` it is given between two rows: after
 * `SLICE_MS` in the turn, with someone else's file waiting, the turn goes to that file and comes
 * back in line; it answers why not when it does not come back (the line is full, the wait too
 * long, the client left), and then the import stops there.
 */
async function inTurn(
  req: PayloadRequest,
  work: (yieldTurn: () => Promise<null | string>) => Promise<Response>,
): Promise<Response> {
  const owner = ownerOf(req)
  let turn = await takeTurn(req, owner)
  if (typeof turn === 'string') return busy()
  let since = Date.now()
  const yieldTurn = async (): Promise<null | string> => {
    if (typeof turn === 'string') return NOT_BACK
    if (Date.now() - since < SLICE_MS || !othersWait(owner)) return null
    turn()
    turn = await takeTurn(req, owner)
    since = Date.now()
    return typeof turn === 'string' ? NOT_BACK : null
  }
  try {
    return await work(yieldTurn)
  } finally {
    if (typeof turn !== 'string') turn()
  }
}

const NOT_BACK =
  'the import gave its turn to another spreadsheet and did not get it back within 15 s (import the file again: what was imported is matched)'

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
  return withFile(req, async (bytes, kind) => {
    const table = await readCsv(bytes)
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
  return withFile(req, async (bytes, kind) => {
    if (columns?.some((key) => key && !known(kind).includes(key)))
      return refuse(400, `columns names a column that ${kind} do not have.`)
    const owner = ownerOf(req)
    if (importing.has(owner))
      return refuse(429, 'You are already importing a spreadsheet: wait for it to end.')
    importing.add(owner)
    try {
      // Read before the turn: a file that is not a CSV costs no one else's wait.
      const table = await readCsv(bytes)
      return await inTurn(req, async (yieldTurn) => {
        const report = await importCsv(req.payload, table, {
          beforeRow: yieldTurn,
          columns,
          dryRun: query.dryRun === 'true' || query.dryRun === '1',
          kind,
          status: status as (typeof IMPORT_STATUSES)[number] | undefined,
          user: req.user as TypedUser,
        })
        return Response.json(report)
      })
    } finally {
      importing.delete(owner)
    }
  })
}

async function runExport(req: PayloadRequest): Promise<Response> {
  if (!mayUse(req)) return refuse(403, 'You are not allowed to perform this action.')
  const query = req.query as { search?: unknown; where?: Where }
  const filters: Where[] = []
  if (query.where && typeof query.where === 'object') filters.push(query.where)
  if (typeof query.search === 'string' && query.search.trim())
    filters.push({ title: { like: query.search.trim() } })
  // The caller's `where` is bounded as Payload's REST API's (`refuseCostlyQueries`): asked here
  // first, so that it is refused in this endpoint's shape before it waits for its turn.
  const events = req.payload.collections[CALENDAR_SLUGS.events as CollectionSlug]?.config
  try {
    if (events) refuseCostlyQuery(req.payload, events, { where: { and: filters } })
  } catch (error) {
    if (error instanceof ClientError) return refuse(400, error.message)
    throw error
  }
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
