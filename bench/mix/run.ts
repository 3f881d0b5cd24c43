/**
 * `npm run bench -- --mix [--original http://127.0.0.1:8089] [--seconds 15] [--readers 4]
 * [--cpu-prof DIR] [--markdown FILE] [--data DIR]`
 *
 * Real traffic rather than one URL again and again (issue 29): the same calendar in both systems
 * (seedCalendar.ts), 4 visitors walking ~560 distinct URLs in a fixed shuffled order (walk.ts),
 * first alone, then while one editor updates an event every 0.5 s. This product runs as `npm start`
 * runs it, on a throwaway Postgres, in the original's site timezone; the original (WordPress + The
 * Events Calendar, `tribe/events/v1`) is signed in with ORIGINAL_USER (default `admin`) and the
 * application password in ORIGINAL_APP_PASSWORD, and seeded only where it lacks the mix's items.
 * Each phase runs on both systems back to back, under the same load, and the 1-minute load average
 * is printed before and after each.
 */
import type { ChildProcess } from 'node:child_process'
import { existsSync } from 'node:fs'
import fs from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'

import type { SeedSummary } from '../seed'

import { type BenchDatabase, freePort, startBenchDatabase } from '../database'
import { ROOT, runChild, startServer, stopServer } from '../server'
import { type Editor, type Figures, type PhaseResult, runPhase } from './load'
import { editedTitle, mixIndex, seedCalendar } from './seedCalendar'
import { type Target, basicAuthorization, call } from './target'
import { buildWalk } from './walk'
import { cpuMsOf, nodeMemoryOf, postmasterPid } from './cpu'
import { defaultWorkerCount } from '../../src/server/workers'

type Options = {
  cpuProf?: string
  /** A folder that keeps this product's seeded database (`DIR/pg`) for the next runs, as `npm run bench -- --data` does. */
  data?: string
  markdown?: string
  original?: string
  /** The command names of the original's processes, whose CPU time is its cost (Apache's workers, MariaDB). */
  originalProcesses: string[]
  readers: number
  seconds: number
}

function readOptions(argv: string[]): Options {
  const options: Options = { originalProcesses: ['apache2', 'mariadbd'], readers: 4, seconds: 15 }
  for (let index = 0; index < argv.length; index++) {
    const [flag, inline] = argv[index]!.split('=', 2)
    const value = () => inline ?? argv[++index] ?? ''
    switch (flag) {
      case '--original':
        options.original = value().replace(/\/+$/, '')
        break
      case '--original-processes':
        options.originalProcesses = value().split(',')
        break
      case '--seconds':
        options.seconds = Number(value())
        break
      case '--readers':
        options.readers = Number(value())
        break
      case '--cpu-prof':
        options.cpuProf = path.resolve(value())
        break
      case '--markdown':
        options.markdown = value()
        break
      case '--data':
        options.data = path.resolve(value())
        break
      default:
        throw new Error(`Unknown option for --mix: ${argv[index]}`)
    }
  }
  if (!(options.seconds > 0)) throw new Error('--seconds must be a positive number')
  if (!(Number.isInteger(options.readers) && options.readers > 0))
    throw new Error('--readers must be a positive integer')
  return options
}

const log = (message: string) => console.log(`[mix] ${message}`)

const PHASES = [
  { name: 'reads alone', editing: false },
  { name: 'reads while one editor updates an event every 0.5 s', editing: true },
] as const

/** The editor: the mix's events in a fixed order, each given a new title in turn. */
function editorOf(target: Target, events: { id: number; title?: string }[]): Editor {
  const mine = events
    .map((event) => ({ id: event.id, index: mixIndex(String(event.title ?? '')) }))
    .filter((event): event is { id: number; index: number } => event.index !== undefined)
  if (!mine.length) throw new Error(`${target.name}: no mix event to edit`)
  let count = 0
  return {
    everyMs: 500,
    update: async () => {
      const event = mine[(count * 37) % mine.length]!
      count++
      const answer = await call(target, 'PUT', `/events/${event.id}`, {
        body: { title: editedTitle(event.index, count) },
      })
      return answer.status === 200
    },
  }
}

