/**
 * `node --import ./src/server/register.mjs bench/reads.ts DIR [--reads 400] [--route by-id|by-slug|page50] [--cpu-prof DIR] [--show]`
 *
 * What one first read costs, measured in one process so that the machine's load disturbs it less
 * than `npm run bench`'s req/s (as `create.ts` does for writes): on one size's database kept by
 * `npm run bench -- --data` (DIR is that size's folder, `<--data>/50`), with nothing kept between
 * requests (`KEEP_READS=false`, `KEEP_ANSWERS=false`: the bench's `--cold`), it serves the
 * compatibility API from this process (`endpoints/express.ts`, no admin) and asks each published
 * event in turn by id or by slug, one request at a time, or the list's page 50. Prints, per request:
 * SQL statements (every query the `pg` driver sends), wall time and this process's CPU time, median
 * and p95, and the Postgres server's CPU time (all its processes, from `/proc`); `--show` lists the statements of the last request; `--cpu-prof DIR` writes a V8 profile.
 */
import express from 'express'
import inspector from 'node:inspector/promises'
import type { AddressInfo } from 'node:net'
import fs from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'

import type pg from 'pg'

import { startBenchDatabase } from './database'
import { cpuMsOf, postmasterPid } from './mix/cpu'
import { cacheStats } from '../src/calendar/cache/registry'
import { pluginOptionsOf } from '../src/pluginOptions'
import { countStatements, measureEach, quantile } from './statements'

type Options = {
  cpuProf?: string
  dir: string
  reads: number
  route: 'by-id' | 'by-slug' | 'page50'
  show: boolean
}

function readOptions(argv: string[]): Options {
  const options: Partial<Options> & Pick<Options, 'reads' | 'route' | 'show'> = {
    reads: 400,
    route: 'by-id',
    show: false,
  }
  for (let index = 0; index < argv.length; index++) {
    const [flag, inline] = argv[index]!.split('=', 2)
    const value = () => inline ?? argv[++index] ?? ''
    switch (flag) {
      case '--reads':
        options.reads = Number(value())
        break
      case '--route':
        options.route = value() as Options['route']
        break
      case '--cpu-prof':
        options.cpuProf = path.resolve(value())
        break
      case '--show':
        options.show = true
        break
      default:
        if (flag!.startsWith('--') || options.dir) throw new Error(`Unknown option ${argv[index]}`)
        options.dir = path.resolve(flag!)
    }
  }
  if (!options.dir)
    throw new Error(
      'usage: bench/reads.ts DIR [--reads N] [--route by-id|by-slug|page50] [--cpu-prof DIR] [--show]',
    )
  return options as Options
}

/** CPU time (ms) used so far by the Postgres server of `dir` and its processes (Linux `/proc`; 0 elsewhere). */
function postgresCpuMs(dir: string): number {
  const pid = postmasterPid(dir)
  return pid ? cpuMsOf({ pids: [pid] }) : 0
}

async function main() {
  setInterval(() => undefined, 1000)
  const options = readOptions(process.argv.slice(2))
  const database = await startBenchDatabase(path.join(options.dir, 'pg'), { keep: true })
  try {
    const published = (
      await database.query(
        `SELECT id, slug FROM events WHERE status = 'publish' AND coalesce(password, '') = '' ORDER BY md5(id::text)`,
      )
    ).rows
    process.env.DATABASE_URL = database.url
    process.env.PAYLOAD_SECRET ??= 'bench-secret'
    process.env.LOG_LEVEL ??= 'warn'
    process.env.KEEP_READS = 'false'
    process.env.KEEP_ANSWERS = 'false'
    const texts = countStatements()
    const { bootPayload } = await import('../src/server/db/boot')
    const { compatMiddleware } = await import('../endpoints/express')
    const payload = await bootPayload({ migrate: true })
    const app = express()
    app.use(compatMiddleware(async () => payload, pluginOptionsOf(payload)))
    const server = app.listen(0, '127.0.0.1')
    await new Promise((resolve) => server.once('listening', resolve))
    const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}/wp-json/vendor/events/v1/events`
    let asked = 0
    const pathOf = () => {
      const row = published[asked++ % published.length]!
      return options.route === 'page50'
        ? '?page=50'
        : options.route === 'by-id'
          ? `/${row.id}`
          : `/by-slug/${row.slug}`
    }
    const read = async () => {
      const response = await fetch(`${base}${pathOf()}`)
      await response.text()
      if (response.status !== 200) throw new Error(`answered ${response.status}`)
    }
    for (let index = 0; index < 30; index++) await read()
    const session = options.cpuProf ? new inspector.Session() : null
    if (session) {
      session.connect()
      await session.post('Profiler.enable')
      await session.post('Profiler.start')
    }
    const postgresBefore = postgresCpuMs(path.join(options.dir, 'pg'))
    const measuredFrom = performance.now()
    const { cpuMs, last: shown, statements, wallMs } = await measureEach(options.reads, texts, read)
    const postgresMs = postgresCpuMs(path.join(options.dir, 'pg')) - postgresBefore
    const measuredMs = performance.now() - measuredFrom
    if (session) {
      const { profile } = await session.post('Profiler.stop')
      await fs.mkdir(options.cpuProf!, { recursive: true })
      const file = path.join(options.cpuProf!, `reads-${options.route}-${Date.now()}.cpuprofile`)
      await fs.writeFile(file, JSON.stringify(profile))
      console.log(`profile: ${file}`)
    }
    const format = (values: number[]) =>
      `median ${quantile(values, 0.5).toFixed(2)}, p95 ${quantile(values, 0.95).toFixed(2)}`
    console.log(
      `${options.reads} reads (${options.route}) of ${published.length} published events, nothing kept, load average ${os
        .loadavg()
        .map((v) => v.toFixed(2))
        .join(', ')}`,
    )
    console.log(
      `statements per read: ${format(statements)} (min ${Math.min(...statements)}, max ${Math.max(...statements)})`,
    )
    console.log(`wall ms per read: ${format(wallMs)}`)
    console.log(`CPU ms per read (this process, client included): ${format(cpuMs)}`)
    console.log(
      `Postgres CPU ms per read (all its processes, mean): ${(postgresMs / options.reads).toFixed(2)}; reads per second one at a time: ${((options.reads * 1000) / measuredMs).toFixed(0)}`,
    )
    for (const region of cacheStats(payload).process)
      console.log(
        `cache ${region.name}: ${region.entries} of ${region.maxEntries} entries, ${region.hits} hits, ${region.misses} misses, ${region.evictions} evictions`,
      )
    if (options.show)
      shown.forEach(({ text }, index) =>
        console.log(`${String(index + 1).padStart(2)}. ${text.replace(/\s+/g, ' ').slice(0, 160)}`),
      )
    server.close()
    await Promise.race([
      (payload.db as unknown as { pool: pg.Pool }).pool.end(),
      new Promise((resolve) => setTimeout(resolve, 3000)),
    ])
  } finally {
    await database.stop()
  }
  process.exit(0)
}

main().catch((error) => {
  console.error(error)
  process.exit(1)
})
