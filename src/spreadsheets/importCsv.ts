import type { CollectionSlug, Payload, PayloadRequest, TypedUser } from 'payload'

import { commitTransaction, createLocalReq, initTransaction, killTransaction } from 'payload'

import { reasonOf } from '../icsImport/applyFeed'
import { can } from '../lib/roles'
import { pluginOptionsOf } from '../pluginOptions'
import { CALENDAR_SLUGS } from '../slugs'
import { type CsvKind, columnsOfHeader, labelOf, REQUIRED_COLUMNS } from './columns'
import { asImportedCell } from './csvCells'
import { type CsvTable, MAX_CSV_CELL, readCsv } from './readCsv'
import { findNamed } from './namedItems'
import { NAMED, type Row, RowError, rowData } from './rowData'

/** How long one import may write before the rows left are reported as not imported. */
export const CSV_TIME_LIMIT_MS = 120_000

export const IMPORT_STATUSES = ['publish', 'draft', 'pending', 'private'] as const

export type CsvImportOptions = {
  kind: CsvKind
  /** The column of each of the file's columns, by position (`''`: not imported); by default read from the header. */
  columns?: string[]
  dryRun?: boolean
  /** The status of the items created; by default published for those who may publish, else a draft. */
  status?: (typeof IMPORT_STATUSES)[number]
  /** Who imports: each write has their access. None: the operator at the command line. */
  user?: null | TypedUser
  timeLimitMs?: number
  /**
   * Awaited before each row after the first: the import may give way to others meanwhile (the
   * server's spreadsheet turns, `endpoints.ts`). A reason ends the import there: the rows left are
   * reported as not imported, with it.
   */
  beforeRow?: () => Promise<null | string>
}

export type CsvRowReport = {
  row: number
  outcome: 'created' | 'failed' | 'updated'
  message: string
}

export type CsvImportReport = {
  kind: CsvKind
  dryRun: boolean
  rows: number
  created: number
  updated: number
  failed: number
  /** The file's columns as read (`''`: not imported). */
  columns: string[]
  lines: CsvRowReport[]
}

const COLLECTION: Record<CsvKind, string> = {
  events: CALENDAR_SLUGS.events,
  organizers: CALENDAR_SLUGS.organizers,
  venues: CALENDAR_SLUGS.venues,
}
/**
 * Imports a CSV file in The Events Calendar's columns (docs/spreadsheets.md): each row in a
 * transaction of its own, with the venue, organizers, categories and tags it creates, so that
 * a row lands whole or not at all; a failed row is reported by its number and the others go on.
 * An item that exists already (an event of the same title and start, a venue or an organizer of
 * the same name) is updated, as in the original, so that a second import of a file adds nothing.
 * Every write goes through Payload's Local API with the importing user's access: every rule of
 * the collections applies. A dry run does each row's writes and rolls them back. A file that is
 * not a CSV is refused whole (`CsvFileError`).
 */
