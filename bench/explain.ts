import fs from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'

const OUT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), 'out')

/** Tables that grow with the number of events: a sequential scan of one of these does not stay flat. */
const BIG_TABLES = new Set(['events', 'events_locales', 'events_rels', 'events_texts'])

type Plan = { duration: number; query: string; scans: string[]; text: string }

/** Splits auto_explain's log output into one plan per statement. */
export function parsePlans(log: string): Plan[] {
  const plans: Plan[] = []
  const entries = log.split(/\n(?=\S)/).filter((entry) => /duration: [\d.]+ ms\s+plan:/.test(entry))
  for (const entry of entries) {
    const duration = Number(entry.match(/duration: ([\d.]+) ms/)![1])
    const lines = entry.split('\n').slice(1)
    const queryLine = lines.findIndex((line) => line.trim().startsWith('Query Text:'))
    const planStart = lines.findIndex(
      (line, index) => index > queryLine && /^\s*(->\s+)?[A-Z][A-Za-z ]+\s+\(cost=/.test(line),
    )
    const query = lines
      .slice(queryLine, planStart === -1 ? undefined : planStart)
      .join(' ')
      .replace(/^\s*Query Text:\s*/, '')
      .replace(/\s+/g, ' ')
      .trim()
    if (/pg_reload_conf|ALTER SYSTEM|payload_jobs|payload_locked_documents/i.test(query)) continue
    const text = lines.slice(planStart === -1 ? 0 : planStart).join('\n')
    const scans = [
      ...text.matchAll(
        /(Seq Scan|Index Only Scan|Index Scan|Bitmap Index Scan|Bitmap Heap Scan)(?: Backward)?(?: using (\S+))? on (\S+)/g,
      ),
    ]
      .filter((match) => match[1] !== 'Bitmap Heap Scan')
      .map((match) =>
        match[1] === 'Seq Scan' ? `Seq Scan on ${match[3]}` : `${match[1]} ${match[2]}`,
      )
    // A bitmap index scan names only the index.
    for (const match of text.matchAll(/Bitmap Index Scan on (\S+)/g))
      scans.push(`Bitmap Index Scan ${match[1]}`)
    plans.push({
      duration,
      query,
      scans: [...new Set(scans.filter((scan) => !scan.endsWith('undefined')))],
      text,
    })
  }
  return plans
}

/** A markdown summary of one request's statements; the full plans go to `bench/out/`. */
export function summarizePlans(name: string, requestPath: string, log: string): string {
  const plans = parsePlans(log)
  fs.mkdirSync(OUT, { recursive: true })
  const file = path.join(OUT, `plans-${name}.txt`)
  fs.writeFileSync(
    file,
    plans.map((plan) => `-- ${plan.duration} ms\n${plan.query}\n${plan.text}\n`).join('\n'),
  )
  const total = plans.reduce((sum, plan) => sum + plan.duration, 0)
  const lines = [
    `**${name}** \`${requestPath}\`: ${plans.length} statements, ${total.toFixed(2)} ms in Postgres (with EXPLAIN ANALYZE's own overhead)`,
    '',
  ]
  for (const plan of plans) {
    const bad = plan.scans.filter(
      (scan) => scan.startsWith('Seq Scan') && BIG_TABLES.has(scan.slice('Seq Scan on '.length)),
    )
    lines.push(
      `- ${plan.duration.toFixed(2)} ms — ${plan.scans.join(', ') || 'no table scan'}${bad.length ? ' ⚠ sequential scan of a table that grows with events' : ''} — \`${plan.query.slice(0, 140)}${plan.query.length > 140 ? '…' : ''}\``,
    )
  }
  lines.push('')
  return lines.join('\n')
}