export async function runMix(argv: string[]): Promise<void> {
  const options = readOptions(argv)
  const tmp = await fs.mkdtemp(path.join(os.tmpdir(), 'pec-mix-'))
  const folder = options.data ?? tmp
  if (options.data) await fs.mkdir(options.data, { recursive: true })
  let database: BenchDatabase | undefined
  let server: ChildProcess | undefined
  const stop = async () => {
    await stopServer(server)
    await database?.stop().catch(() => undefined)
    await fs.rm(tmp, { force: true, recursive: true })
  }
  try {
    const targets: Target[] = []
    if (options.original) {
      const password = process.env.ORIGINAL_APP_PASSWORD
      if (!password) throw new Error('--original needs ORIGINAL_APP_PASSWORD (and ORIGINAL_USER)')
      targets.push({
        authorization: basicAuthorization(process.env.ORIGINAL_USER ?? 'admin', password),
        base: options.original,
        cpu: () => cpuMsOf({ names: options.originalProcesses }),
        name: 'original',
        ns: '/wp-json/tribe/events/v1',
      })
    }

    database = await startBenchDatabase(path.join(folder, 'pg'), { keep: Boolean(options.data) })
    const summaryFile = path.join(folder, 'accounts.json')
    if (!existsSync(summaryFile))
      await runChild([path.join(ROOT, 'bench/seed.ts'), summaryFile], {
        BENCH_EVENTS: '0',
        DATABASE_URL: database.url,
        NODE_ENV: 'production',
      })
    const accounts = JSON.parse(await fs.readFile(summaryFile, 'utf8')) as SeedSummary
    const port = await freePort()
    const base = `http://127.0.0.1:${port}`
    server = await startServer(
      {
        DATABASE_URL: database.url,
        LOG_FORMAT: process.env.LOG_FORMAT ?? 'json',
        NODE_ENV: 'production',
        PAYLOAD_SECRET: 'bench-secret',
        PORT: String(port),
        SITE_TIMEZONE: 'America/New_York',
        SITE_URL: base,
      },
      options.cpuProf,
    )
    const postgres = postmasterPid(path.join(folder, 'pg'))
    const serverPid = server.pid!
    targets.push({
      authorization: basicAuthorization(accounts.admin.username, accounts.appPassword),
      base,
      cpu: () => cpuMsOf({ pids: [serverPid, ...(postgres ? [postgres] : [])] }),
      name: 'ours',
      ns: '/wp-json/vendor/events/v1',
    })
    log(
      `ours on ${base} (pid ${server.pid}, WEB_CONCURRENCY ${process.env.WEB_CONCURRENCY ?? `unset: ${defaultWorkerCount(os.availableParallelism())} worker(s)`})`,
    )

    const walks = new Map<Target, Awaited<ReturnType<typeof buildWalk>>>()
    for (const target of targets) {
      await seedCalendar(target, log)
      const walk = await buildWalk(target)
      walks.set(target, walk)
      log(`${target.name}: ${walk.paths.length} distinct URLs, ${walk.events.length} events`)
    }
    const [first, ...others] = [...walks.values()]
    for (const other of others)
      if (other.paths.length !== first!.paths.length)
        throw new Error(
          `the walks differ: ${[...walks.values()].map((walk) => walk.paths.length).join(' against ')} URLs`,
        )

    const floor = await measureFloor(targets.at(-1)!, walks.get(targets.at(-1)!)!, options)

    const results = new Map<string, PhaseResult>()
    for (const phase of PHASES) {
      for (const target of targets) {
        const walk = walks.get(target)!
        const result = await runPhase(target, walk.paths, {
          editor: phase.editing ? editorOf(target, walk.events) : undefined,
          readers: options.readers,
          seconds: options.seconds,
        })
        results.set(`${phase.name}/${target.name}`, result)
        log(
          `${phase.name}, ${target.name}: ${describe(result.reads)}${result.edits ? `; updates ${describe(result.edits)}` : ''}${result.cpuPerRequest === undefined ? '' : `; ${result.cpuPerRequest.toFixed(1)} CPU ms per request`}; the bench's own event loop late by p50 ${result.clientLag.p50.toFixed(1)} ms, p99 ${result.clientLag.p99.toFixed(1)} ms; load ${result.load[0]} → ${result.load[1]}`,
        )
      }
    }
    // A cluster's primary first, then its workers (WEB_CONCURRENCY, src/server/workers.ts).
    const memory = nodeMemoryOf(serverPid)
    const rss = `- Memory (RSS) of ours after the phases: ${memory.map(({ mb }, index) => `${index === 0 ? (memory.length > 1 ? 'primary' : 'server') : `worker ${index}`} ${mb} MB`).join(', ')}`
    log(rss.slice(2))
    const table = `${report(options, targets, results, walks.get(targets.at(-1)!)!.paths.length)}\n${floor}\n${rss}`
    console.log(`\n${table}`)
    if (options.markdown) await fs.appendFile(options.markdown, `${table}\n`)
  } finally {
    await stop()
  }
}