export async function importCsv(
  payload: Payload,
  file: CsvTable | Uint8Array,
  options: CsvImportOptions,
): Promise<CsvImportReport> {
  const { kind } = options
  const table = file instanceof Uint8Array ? await readCsv(file) : file
  const columns = options.columns
    ? table.header.map((_, index) => options.columns?.[index] ?? '')
    : columnsOfHeader(kind, table.header)
  const report: CsvImportReport = {
    kind,
    dryRun: options.dryRun === true,
    rows: table.rows.length,
    created: 0,
    updated: 0,
    failed: 0,
    columns,
    lines: [],
  }
  const missing = REQUIRED_COLUMNS[kind].filter((key) => !columns.includes(key))
  if (missing.length) {
    const names = missing.map((key) => `"${labelOf(kind, key)}"`).join(', ')
    report.failed = table.rows.length
    report.lines.push({
      row: 1,
      outcome: 'failed',
      message: `No column is ${names}: nothing was imported`,
    })
    return report
  }
  const user = options.user ?? null
  const status =
    options.status ?? (!user || can(user as never, 'publish_posts') ? 'publish' : 'draft')
  const deadline = Date.now() + (options.timeLimitMs ?? CSV_TIME_LIMIT_MS)
  const siteTimezone = pluginOptionsOf(payload).siteTimezone
  let stopped: null | string = null
  for (const [index, { number, cells }] of table.rows.entries()) {
    const say = (outcome: CsvRowReport['outcome'], message: string) => {
      report[outcome] += 1
      report.lines.push({ row: number, outcome, message })
    }
    if (index > 0 && !stopped && options.beforeRow) stopped = await options.beforeRow()
    if (stopped) {
      say('failed', `not imported: ${stopped}`)
      continue
    }
    if (Date.now() > deadline) {
      say(
        'failed',
        `not imported: the import's time limit (${(options.timeLimitMs ?? CSV_TIME_LIMIT_MS) / 1000} s) was reached`,
      )
      continue
    }
    const row = rowOf(columns, cells)
    const empty = REQUIRED_COLUMNS[kind].filter((key) => !row.get(key).trim())
    if (empty.length) {
      say('failed', `missing required fields: ${empty.map((key) => labelOf(kind, key)).join(', ')}`)
      continue
    }
    const long = columns.find((key, index) => key && (cells[index]?.length ?? 0) > MAX_CSV_CELL)
    if (long) {
      say(
        'failed',
        `${labelOf(kind, long)} is longer than ${MAX_CSV_CELL.toLocaleString('en')} characters`,
      )
      continue
    }
    try {
      const req = (await createLocalReq({ user: user ?? undefined }, payload)) as PayloadRequest
      const done = await inRowTransaction(req, report.dryRun, () =>
        importRow(req, row, { kind, now: new Date(), siteTimezone, status }),
      )
      say(done.outcome, done.message)
    } catch (error) {
      say('failed', error instanceof RowError ? error.message : reasonOf(error))
    }
  }
  return report
}

/** The row's cells by column key, a leading `'` that kept a formula from running taken away. */
function rowOf(columns: string[], cells: string[]): Row {
  const at = new Map(columns.map((key, index) => [key, index] as const).filter(([key]) => key))
  return {
    has: (key) => at.has(key),
    get: (key) => {
      const index = at.get(key)
      return index === undefined ? '' : asImportedCell(cells[index] ?? '')
    },
  }
}

/** One row's writes: committed, or rolled back when they fail or the run is a dry run. */
async function inRowTransaction<T>(
  req: PayloadRequest,
  dryRun: boolean,
  work: () => Promise<T>,
): Promise<T> {
  const started = await initTransaction(req)
  try {
    const result = await work()
    if (started) await (dryRun ? killTransaction(req) : commitTransaction(req))
    return result
  } catch (error) {
    if (started) await killTransaction(req)
    throw error
  }
}

async function importRow(
  req: PayloadRequest,
  row: Row,
  args: { kind: CsvKind; now: Date; siteTimezone: string; status: string },
): Promise<Omit<CsvRowReport, 'row'>> {
  const { kind } = args
  const { fields, alsoCreated } = await rowData(row, { ...args, req })
  const existing = await existingItem(req, kind, fields)
  const write = {
    collection: COLLECTION[kind] as CollectionSlug,
    depth: 0,
    overrideAccess: !req.user,
    req,
  } as const
  const name = String(fields[kind === 'events' ? 'title' : 'name'])
  const also = alsoCreated.length ? `, with ${alsoCreated.join(', ')}` : ''
  if (existing !== null) {
    await req.payload.update({ ...write, id: existing, data: fields as never })
    return { outcome: 'updated', message: `"${name}" (${existing}) updated${also}` }
  }
  const created = await req.payload.create({
    ...write,
    data: { ...fields, status: args.status } as never,
  })
  return { outcome: 'created', message: `"${name}" (${created.id}) created${also}` }
}

/** The item the row is: an event of the same title and start, or a venue or organizer of the same name. */
async function existingItem(
  req: PayloadRequest,
  kind: CsvKind,
  fields: Record<string, unknown>,
): Promise<null | number> {
  if (kind !== 'events') return findNamed(req, NAMED[kind], String(fields.name))
  const { docs } = await req.payload.find({
    collection: COLLECTION.events as CollectionSlug,
    depth: 0,
    limit: 1,
    overrideAccess: !req.user,
    pagination: false,
    req,
    select: {},
    sort: 'id',
    where: {
      and: [
        { title: { equals: fields.title } },
        { startDate: { equals: fields.startDate } },
        { status: { not_equals: 'trash' } },
      ],
    },
  })
  return docs[0] ? (docs[0].id as number) : null
}
