import type { Payload, PayloadRequest, Where } from 'payload'

import fs from 'node:fs/promises'
import { createLocalReq } from 'payload'

import type { ExportCsv, ImportCsv } from './options'

import { parsePhpDateTime, wallTimeToInstant, formatWallTime } from '../lib/phpDate'
import { POST_STATUSES } from '../lib/statuses'
import { pluginOptionsOf } from '../pluginOptions'
import { exportEventsCsv } from '../spreadsheets/exportCsv'
import { importCsv } from '../spreadsheets/importCsv'
import { findNamed } from '../spreadsheets/namedItems'
import { CsvFileError, MAX_CSV_BYTES } from '../spreadsheets/readCsv'
import { NAMED } from '../spreadsheets/rowData'
import { UsageError } from './options'

/** The command line has the time a large file needs; the admin's requests have less (`CSV_TIME_LIMIT_MS`). */
const CLI_TIME_LIMIT_MS = 30 * 60 * 1000

/**
 * `import --csv <file> --type …`: the rows imported by the operator (every collection's rules
 * apply, the HTML of the file made safe as anyone's), each row's outcome said with its number,
 * then the summary. Returns the exit code: 1 when a row failed or the file is not a CSV.
 */
export async function runCsvImport(
  payload: Payload,
  command: ImportCsv,
  write: (line: string) => void,
): Promise<number> {
  const stat = await fs.stat(command.csv).catch(() => null)
  if (!stat?.isFile()) throw new UsageError(`--csv: ${command.csv} is not a file`)
  if (stat.size > MAX_CSV_BYTES)
    throw new UsageError(`--csv: ${command.csv} is larger than ${MAX_CSV_BYTES / 1024 / 1024} MB`)
  try {
    const report = await importCsv(payload, await fs.readFile(command.csv), {
      dryRun: command.dryRun,
      kind: command.type,
      status: command.status,
      timeLimitMs: CLI_TIME_LIMIT_MS,
    })
    for (const line of report.lines) write(`row ${line.row}: ${line.outcome}: ${line.message}`)
    const counts = `${report.created} created, ${report.updated} updated, ${report.failed} failed`
    write(
      report.dryRun
        ? `dry run, nothing written: ${report.rows} rows would be ${counts}`
        : `${report.rows} rows: ${counts}`,
    )
    return report.failed ? 1 : 0
  } catch (error) {
    if (!(error instanceof CsvFileError)) throw error
    write(`${command.csv} could not be read: ${error.message}`)
    return 1
  }
}

/** `export --csv <file> [filters]`: the events the filters select, written to the file (or the output for `-`). */
export async function runCsvExport(
  payload: Payload,
  command: ExportCsv,
  write: (line: string) => void,
): Promise<number> {
  const where = await csvExportWhere(payload, command)
  try {
    const { csv, count } = await exportEventsCsv(payload, { where })
    if (command.csv === '-') process.stdout.write(csv)
    else {
      await fs.writeFile(command.csv, csv)
      write(`Wrote ${count} events to ${command.csv}`)
    }
    return 0
  } catch (error) {
    if (!(error instanceof CsvFileError)) throw error
    write(error.message)
    return 1
  }
}

/** The filters of `export --csv` as a `where` of the events. */
async function csvExportWhere(payload: Payload, command: ExportCsv): Promise<Where> {
  const filters: Where[] = []
  const unknown = command.status?.filter(
    (status) => !(POST_STATUSES as readonly string[]).includes(status),
  )
  if (unknown?.length)
    throw new UsageError(
      `--status: ${unknown.join(', ')} is not a status (${POST_STATUSES.join(', ')})`,
    )
  filters.push(
    command.status?.length
      ? { status: { in: command.status } }
      : { status: { not_equals: 'trash' } },
  )
  if (command.start !== undefined && command.end !== undefined) {
    const zone = pluginOptionsOf(payload).siteTimezone
    const day = (option: string, text: string) => {
      const instant = parsePhpDateTime(text, { now: new Date(), timeZone: zone })
      if (!instant) throw new UsageError(`--${option}: "${text}" is not a date`)
      return formatWallTime(instant, zone).slice(0, 10)
    }
    const from = wallTimeToInstant(`${day('start', command.start)} 00:00:00`, zone)
    const to = wallTimeToInstant(`${day('end', command.end)} 23:59:59`, zone)
    filters.push({ endDate: { greater_than_equal: from.toISOString() } })
    filters.push({ startDate: { less_than_equal: to.toISOString() } })
  }
  if (command.category !== undefined) {
    const req = (await createLocalReq({}, payload)) as PayloadRequest
    const { docs } = await payload.find({
      collection: NAMED.categories.slug as 'events',
      depth: 0,
      limit: 1,
      pagination: false,
      select: {},
      where: { slug: { equals: command.category.trim() } },
    })
    const id =
      (docs[0]?.id as number | undefined) ??
      (await findNamed(req, NAMED.categories, command.category))
    if (id == null) throw new UsageError(`--category: no category is named "${command.category}"`)
    filters.push({ categories: { in: [id] } })
  }
  return { and: filters }
}
