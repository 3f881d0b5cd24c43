import cliProgress from 'cli-progress'

import { describeItem, REPORT_KINDS, type ReportKind } from './importer/items'

export type Outcome = 'created' | 'failed' | 'skipped' | 'unchanged' | 'updated'
const COUNTED: Outcome[] = ['created', 'updated', 'unchanged', 'failed']

export type ItemResult = {
  /** Field names an update changed. */
  changes?: string[]
  id: number
  kind: ReportKind
  label: string
  outcome: Outcome
  /** Why it failed. */
  reason?: string
}

/** Counts per kind and outcome, the failures with their reasons, and warnings: what the summary shows. */
export class RunReport {
  readonly counts = Object.fromEntries(
    REPORT_KINDS.map((kind) => [
      kind,
      { created: 0, failed: 0, skipped: 0, unchanged: 0, updated: 0 },
    ]),
  ) as Record<ReportKind, Record<Outcome, number>>
  readonly failures: ItemResult[] = []
  readonly warnings: string[] = []
  /** How long each phase of the run took, in milliseconds, in the order they ended. */
  readonly timings: { ms: number; phase: string }[] = []

  constructor(readonly dryRun: boolean) {}

  time(phase: string, ms: number) {
    this.timings.push({ ms, phase })
  }

  record(result: ItemResult) {
    this.counts[result.kind][result.outcome]++
    if (result.outcome === 'failed') this.failures.push(result)
  }

  warn(message: string) {
    this.warnings.push(message)
  }

  total(outcome: Outcome): number {
    return REPORT_KINDS.reduce((sum, kind) => sum + this.counts[kind][outcome], 0)
  }

  /** The same without images, which are counted apart from the items that show them. */
  items(outcome: Outcome): number {
    return this.total(outcome) - this.counts.images[outcome]
  }

  /** The table of counts, then every failure and warning. */
  summary(): string {
    const verb = (outcome: Outcome) =>
      this.dryRun && (outcome === 'created' || outcome === 'updated')
        ? `would be ${outcome}`
        : outcome
    const headers = ['', ...COUNTED.map(verb)]
    const rows = REPORT_KINDS.map((kind) => [
      kind,
      ...COUNTED.map((outcome) => String(this.counts[kind][outcome])),
    ])
    rows.push(['total', ...COUNTED.map((outcome) => String(this.total(outcome)))])
    const widths = headers.map((header, column) =>
      Math.max(header.length, ...rows.map((row) => row[column]!.length)),
    )
    const line = (cells: string[]) =>
      cells
        .map((cell, column) =>
          column === 0 ? cell.padEnd(widths[0]!) : cell.padStart(widths[column]!),
        )
        .join('  ')
    const out = [
      this.dryRun ? 'Summary (dry run: nothing was written)' : 'Summary',
      line(headers),
      ...rows.map(line),
    ]
    const skipped = this.total('skipped')
    if (skipped) out.push(`${skipped} item(s) not modified since --since were left alone.`)
    if (this.failures.length) {
      out.push('', `Failed (${this.failures.length}):`)
      for (const failure of this.failures) out.push(`  ${describeItem(failure)}: ${failure.reason}`)
    }
    if (this.timings.length) {
      out.push('', 'Timings:')
      for (const { ms, phase } of this.timings) out.push(`  ${phase}: ${(ms / 1000).toFixed(1)} s`)
    }
    if (this.warnings.length) {
      out.push('', `Warnings (${this.warnings.length}):`)
      for (const warning of this.warnings) out.push(`  ${warning}`)
    }
    return out.join('\n')
  }
}

/** Where a run tells how it is going: a progress bar on a terminal, plain lines otherwise. */
export interface Progress {
  /** A step before the items (reading the source, …). */
  note(message: string): void
  start(total: number): void
  item(result: ItemResult): void
  warn(message: string): void
  stop(): void
}

export function createProgress(
  report: RunReport,
  {
    interactive = Boolean(process.stderr.isTTY),
    write,
  }: { interactive?: boolean; write: (line: string) => void },
): Progress {
  return interactive ? new BarProgress(report) : new LineProgress(report, write)
}

const PLAIN_INTERVAL_MS = 2000

/** For logs and pipes: one line per item written or failed, and a line with the counts every two seconds. */
class LineProgress implements Progress {
  private done = 0
  private total = 0
  private startedAt = 0
  private lastLine = 0

  constructor(
    private readonly report: RunReport,
    private readonly write: (line: string) => void,
  ) {}

  note(message: string) {
    this.write(message)
  }

  start(total: number) {
    this.total = total
    this.startedAt = this.lastLine = Date.now()
    this.write(`${total} item(s) to compare and write`)
  }

  item(result: ItemResult) {
    if (result.kind !== 'images') this.done++
    const verb =
      this.report.dryRun && (result.outcome === 'created' || result.outcome === 'updated')
        ? `would be ${result.outcome}:`
        : result.outcome
    if (result.outcome === 'failed') this.write(`failed ${describeItem(result)}: ${result.reason}`)
    else if (result.outcome === 'updated')
      this.write(`${verb} ${describeItem(result)} (${(result.changes ?? []).join(', ')})`)
    else if (result.outcome === 'created') this.write(`${verb} ${describeItem(result)}`)
    if (this.total && Date.now() - this.lastLine >= PLAIN_INTERVAL_MS) this.line()
  }

  warn(message: string) {
    this.write(`warning: ${message}`)
  }

  stop() {
    if (this.total) this.line()
  }

  private line() {
    this.lastLine = Date.now()
    const seconds = Math.max((Date.now() - this.startedAt) / 1000, 0.001)
    const counts = COUNTED.map((outcome) => `${this.report.items(outcome)} ${outcome}`).join(', ')
    this.write(
      `progress: ${this.done}/${this.total} items (${(this.done / seconds).toFixed(1)}/s): ${counts}`,
    )
  }
}

/** On a terminal: one bar with the counts and the rate; failures and warnings are printed above it. */
class BarProgress implements Progress {
  private readonly bars = new cliProgress.MultiBar(
    {
      clearOnComplete: false,
      format:
        ' {bar} {value}/{total} items | {rate}/s | {created} created · {updated} updated · {unchanged} unchanged · {failed} failed',
      hideCursor: true,
    },
    cliProgress.Presets.shades_classic,
  )
  private bar?: cliProgress.SingleBar
  private done = 0
  private startedAt = 0

  constructor(private readonly report: RunReport) {}

  note(message: string) {
    if (this.bar) this.bars.log(`${message}\n`)
    else console.error(message)
  }

  start(total: number) {
    this.startedAt = Date.now()
    this.bar = this.bars.create(total, 0, this.payload())
  }

  item(result: ItemResult) {
    if (result.kind !== 'images') this.done++
    if (result.outcome === 'failed') this.note(`failed ${describeItem(result)}: ${result.reason}`)
    this.bar?.update(this.done, this.payload())
  }

  warn(message: string) {
    this.note(`warning: ${message}`)
  }

  stop() {
    this.bar?.update(this.done, this.payload())
    this.bars.stop()
  }

  private payload() {
    const seconds = Math.max((Date.now() - this.startedAt) / 1000, 0.001)
    return {
      created: this.report.items('created'),
      failed: this.report.items('failed'),
      rate: (this.done / seconds).toFixed(1),
      unchanged: this.report.items('unchanged'),
      updated: this.report.items('updated'),
    }
  }
}