/**
 * The product's floor, with the same readers: `/healthz` (the server alone, no database) and one
 * event's answer asked again and again (kept after the first), before the walk begins.
 */
async function measureFloor(
  ours: Target,
  walk: { events: { id: number }[] },
  options: Options,
): Promise<string> {
  const seconds = Math.min(5, options.seconds)
  const lines: string[] = []
  for (const [what, target, path] of [
    ['GET /healthz', { ...ours, ns: '' }, '/healthz'],
    ['one kept event answer', ours, `/events/${walk.events[0]!.id}`],
  ] as const) {
    const { cpuPerRequest, load, reads } = await runPhase(target, [path], {
      readers: options.readers,
      seconds,
    })
    const cpu = cpuPerRequest === undefined ? '' : `, ${ms(cpuPerRequest)} CPU ms per request`
    lines.push(`- Floor, ${what}: ${describe(reads)}${cpu} (load ${load.join(' → ')})`)
    log(lines.at(-1)!.slice(2))
  }
  return lines.join('\n')
}

const ms = (value: number) => (Number.isNaN(value) ? '–' : value.toFixed(value < 10 ? 1 : 0))

function describe(figures: Figures): string {
  const failed = figures.failed ? `, ${figures.failed} failed` : ''
  return `${figures.count} in all, ${figures.rps.toFixed(1)}/s, p50 ${ms(figures.p50)} ms, p95 ${ms(figures.p95)} ms, p97.5 ${ms(figures.p975)} ms${failed}`
}

function report(
  options: Options,
  targets: Target[],
  results: Map<string, PhaseResult>,
  urls: number,
): string {
  const names = targets.map((target) => target.name)
  const cell = (phase: string, name: string, edits = false) => {
    const result = results.get(`${phase}/${name}`)
    const figures = edits ? result?.edits : result?.reads
    if (!result || !figures) return '–'
    const failed = figures.failed ? ` ⚠ ${figures.failed} failed` : ''
    return edits
      ? `${figures.count} updates, p50 ${ms(figures.p50)} ms, p95 ${ms(figures.p95)} ms${failed}`
      : `${figures.rps.toFixed(1)} req/s, p50 ${ms(figures.p50)} ms, p97.5 ${ms(figures.p975)} ms${result.cpuPerRequest === undefined ? '' : `, ${ms(result.cpuPerRequest)} CPU ms/request`}${failed}`
  }
  /** The original's CPU per request against ours: what a request costs each, whatever the share of the CPU each got. */
  const cpuRatio = (phase: string, edits: boolean) => {
    const [original, ours] = ['original', 'ours'].map((name) => results.get(`${phase}/${name}`))
    if (edits || !original?.cpuPerRequest || !ours?.cpuPerRequest) return '–'
    return `${(original.cpuPerRequest / ours.cpuPerRequest).toFixed(1)}×`
  }
  const ratio = (phase: string, edits = false) => {
    if (names.length < 2) return '–'
    const of = (name: string) => results.get(`${phase}/${name}`)
    const [original, ours] = [of('original'), of('ours')]
    if (!original || !ours) return '–'
    const value = edits
      ? original.edits!.p50 / ours.edits!.p50
      : ours.reads.rps / original.reads.rps
    return `${value.toFixed(1)}×`
  }
  const loads = (phase: string) =>
    names.map((name) => `${name} ${results.get(`${phase}/${name}`)!.load.join(' → ')}`).join('; ')
  const lines = [
    `### The mix — ${new Date().toISOString().slice(0, 16).replace('T', ' ')} UTC`,
    '',
    `${os.cpus().length} cores (${os.cpus()[0]?.model ?? 'unknown CPU'}), Node ${process.version}; ${options.readers} readers walking ${urls} distinct URLs, ${options.seconds} s per phase and system.`,
    '',
    `| phase | ${names.includes('original') ? 'the original | ' : ''}this product | ratio | CPU ratio |`,
    `| --- | ${names.includes('original') ? '---: | ' : ''}---: | ---: | ---: |`,
  ]
  const row = (label: string, phase: string, edits = false) =>
    `| ${label} | ${names.map((name) => cell(phase, name, edits)).join(' | ')} | ${ratio(phase, edits)} | ${cpuRatio(phase, edits)} |`
  lines.push(row(PHASES[0].name, PHASES[0].name))
  lines.push(row(PHASES[1].name, PHASES[1].name))
  lines.push(row("the editor's updates (ratio of p50)", PHASES[1].name, true))
  lines.push('')
  for (const phase of PHASES)
    lines.push(`- 1-minute load average, ${phase.name}: ${loads(phase.name)}`)
  return lines.join('\n')
}
