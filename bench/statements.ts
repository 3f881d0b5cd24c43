import pg from 'pg'

/** One statement the `pg` driver sent: its text, and how long its answer took (ms; NaN until answered). */
export type SentStatement = { ms: number; text: string }

/** Records every statement the `pg` driver sends from now on, in this process. */
export function countStatements(): SentStatement[] {
  const sent: SentStatement[] = []
  const query = pg.Client.prototype.query as (...args: unknown[]) => unknown
  pg.Client.prototype.query = function (this: pg.Client, ...args: unknown[]) {
    const first = args[0] as { text?: string } | string
    const entry = {
      ms: NaN,
      text: typeof first === 'string' ? first : String(first?.text ?? first),
    }
    sent.push(entry)
    const started = performance.now()
    const result = query.apply(this, args)
    if (result && typeof (result as Promise<unknown>).then === 'function') {
      void (result as Promise<unknown>).then(
        () => (entry.ms = performance.now() - started),
        () => undefined,
      )
    }
    return result
  } as never
  return sent
}

/** Runs `work` `times` times one after another: per run, the statements sent, the wall time and this process's CPU time (ms); and the last run's statements. */
export async function measureEach(
  times: number,
  sent: SentStatement[],
  work: () => Promise<unknown>,
) {
  const statements: number[] = []
  const wallMs: number[] = []
  const cpuMs: number[] = []
  let last: SentStatement[] = []
  for (let index = 0; index < times; index++) {
    const before = sent.length
    const cpu = process.cpuUsage()
    const started = performance.now()
    await work()
    wallMs.push(performance.now() - started)
    const used = process.cpuUsage(cpu)
    cpuMs.push((used.user + used.system) / 1000)
    statements.push(sent.length - before)
    if (index === times - 1) last = sent.slice(before)
  }
  return { cpuMs, last, statements, wallMs }
}

/** The value below which a share `q` of `values` falls. */
export function quantile(values: number[], q: number): number {
  const sorted = [...values].sort((a, b) => a - b)
  return sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))]!
}
