/**
 * Calendar feeds over a large calendar: `npx tsx bench/feed.ts [--events 10000] [--data DIR]`.
 *
 * Seeds a throwaway database as `npm run bench` does (`bench/seed.ts`), boots Payload in this
 * process behind the product's Express front (`src/server/app.ts`), then:
 * - asks for `/events.ics` over the seed's whole date range twice (rendered, then as kept until
 *   the calendar changes) and reports the time to the first byte and to the last, the size, the
 *   VEVENT count, and this process's resident memory before the request and at its peak (sampled
 *   every 5 ms). The feed is read as a stream and counted, not kept, so the peak is the server's.
 * - asks for 8 different feeds at once (each its own window, so none is kept for another), as one
 *   client within its fair share may, while another client (another loopback address) asks for
 *   `/healthz` and a one-event page of the compatibility API every 100 ms, and reports how each
 *   feed was answered and how long the other client waited.
 */
import http from 'node:http'
import { monitorEventLoopDelay } from 'node:perf_hooks'
import { existsSync } from 'node:fs'
import fs from 'node:fs/promises'
import type { AddressInfo } from 'node:net'
import os from 'node:os'
import path from 'node:path'

import { startBenchDatabase } from './database'
import { ROOT, runChild } from './server'

const argument = (name: string) =>
  process.argv.includes(name) ? process.argv[process.argv.indexOf(name) + 1] : undefined
const events = Number(argument('--events') || 10_000) || 10_000
/** `--data DIR`: the seeded database is kept in DIR/<events>/ and reused by the next runs. */
const data = argument('--data')
const MB = 1024 * 1024

const tmp = data
  ? path.resolve(data, String(events))
  : await fs.mkdtemp(path.join(os.tmpdir(), 'feed-bench-'))
const seeded = data !== undefined && existsSync(path.join(tmp, 'seed.json'))
await fs.mkdir(tmp, { recursive: true })
const database = await startBenchDatabase(path.join(tmp, 'pg'), { keep: data !== undefined })
try {
  if (!seeded) {
    const seedStarted = Date.now()
    await runChild([path.join(ROOT, 'bench/seed.ts'), path.join(tmp, 'seed.json')], {
      BENCH_EVENTS: String(events),
      DATABASE_URL: database.url,
      NODE_ENV: 'production',
    })
    console.log(`seeded ${events} events in ${((Date.now() - seedStarted) / 1000).toFixed(1)} s`)
  }

  Object.assign(process.env, {
    DATABASE_URL: database.url,
    DISABLE_PAYLOAD_HMR: 'true',
    LOG_LEVEL: 'warn',
    PAYLOAD_SECRET: 'bench-secret',
    RUN_JOBS: 'false',
  })
  const { bootPayload } = await import('../src/server/db/boot')
  const { createExpressApp } = await import('../src/server/app')
  const payload = await bootPayload()
  const app = createExpressApp({ payload, trustProxy: false })
  const server = app.listen(0, '127.0.0.1')
  await new Promise((resolve) => server.once('listening', resolve))
  const { port } = server.address() as AddressInfo
  const url = `http://127.0.0.1:${port}/events.ics?start_date=2000-01-01&end_date=2100-01-01`

  console.log(
    `load average ${os
      .loadavg()
      .map((load) => load.toFixed(1))
      .join(' ')} on ${os.availableParallelism()} cores`,
  )
  for (const round of ['rendered', 'kept']) {
    globalThis.gc?.()
    const baseline = process.memoryUsage().rss
    let peak = baseline
    const sampler = setInterval(() => (peak = Math.max(peak, process.memoryUsage().rss)), 5)
    const cpu = process.cpuUsage()
    const started = performance.now()
    const response = await fetch(url)
    const firstByte = performance.now() - started
    let bytes = 0
    let vevents = 0
    let carry = ''
    const decoder = new TextDecoder()
    for await (const chunk of response.body as unknown as AsyncIterable<Uint8Array>) {
      bytes += chunk.length
      const text = carry + decoder.decode(chunk, { stream: true })
      vevents += text.split('BEGIN:VEVENT').length - 1
      carry = text.slice(-12)
      vevents -= carry.split('BEGIN:VEVENT').length - 1
    }
    vevents += carry.split('BEGIN:VEVENT').length - 1
    const total = performance.now() - started
    const { system, user } = process.cpuUsage(cpu)
    clearInterval(sampler)
    console.log(
      `${round}: ${response.status}, ${vevents} events, ${(bytes / MB).toFixed(1)} MB, first byte ${firstByte.toFixed(0)} ms, whole feed ${total.toFixed(0)} ms (CPU ${((user + system) / 1000).toFixed(0)} ms), ` +
        `RSS ${(baseline / MB).toFixed(0)} MB before, ${(peak / MB).toFixed(0)} MB peak (+${((peak - baseline) / MB).toFixed(0)} MB)`,
    )
  }
  if (!process.env.NO_CONCURRENT) await concurrentFeeds(`http://127.0.0.1:${port}`)
  server.closeAllConnections()
  server.close()
  await payload.db.destroy?.()
  // Connections Payload keeps outside its pool (boot, replicas) learn of the stop as an error: expected here.
  process.on('uncaughtException', (error) => {
    if ((error as { code?: string }).code !== '57P01') throw error
  })
} finally {
  await database.stop()
  if (!data) await fs.rm(tmp, { force: true, recursive: true })
}
process.exit(0)

