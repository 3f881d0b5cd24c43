/**
 * One phase of the mix: `readers` visitors at once walking the URLs in order (each takes the next
 * one, wrapping around), for `seconds`, and optionally one editor who updates an event every
 * `editEveryMs` (or right after the last update when that took longer). Latencies are taken per
 * response, so the percentiles are exact.
 */
import { monitorEventLoopDelay } from 'node:perf_hooks'

import { Pool } from 'undici'

import type { Target } from './target'

export type Figures = {
  count: number
  failed: number
  p50: number
  p95: number
  p975: number
  rps: number
}

export type PhaseResult = {
  /**
   * How late this process's own event loop ran during the phase (p50 and p99, ms): the readers and
   * the editor share it, so a busy loop delays the timing of every response, the editor's too.
   */
  clientLag: { p50: number; p99: number }
  /** The target's CPU ms per request (reads and updates), when its processes are known. */
  cpuPerRequest?: number
  edits?: Figures
  load: [string, string]
  reads: Figures
}

export type Editor = { everyMs: number; update: () => Promise<boolean> }

function figures(latencies: number[], failed: number, seconds: number): Figures {
  const sorted = [...latencies].sort((a, b) => a - b)
  const at = (q: number) =>
    sorted.length ? sorted[Math.min(sorted.length - 1, Math.ceil(q * sorted.length) - 1)]! : NaN
  return {
    count: sorted.length,
    failed,
    p50: at(0.5),
    p95: at(0.95),
    p975: at(0.975),
    rps: sorted.length / seconds,
  }
}

/**
 * How often the event loop's delay is sampled; each sample is the time between two timers set that
 * far apart, so the loop was late by what it holds beyond it.
 */
const LAG_RESOLUTION_MS = 10
const lateBy = (nanoseconds: number) => Math.max(0, nanoseconds / 1e6 - LAG_RESOLUTION_MS)

const loadavg1 = async () => (await import('node:os')).loadavg()[0]!.toFixed(2)

export async function runPhase(
  target: Target,
  paths: string[],
  { editor, readers, seconds }: { editor?: Editor; readers: number; seconds: number },
): Promise<PhaseResult> {
  const pool = new Pool(target.base, { connections: readers, headersTimeout: 120_000 })
  const before = await loadavg1()
  const cpuBefore = target.cpu?.()
  const lag = monitorEventLoopDelay({ resolution: LAG_RESOLUTION_MS })
  lag.enable()
  const started = performance.now()
  const end = started + seconds * 1000
  const latencies: number[] = []
  let failed = 0
  let next = 0
  const reader = async () => {
    while (performance.now() < end) {
      const path = `${target.ns}${paths[next++ % paths.length]}`
      const sent = performance.now()
      try {
        const response = await pool.request({ method: 'GET', path })
        await response.body.text()
        if (response.statusCode !== 200) failed++
        else latencies.push(performance.now() - sent)
      } catch {
        failed++
      }
    }
  }
  const edits: number[] = []
  let editsFailed = 0
  const edit = async () => {
    if (!editor) return
    while (performance.now() < end) {
      const sent = performance.now()
      const ok = await editor.update().catch(() => false)
      const took = performance.now() - sent
      if (ok) edits.push(took)
      else editsFailed++
      const wait = editor.everyMs - took
      if (wait > 0 && performance.now() + wait < end)
        await new Promise((resolve) => setTimeout(resolve, wait))
    }
  }
  await Promise.all([...Array.from({ length: readers }, reader), edit()])
  lag.disable()
  // Reads that were under way at the end count in the time they took to finish.
  const elapsed = (performance.now() - started) / 1000
  const cpuUsed = cpuBefore === undefined ? undefined : target.cpu!() - cpuBefore
  await pool.close()
  return {
    clientLag: { p50: lateBy(lag.percentile(50)), p99: lateBy(lag.percentile(99)) },
    ...(cpuUsed === undefined
      ? {}
      : { cpuPerRequest: cpuUsed / (latencies.length + edits.length) }),
    reads: figures(latencies, failed, elapsed),
    ...(editor ? { edits: figures(edits, editsFailed, elapsed) } : {}),
    load: [before, await loadavg1()],
  }
}
