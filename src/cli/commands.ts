import type { Payload } from 'payload'

import type {
  Command,
  Export,
  ExportCsv,
  ImportCsv,
  ImportFromFile,
  ImportFromSite,
  ImportFromWxr,
  ImportIcs,
} from './options'
import type { ItemPlan } from './importer/items'
import type { Progress } from './progress'

import { parsePhpDateTime } from '../lib/phpDate'
import { isValidTimeZone } from '../lib/timezone'
import { runCsvExport, runCsvImport } from './csvCommands'
import { runIcsImport } from './icsImport'
import { applyPlans } from './importer/apply'
import { dumpPlans, exportDump, readDumpFile } from './importer/dump'
import { MediaImporter } from './importer/media'
import { mapConcurrently } from './importer/pool'
import { readWordPress } from './importer/wordpress'
import { importWxr } from './importer/wxr/index'
import { parseCommand, UsageError } from './options'
import { createProgress, RunReport } from './progress'
import { pluginOptionsOf } from '../pluginOptions'

export const EXIT = { failed: 1, ok: 0, unusable: 2 } as const

/** The command `argv` asks for; or, once the usage is printed (asked for, or the arguments are wrong), the exit code. */
export function readCommand(
  argv: string[],
  usage: string,
): Exclude<Command, { command: 'help' }> | number {
  try {
    const command = parseCommand(argv)
    if (command.command !== 'help') return command
    console.log(usage)
    return EXIT.ok
  } catch (error) {
    if (!(error instanceof UsageError)) throw error
    console.error(`${error.message}\n\n${usage}`)
    return EXIT.unusable
  }
}

/** Where a command writes: a bar on a terminal, else plain lines through `write`. */
export type Output = { interactive?: boolean; write?: (line: string) => void }

const writerOf = (output: Output) => output.write ?? ((line: string) => console.log(line))

/** `export --out <file>` (the command, or its file), or `export --csv <file>` (./csvCommands.ts). */
export async function runExport(
  payload: Payload,
  command: Export | ExportCsv | string,
  output: Output = {},
): Promise<number> {
  const write = writerOf(output)
  if (typeof command !== 'string' && 'csv' in command) return runCsvExport(payload, command, write)
  const out = typeof command === 'string' ? command : command.out
  const counts = await exportDump(
    payload,
    out,
    createProgress(new RunReport(false), { interactive: false, write }),
  )
  write(
    `Wrote ${Object.entries(counts)
      .map(([kind, count]) => `${count} ${kind}`)
      .join(', ')} to ${out}`,
  )
  return EXIT.ok
}

/**
 * `import --from <site>` or `import --file <dump>`: reads the source whole, then compares and
 * writes item by item, and ends with the summary. The exit status says whether an item failed.
 */
export async function runImport(
  payload: Payload,
  command: ImportCsv | ImportFromFile | ImportFromSite | ImportFromWxr | ImportIcs,
  output: Output = {},
): Promise<{ code: number; report: RunReport }> {
  if ('csv' in command) {
    // A spreadsheet's rows report on their own, by number (src/spreadsheets/importCsv.ts).
    const code = await runCsvImport(payload, command, writerOf(output))
    return { code, report: new RunReport(command.dryRun) }
  }
  if ('ics' in command) {
    // A feed's run reports in its source's log (src/icsImport/runSource.ts), written as it is.
    const code = await runIcsImport(payload, command, writerOf(output))
    return { code, report: new RunReport(command.dryRun) }
  }
  const plugin = pluginOptionsOf(payload)
  const localization = payload.config.localization
  const defaultLocale = localization ? localization.defaultLocale : 'en'
  const locales = localization ? localization.localeCodes : ['en']
  const report = new RunReport(command.dryRun)
  const write = writerOf(output)
  const progress: Progress = createProgress(report, { ...output, write })

  const media = new MediaImporter({
    collection: plugin.mediaCollection,
    defaultLocale,
    dryRun: command.dryRun,
    payload,
    progress,
    report,
    restore: 'file' in command,
  })
  let plans: ItemPlan[] = []
  let since: Date | undefined
  if ('wxr' in command) {
    if (command.sourceTimezone && !isValidTimeZone(command.sourceTimezone))
      throw new UsageError(`--source-timezone: "${command.sourceTimezone}" is not an IANA timezone`)
  } else if ('file' in command) {
    progress.note(`Reading ${command.file}`)
    const dump = await dumpPlans(payload, await readDumpFile(command.file), report)
    // Every image of the dump, including those no item shows (any more).
    await mapConcurrently(dump.images, command.concurrency, (image) =>
      media.resolve(image, 'the dump'),
    )
    plans = dump.plans
  } else {
    const unknown = command.languages.filter((language) => !locales.includes(language))
    if (unknown.length)
      throw new UsageError(
        `--languages: ${unknown.join(', ')} is not a language of this site (${locales.join(', ')})`,
      )
    if (command.languages[0] !== defaultLocale) {
      throw new UsageError(
        `--languages must start with this site's default language, ${defaultLocale}: the source's own REST root is read as it`,
      )
    }
    if (command.sourceTimezone && !isValidTimeZone(command.sourceTimezone))
      throw new UsageError(`--source-timezone: "${command.sourceTimezone}" is not an IANA timezone`)
    if (command.since !== undefined) {
      since =
        parsePhpDateTime(command.since, { now: new Date(), timeZone: plugin.siteTimezone }) ??
        undefined
      if (!since) throw new UsageError(`--since: "${command.since}" is not a date`)
    }
    plans = await readWordPress(payload, command, progress, report)
  }

  const apply = (items: ItemPlan[]) =>
    applyPlans(items, {
      concurrency: command.concurrency,
      dryRun: command.dryRun,
      locales:
        'languages' in command ? command.languages : 'file' in command ? locales : [defaultLocale],
      media,
      mode: 'file' in command ? 'exact' : 'source',
      payload,
      progress,
      report,
      since,
    })
  // An export is read and written in steps of its own (./importer/wxr/index.ts).
  const series =
    'wxr' in command ? await importWxr(payload, command, { apply, progress, report }) : ''
  if (!('wxr' in command)) {
    const started = performance.now()
    await apply(plans)
    report.time('writing', performance.now() - started)
  }
  write(`\n${report.summary()}`)
  if (series) write(`\n${series}`)
  return { code: report.failures.length ? EXIT.failed : EXIT.ok, report }
}
