/**
 * `node --import ./src/server/register.mjs bench/explainReads.ts DIR [samples] [warm]`: EXPLAIN (ANALYZE,
 * BUFFERS) of the statements of a first read — a single event (`leanEvent.ts`) and a list's total —
 * on a bench database kept with `--data` (DIR is one size's folder, `<--data>/100000`), for
 * `samples` published events never read before (after reading `warm` others first, as a server that
 * has been serving for a while), and the server's memory settings. Prints per
 * statement the median and 95th percentile of execution time and of shared buffers read (missed).
 */
import path from 'node:path'

import { LEAN_EVENT } from '../src/calendar/events/leanEvent'
import { startBenchDatabase } from './database'

const [dir, samplesArg, warmArg] = process.argv.slice(2)
if (!dir) throw new Error('usage: bench/explainReads.ts DIR [samples]')
const samples = Number(samplesArg ?? 200)
const warm = Number(warmArg ?? 0)
const database = await startBenchDatabase(path.join(path.resolve(dir), 'pg'), { keep: true })
try {
  const settings = await database.query(
    `SELECT name, current_setting(name) AS setting FROM pg_settings WHERE name IN ('shared_buffers','work_mem','effective_cache_size','jit','random_page_cost','maintenance_work_mem','max_connections') ORDER BY name`,
  )
  console.log(settings.rows.map((row) => `${row.name}=${row.setting}`).join(' '))
  const ids = (
    await database.query(
      `SELECT id FROM events WHERE status = 'publish' AND coalesce(password, '') = '' ORDER BY md5(id::text || 'x') LIMIT ${samples + warm}`,
    )
  ).rows.map((row) => Number(row.id))
  const warmIds = ids.splice(samples)
  const stats = (label: string, values: number[]) => {
    const sorted = [...values].sort((a, b) => a - b)
    const at = (q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))]!
    return `${label} p50 ${at(0.5).toFixed(2)} p95 ${at(0.95).toFixed(2)} max ${sorted.at(-1)!.toFixed(2)}`
  }
  const explain = async (text: string, values: unknown[]) => {
    const { rows } = await database.query(`EXPLAIN (ANALYZE, BUFFERS, FORMAT JSON) ${text}`, values)
    const plan = (
      rows[0]!['QUERY PLAN'] as {
        'Execution Time': number
        Plan: Record<string, number>
        Planning: Record<string, number>
        'Planning Time': number
      }[]
    )[0]!
    return {
      hit: plan.Plan['Shared Hit Blocks']!,
      ms: plan['Execution Time'],
      planMs: plan['Planning Time'],
      read: plan.Plan['Shared Read Blocks']!,
    }
  }
  for (const [name, text, valuesOf] of [
    ['lean event', LEAN_EVENT, (id: number) => [[id], 'en', 'en', false, null]],
  ] as const) {
    for (let index = 0; index < warmIds.length; index += 500)
      await database.query(text, [warmIds.slice(index, index + 500), ...valuesOf(0).slice(1)])
    const runs = []
    for (const id of ids) runs.push(await explain(text, valuesOf(id)))
    console.log(
      `${name}: ${samples} events never read (${warm} others read first): ${stats(
        'ms',
        runs.map((r) => r.ms),
      )}; ${stats(
        'blocks read',
        runs.map((r) => r.read),
      )}; ${stats(
        'blocks hit',
        runs.map((r) => r.hit),
      )}`,
    )
    const again = []
    for (const id of ids.slice(0, 50)) again.push(await explain(text, valuesOf(id)))
    console.log(
      `${name}: the same 50 again: ${stats(
        'ms',
        again.map((r) => r.ms),
      )}; ${stats(
        'blocks read',
        again.map((r) => r.read),
      )}`,
    )
  }
  const page50 = `SELECT e.id FROM events e WHERE e.status = ANY($1::enum_events_status[]) AND e.start_local >= $2 AND e.end_local <= $3 AND (e.hide_from_listings IS NULL OR e.hide_from_listings <> true)
    ORDER BY e.start_local, e.post_date, e.id LIMIT 10 OFFSET 490`
  const count = `SELECT count(*) FROM events e WHERE e.status = ANY($1::enum_events_status[]) AND e.start_local >= $2 AND e.end_local <= $3 AND (e.hide_from_listings IS NULL OR e.hide_from_listings <> true)`
  for (const [name, text] of [
    ['page 50 ids', page50],
    ['default window count', count],
  ] as const) {
    const runs = []
    for (let i = 0; i < 5; i++)
      runs.push(await explain(text, [['publish'], '2026-11-20T00:00:00', '2028-11-21T23:59:59']))
    console.log(
      `${name}: ${runs.map((r) => `${r.ms.toFixed(2)} ms (read ${r.read}, hit ${r.hit}, plan ${r.planMs.toFixed(2)})`).join('; ')}`,
    )
  }
} finally {
  await database.stop()
}