/** 8 feeds of one client at once, and another client's probes meanwhile (see the top of the file). */
async function concurrentFeeds(base: string) {
  const delay = monitorEventLoopDelay({ resolution: 10 })
  delay.enable()
  const feeds = Array.from({ length: 8 }, async (_, index) => {
    const started = performance.now()
    const response = await fetch(
      `${base}/events.ics?start_date=2000-01-0${index + 1}&end_date=2100-01-01`,
    )
    const bytes = (await response.arrayBuffer()).byteLength
    return { bytes, ms: performance.now() - started, status: response.status }
  })
  let done = false
  const waits: Record<string, number[]> = {
    '/healthz': [],
    '/wp-json/vendor/events/v1/events?per_page=1': [],
  }
  const probes = Object.keys(waits).map(async (path) => {
    while (!done) {
      const started = performance.now()
      const status = await fromOtherClient(`${base}${path}`)
      waits[path]!.push(status === 200 ? performance.now() - started : Infinity)
      await new Promise((resolve) => setTimeout(resolve, 100))
    }
  })
  const answers = await Promise.all(feeds)
  done = true
  await Promise.all(probes)
  const statuses = answers.map((answer) => answer.status).join(' ')
  const slowest = Math.max(...answers.map((answer) => answer.ms))
  delay.disable()
  console.log(
    `8 feeds at once: statuses ${statuses}, the last answered after ${slowest.toFixed(0)} ms; event loop delay max ${(delay.max / 1e6).toFixed(0)} ms, p99 ${(delay.percentile(99) / 1e6).toFixed(0)} ms`,
  )
  for (const [path, times] of Object.entries(waits)) {
    const sorted = [...times].sort((a, b) => a - b)
    const median = sorted[Math.floor(sorted.length / 2)] ?? NaN
    console.log(
      `  another client's ${path}: ${times.length} requests, median ${median.toFixed(0)} ms, worst ${(sorted.at(-1) ?? NaN).toFixed(0)} ms`,
    )
  }
}

/** A GET from 127.0.0.2: another client for the server's fair share. 0 when it fails or takes over 60 s. */
function fromOtherClient(url: string): Promise<number> {
  return new Promise((resolve) => {
    const request = http.get(url, { localAddress: '127.0.0.2', timeout: 60_000 }, (response) => {
      response.resume()
      response.on('end', () => resolve(response.statusCode ?? 0))
    })
    request.on('timeout', () => request.destroy())
    request.on('error', () => resolve(0))
  })
}
