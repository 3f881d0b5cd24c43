/**
 * `npm run bench -- --recurrence [--sizes 1000:5000,10000:50000] [--data DIR] [--duration S] [--runs N] [--cold] [--only a,b] [--cpu-prof DIR]`
 *
 * Issue 26's calendar of recurring events: for each size (`series:singles`; 1,000 series and
 * 5,000 single events make about 100,000 occurrences, 10,000 and 50,000 about 1,000,000) it seeds
 * a database (bench/recurrenceSeed.ts), starts the real server with no whole answers kept for
 * visitors (`KEEP_ANSWERS=false`; `--cold` keeps nothing at all), and loads every list route
 * that shows occurrences at c=2; then times creating and editing a weekly series of 260
 * occurrences through Payload's REST API (`--runs` each, one at a time), and the horizon job over
 * the whole calendar (bench/recurrenceJob.ts). Prints req/s and p50/p95/p99, the p95 growth from
 * each size to the next, and the load average.
 */
import { existsSync } from 'node:fs'
import fs from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import { fileURLToPath } from 'node:url'

import type { RecurrenceSeedSummary } from './recurrenceSeed'

import { type BenchDatabase, freePort, startBenchDatabase } from './database'
import { MAX_P95_GROWTH } from './original'
import { load, type Request, type Side } from './run'
import { fetchJson, loadavg, runChild, startServer, stopServer } from './server'

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..')
const COMPAT = '/wp-json/vendor/events/v1'
const DAY = 86_400_000
/** The issue's floor for every list route, with answers not kept. */
const MIN_RPS = 200
/** The issue's bound on creating or editing a weekly series of 260 occurrences. */
const MAX_WRITE_P95_MS = 150
/** The issue's bound on the horizon job over the whole calendar. */
const MAX_JOB_MS = 60_000

type Options = {
  cold: boolean
  /** Where the server writes a V8 CPU profile when it stops (`--cpu-prof DIR`). */
  cpuProf?: string
  data?: string
  duration: number
  maxMinutes: number
  only?: string[]
  runs: number
  sizes: { series: number; singles: number }[]
  warmup: number
}

function readOptions(argv: string[]): Options {
  const options: Options = {
    cold: false,
    duration: 3,
    maxMinutes: 90,
    runs: 20,
    sizes: [
      { series: 1_000, singles: 5_000 },
      { series: 10_000, singles: 50_000 },
    ],
    warmup: 1,
  }
  for (let index = 0; index < argv.length; index++) {
    const [flag, inline] = argv[index]!.split('=', 2)
    const value = () => inline ?? argv[++index] ?? ''
    switch (flag) {
      case '--sizes':
        options.sizes = value()
          .split(',')
          .map((size) => {
            const [series, singles] = size.split(':').map((n) => Number(n.replace(/_/g, '')))
            return { series: series!, singles: singles! }
          })
        break
      case '--data':
        options.data = path.resolve(value())
        break
      case '--duration':
        options.duration = Number(value())
        break
      case '--warmup':
        options.warmup = Number(value())
        break
      case '--runs':
        options.runs = Number(value())
        break
      case '--cpu-prof':
        options.cpuProf = path.resolve(value())
        break
      case '--cold':
        options.cold = true
        break
      // Answers are never kept whole here: the issue measures them made.
      case '--no-answers':
        break
      case '--only':
        options.only = value().split(',')
        break
      case '--max-minutes':
        options.maxMinutes = Number(value())
        break
      default:
        throw new Error(`Unknown option for --recurrence: ${argv[index]}`)
    }
  }
  if (
    !options.sizes.every(
      (size) =>
        Number.isInteger(size.series) &&
        Number.isInteger(size.singles) &&
        size.series >= 10 &&
        size.singles >= 40,
    )
  )
    throw new Error('--sizes is series:singles, at least 10:40, comma-separated')
  if (!(options.duration > 0)) throw new Error('--duration must be a positive number of seconds')
  if (!(Number.isInteger(options.runs) && options.runs >= 1))
    throw new Error('--runs must be a positive integer')
  return options
}

type Scenario = { make: () => Request; name: string; what: string }
type Cpu = { postgresCpuMs: number; serverCpuMs: number }
type Result = Cpu & {
  errors: number
  name: string
  non2xx: number
  p50: number
  p95: number
  p99: number
  rps: number
}
type Timing = Cpu & { count: number; name: string; p50: number; p95: number; max: number }
type SizeRun = {
  job: { added: number; cpuMs: number; ms: number; postgresCpuMs: number; series: number }
  load: [string, string]
  reads: Result[]
  seed: RecurrenceSeedSummary
  writes: Timing[]
}

const log = (message: string) => console.log(`[bench] ${message}`)
const dateOnly = (time: number) => new Date(time).toISOString().slice(0, 10)
const rotate = <T>(items: T[]) => {
  let index = 0
  return () => items[index++ % items.length]!
}
const ms = (value: number) =>
  Number.isNaN(value) ? '–' : value < 10 ? value.toFixed(1) : value.toFixed(0)

/** Every list route that shows occurrences, as a visitor asks it. */
function scenarios(seed: RecurrenceSeedSummary): Scenario[] {
  const get = (url: string): Request => ({ path: url })
  const today = Math.floor(Date.now() / DAY) * DAY
  const weeks = Array.from({ length: 26 }, (_, index) => today + index * 7 * DAY)
  const series = seed.seriesSample
  const week = rotate(weeks)
  const jsonDay = rotate(Array.from({ length: 30 }, (_, index) => today + index * DAY))
  const page = rotate(Array.from({ length: 10 }, (_, index) => index + 2))
  const parent = rotate(series)
  const occurrencesOf = rotate(series)
  const graphOf = rotate(series)
  return [
    {
      name: 'events-default',
      what: 'GET /events (the default window: from now on)',
      make: () => get(`${COMPAT}/events`),
    },
    {
      name: 'events-week',
      what: 'GET /events?start_date=…&end_date=… (a week, 26 different weeks)',
      make: () => {
        const from = week()
        return get(
          `${COMPAT}/events?start_date=${dateOnly(from)}&end_date=${dateOnly(from + 6 * DAY)}`,
        )
      },
    },
    {
      name: 'events-pages',
      what: 'GET /events?page=2…11&per_page=20',
      make: () => get(`${COMPAT}/events?page=${page()}&per_page=20`),
    },
    {
      name: 'events-category',
      what: `GET /events?categories=${seed.filter.category}`,
      make: () => get(`${COMPAT}/events?categories=${seed.filter.category}`),
    },
    {
      name: 'events-venue',
      what: `GET /events?venue=${seed.filter.venue}`,
      make: () => get(`${COMPAT}/events?venue=${seed.filter.venue}`),
    },
    {
      name: 'events-search',
      what: 'GET /events?search=jazz',
      make: () => get(`${COMPAT}/events?search=jazz`),
    },
    {
      name: 'events-post-parent',
      what: `GET /events?post_parent={series} (${series.length} series)`,
      make: () => get(`${COMPAT}/events?post_parent=${parent()}`),
    },
    {
      name: 'occurrences-rest',
      what: "GET /api/events/{series}/occurrences (Payload's REST: a year from now)",
      make: () => get(`/api/events/${occurrencesOf()}/occurrences`),
    },
    {
      name: 'occurrences-graphql',
      what: 'POST /api/graphql EventOccurrences(event: {series}) (a year from now)',
      make: () => ({
        body: JSON.stringify({
          query: `{ EventOccurrences(event: ${graphOf()}) { totalDocs docs { id startUtc endUtc status } } }`,
        }),
        headers: { 'content-type': 'application/json' },
        method: 'POST',
        path: '/api/graphql',
      }),
    },
    {
      name: 'events-json',
      what: 'GET /events.json?start=…&end=… (a day, 30 different days: a week of a million occurrences holds more than its 2,000 items)',
      make: () => {
        const from = jsonDay()
        return get(`/events.json?start=${dateOnly(from)}&end=${dateOnly(from + DAY)}`)
      },
    },
    {
      name: 'ics-feed',
      what: 'GET /events.ics (the calendar feed)',
      make: () => get('/events.ics'),
    },
  ]
}

export async function benchRecurrence(argv: string[]): Promise<void> {
  // Keeps the process alive while modules load (as run.ts's main does).
  setInterval(() => undefined, 1000)
  const options = readOptions(argv)
  let tmp: string | undefined
  let database: BenchDatabase | undefined
  let server: Awaited<ReturnType<typeof startServer>> | undefined
  const stopAll = async () => {
    if (server) await stopServer(server)
    server = undefined
    await database?.stop().catch(() => undefined)
    database = undefined
    if (tmp) await fs.rm(tmp, { force: true, recursive: true })
    tmp = undefined
  }
  const deadline = setTimeout(() => {
    console.error(`[bench] still running after ${options.maxMinutes} minutes: stopping.`)
    void stopAll().finally(() => process.exit(2))
  }, options.maxMinutes * 60_000)
  deadline.unref()
  for (const signal of ['SIGINT', 'SIGTERM'] as const)
    process.on(signal, () => void stopAll().finally(() => process.exit(130)))

  const runs: SizeRun[] = []
  try {
    log(
      `machine: ${os.cpus()[0]?.model ?? 'unknown CPU'}, ${os.cpus().length} cores, ${Math.round(os.totalmem() / 2 ** 30)} GiB, Node ${process.version}; load average ${loadavg()}`,
    )
    for (const size of options.sizes) {
      const name = `recurrence-${size.series}-${size.singles}`
      const kept = options.data ? path.join(options.data, name) : undefined
      if (kept) await fs.mkdir(kept, { recursive: true })
      else tmp = await fs.mkdtemp(path.join(os.tmpdir(), 'pec-bench-'))
      const folder = kept ?? tmp!
      const summaryFile = path.join(folder, 'seed.json')
      const reuse = Boolean(kept) && existsSync(summaryFile)
      const pgFolder = path.join(folder, 'pg')
      database = await startBenchDatabase(pgFolder, { keep: Boolean(kept) })
      let started = Date.now()
      if (reuse) log(`reusing the calendar seeded in ${folder}`)
      else {
        log(`seeding ${size.series} series and ${size.singles} single events…`)
        const output = await runChild([path.join(ROOT, 'bench/recurrenceSeed.ts'), summaryFile], {
          BENCH_SERIES: String(size.series),
          BENCH_SINGLES: String(size.singles),
          DATABASE_URL: database.url,
          NODE_ENV: 'production',
        })
        if (!existsSync(summaryFile))
          throw new Error(`the seed wrote no summary:\n${output.slice(-4000)}`)
      }
      const seed = JSON.parse(await fs.readFile(summaryFile, 'utf8')) as RecurrenceSeedSummary
      if (reuse) await putBackSeed(database, seed)
      log(
        `${seed.series} series and ${seed.singles} single events: ${seed.occurrences.toLocaleString('en')} occurrences${reuse ? '' : ` (seeded in ${((Date.now() - started) / 1000).toFixed(0)} s)`}`,
      )

      const load1 = loadavg()
      const wanted = (name: string) => !options.only || options.only.includes(name)
      let reads: Result[] = []
      let writes: Timing[] = []
      if (scenarios(seed).some((scenario) => wanted(scenario.name)) || wanted('writes')) {
        started = Date.now()
        const port = await freePort()
        const base = `http://127.0.0.1:${port}`
        server = await startServer(
          {
            DATABASE_URL: database.url,
            KEEP_ANSWERS: 'false',
            KEEP_READS: options.cold ? 'false' : 'true',
            LOG_FORMAT: process.env.LOG_FORMAT ?? 'json',
            NODE_ENV: 'production',
            PAYLOAD_SECRET: 'bench-secret',
            PORT: String(port),
            // The horizon job is timed in a process of its own (below): run by the server's job
            // queue meanwhile, it would be measured as the routes' cost.
            RUN_JOBS: 'false',
            SITE_URL: base,
          },
          options.cpuProf,
        )
        log(`server ready in ${((Date.now() - started) / 1000).toFixed(1)} s`)
        const cpu = () => cpuOf(server!.pid!, pgFolder)
        reads = await loadRoutes(
          base,
          scenarios(seed).filter((scenario) => wanted(scenario.name)),
          options,
          cpu,
        )
        if (wanted('writes')) writes = await timeWrites(base, database, seed, options.runs, cpu)
        // The job runs on the database alone.
        await stopServer(server)
        server = undefined
      }

      let job = { added: NaN, cpuMs: NaN, ms: NaN, postgresCpuMs: NaN, series: NaN }
      if (wanted('job')) {
        const jobFile = path.join(folder, 'job.json')
        const postgresBefore = await postgresCpuMs(pgFolder)
        await runChild([path.join(ROOT, 'bench/recurrenceJob.ts'), jobFile], {
          DATABASE_URL: database.url,
          NODE_ENV: 'production',
        })
        // The job's backends are reaped once its connections close.
        await new Promise((resolve) => setTimeout(resolve, 500))
        job = {
          ...JSON.parse(await fs.readFile(jobFile, 'utf8')),
          postgresCpuMs: (await postgresCpuMs(pgFolder)) - postgresBefore,
        }
        log(
          `horizon job: ${job.series} series extended, ${job.added} occurrences added, in ${(job.ms / 1000).toFixed(1)} s (CPU: ${(job.cpuMs / 1000).toFixed(1)} s its own process, ${(job.postgresCpuMs / 1000).toFixed(1)} s Postgres's)`,
        )
        // The calendar as seeded again, for the next run on the same data (`--data`).
        await resetHorizon(database, seed)
      }
      const run: SizeRun = { job, load: [load1, loadavg()], reads, seed, writes }
      runs.push(run)
      console.log(`\n${report(options, run, database.version)}\n`)
      await stopAll()
    }
    const summary = growth(runs)
    if (summary) console.log(`${summary}\n`)
  } finally {
    await stopAll()
    clearTimeout(deadline)
  }
}

/** Each route at c=2 for `--duration` seconds after `--warmup`, with the CPU it cost per request. */
async function loadRoutes(
  base: string,
  routes: Scenario[],
  options: Options,
  cpuNow: () => Promise<CpuSnapshot>,
): Promise<Result[]> {
  const reads: Result[] = []
  for (const scenario of routes) {
    const first = scenario.make()
    const answer = await fetchJson(`${base}${first.path}`, first)
    if (answer.status !== 200)
      throw new Error(
        `${scenario.name} answered ${answer.status}: ${JSON.stringify(answer.body).slice(0, 400)}`,
      )
    log(`${scenario.name}: ${scenario.what} — ${describe(answer)}`)
    const side: Side = { make: scenario.make }
    if (options.warmup > 0) await load(base, side, 2, options.warmup)
    const before = await cpuNow()
    const measured = await load(base, side, 2, options.duration)
    const cpu = spentSince(before, await cpuNow(), measured.requests)
    const result = { name: scenario.name, ...measured, ...cpu }
    reads.push(result)
    log(
      `${scenario.name.padEnd(20)} ${result.rps.toFixed(0).padStart(5)} req/s  p50 ${ms(result.p50)}  p95 ${ms(result.p95)}  p99 ${ms(result.p99)} ms  CPU/request ${ms(cpu.serverCpuMs)} + ${ms(cpu.postgresCpuMs)} ms${result.errors || result.non2xx ? `  (${result.errors} errors, ${result.non2xx} non-2xx)` : ''}`,
    )
  }
  return reads
}

/** CPU time (user + system) in ms by process: the server's and every Postgres process's. */
type CpuSnapshot = Map<number, number>

/** The CPU a process has used, in ms (/proc/PID/stat: utime and stime, in clock ticks of 10 ms). */
async function processCpuMs(pid: number): Promise<number | undefined> {
  const stat = await fs.readFile(`/proc/${pid}/stat`, 'utf8').catch(() => '')
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ')
  return fields.length > 13 ? (Number(fields[11]) + Number(fields[12])) * 10 : undefined
}

/** The server's CPU (under -1) and that of Postgres's postmaster and its backends, by pid. */
async function cpuOf(serverPid: number, pgFolder: string): Promise<CpuSnapshot> {
  const snapshot: CpuSnapshot = new Map()
  snapshot.set(-1, (await processCpuMs(serverPid)) ?? 0)
  const postmaster = Number(
    (await fs.readFile(path.join(pgFolder, 'postmaster.pid'), 'utf8').catch(() => '')).split(
      '\n',
    )[0],
  )
  if (!postmaster) return snapshot
  for (const entry of await fs.readdir('/proc')) {
    if (!/^\d+$/.test(entry)) continue
    const stat = await fs.readFile(`/proc/${entry}/stat`, 'utf8').catch(() => '')
    const parent = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1])
    if (Number(entry) !== postmaster && parent !== postmaster) continue
    const cpu = await processCpuMs(Number(entry))
    if (cpu !== undefined) snapshot.set(Number(entry), cpu)
  }
  return snapshot
}

/**
 * Postgres's CPU so far, in ms: its processes' own and, from the postmaster's cutime and cstime,
 * that of the backends that have ended (the horizon job's end with its process).
 */
async function postgresCpuMs(pgFolder: string): Promise<number> {
  const snapshot = await cpuOf(process.pid, pgFolder)
  snapshot.delete(-1)
  const postmaster = Number(
    (await fs.readFile(path.join(pgFolder, 'postmaster.pid'), 'utf8').catch(() => '')).split(
      '\n',
    )[0],
  )
  const stat = await fs.readFile(`/proc/${postmaster}/stat`, 'utf8').catch(() => '')
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ')
  const reaped = fields.length > 14 ? (Number(fields[13]) + Number(fields[14])) * 10 : 0
  return [...snapshot.values()].reduce((sum, cpu) => sum + cpu, reaped)
}

/** CPU per request between two snapshots: a backend started in between counts from zero. */
function spentSince(before: CpuSnapshot, after: CpuSnapshot, requests: number): Cpu {
  let postgres = 0
  for (const [pid, cpu] of after) if (pid !== -1) postgres += cpu - (before.get(pid) ?? 0)
  const per = (value: number) => (requests ? value / requests : NaN)
  return {
    postgresCpuMs: per(postgres),
    serverCpuMs: per((after.get(-1) ?? 0) - (before.get(-1) ?? 0)),
  }
}

function describe(answer: { body: unknown; headers: Headers }): string {
  const total = answer.headers.get('x-tec-total')
  if (total) return `${total} occurrences`
  if (typeof answer.body === 'string')
    return `${(answer.body.match(/BEGIN:VEVENT/g) ?? []).length} VEVENTs`
  if (Array.isArray(answer.body)) return `${answer.body.length} items`
  const body = answer.body as Record<string, unknown> & {
    data?: { EventOccurrences?: { totalDocs: number } }
  }
  if (typeof body?.totalDocs === 'number') return `${body.totalDocs} occurrences`
  if (body?.data?.EventOccurrences) return `${body.data.EventOccurrences.totalDocs} occurrences`
  return 'answered'
}

/**
 * Creates `runs` weekly series of 260 occurrences (started 155 weeks ago, so that all 260 lie
 * before the 24-month horizon and are stored) through Payload's REST API, then moves each one's
 * start by an hour (every occurrence's times change), one request at a time; checks that each
 * series stored its 260 occurrences.
 */
async function timeWrites(
  base: string,
  database: BenchDatabase,
  seed: RecurrenceSeedSummary,
  runs: number,
  cpu: () => Promise<CpuSnapshot>,
): Promise<Timing[]> {
  try {
    return await writeSeries(base, seed, runs, cpu)
  } finally {
    // The series written here leave the calendar as seeded, for the routes of the next run.
    await removeWrittenSeries(database)
  }
}

async function writeSeries(
  base: string,
  seed: RecurrenceSeedSummary,
  runs: number,
  cpu: () => Promise<CpuSnapshot>,
): Promise<Timing[]> {
  const login = await fetchJson(`${base}/api/users/login`, {
    body: JSON.stringify({ email: seed.admin.email, password: seed.admin.password }),
    headers: { 'content-type': 'application/json' },
    method: 'POST',
  })
  const token = (login.body as { token?: string }).token
  if (!token) throw new Error(`could not sign in: ${JSON.stringify(login.body).slice(0, 300)}`)
  const headers = { authorization: `JWT ${token}`, 'content-type': 'application/json' }
  const first = Math.floor(Date.now() / DAY) * DAY - 155 * 7 * DAY + 18 * 3_600_000
  const created: { id: number; start: number }[] = []
  const times = { create: [] as number[], edit: [] as number[] }
  const spent: Record<'create' | 'edit', Cpu> = {} as never
  let before = await cpu()
  for (let index = 0; index < runs; index++) {
    const start = first + (index % 7) * DAY
    const began = performance.now()
    const answer = await fetchJson(`${base}/api/events?depth=0`, {
      body: JSON.stringify({
        title: `${WRITTEN_TITLE}${index + 1}`,
        startDate: new Date(start).toISOString(),
        endDate: new Date(start + 5_400_000).toISOString(),
        timezone: 'Europe/Paris',
        venue: seed.filter.venue,
        categories: [seed.filter.category],
        status: 'publish',
        recurrence: { rule: 'FREQ=WEEKLY;COUNT=260' },
      }),
      headers,
      method: 'POST',
    })
    times.create.push(performance.now() - began)
    const id = (answer.body as { doc?: { id?: number } }).doc?.id
    if (answer.status !== 201 || !id)
      throw new Error(
        `creating a series answered ${answer.status}: ${JSON.stringify(answer.body).slice(0, 400)}`,
      )
    created.push({ id, start })
  }
  spent.create = spentSince(before, await cpu(), runs)
  before = await cpu()
  for (const { id, start } of created) {
    const began = performance.now()
    const answer = await fetchJson(`${base}/api/events/${id}?depth=0`, {
      body: JSON.stringify({
        startDate: new Date(start + 3_600_000).toISOString(),
        endDate: new Date(start + 3_600_000 + 5_400_000).toISOString(),
      }),
      headers,
      method: 'PATCH',
    })
    times.edit.push(performance.now() - began)
    if (answer.status !== 200)
      throw new Error(
        `editing a series answered ${answer.status}: ${JSON.stringify(answer.body).slice(0, 400)}`,
      )
  }
  spent.edit = spentSince(before, await cpu(), runs)
  const check = await fetchJson(
    `${base}/api/events/${created[0]!.id}/occurrences?from=${dateOnly(first - DAY)}&to=${dateOnly(first + 5 * 365 * DAY)}&limit=1`,
    { headers },
  )
  const stored = (check.body as { totalDocs?: number }).totalDocs
  if (stored !== 260) throw new Error(`a created series stored ${stored} occurrences, not 260`)
  const timing = (name: string, values: number[], used: Cpu): Timing => {
    const sorted = [...values].sort((a, b) => a - b)
    const at = (q: number) => sorted[Math.min(sorted.length - 1, Math.ceil(q * sorted.length) - 1)]!
    return { count: values.length, max: sorted.at(-1)!, name, p50: at(0.5), p95: at(0.95), ...used }
  }
  const result = [
    timing('create a weekly series of 260', times.create, spent.create),
    timing('move its start by an hour (260 rows change)', times.edit, spent.edit),
  ]
  for (const item of result)
    log(
      `${item.name}: p50 ${ms(item.p50)}  p95 ${ms(item.p95)}  max ${ms(item.max)} ms (${item.count} runs); CPU each ${ms(item.serverCpuMs)} + ${ms(item.postgresCpuMs)} ms`,
    )
  return result
}

/** The titles of the series the write phase creates (and only it: bench/seed.ts's titles differ). */
const WRITTEN_TITLE = 'Weekly bench series '

/** Removes the series the write phase created, with their occurrences, texts, links and versions. */
async function removeWrittenSeries(database: BenchDatabase): Promise<number> {
  const written = `SELECT _parent_id FROM events_locales WHERE title LIKE $1`
  await database.query(`DELETE FROM _events_v WHERE parent_id IN (${written})`, [
    `${WRITTEN_TITLE}%`,
  ])
  const { rows } = await database.query(
    `DELETE FROM events WHERE id IN (${written}) RETURNING id`,
    [`${WRITTEN_TITLE}%`],
  )
  return rows.length
}

/**
 * Takes back what the horizon job added past the seed's horizon. A series stored whole at seed
 * time (9000-01-01) had nothing past the horizon and stays so.
 */
async function resetHorizon(database: BenchDatabase, seed: RecurrenceSeedSummary): Promise<number> {
  const { rows } = await database.query(
    `WITH gone AS (DELETE FROM calendar_occurrences o USING events e WHERE o.event_id = e.id AND e.recurrence_rule IS NOT NULL AND o.start_utc > $1::timestamptz RETURNING o.event_id),
          marks AS (UPDATE events SET materialized_until = $1::timestamptz WHERE recurrence_rule IS NOT NULL AND materialized_until > $1::timestamptz
             AND (materialized_until < '9000-01-01' OR id IN (SELECT event_id FROM gone)))
     SELECT count(*)::int AS gone FROM gone`,
    [seed.horizon],
  )
  return Number(rows[0]!.gone)
}

/**
 * A kept calendar (`--data`) must be the one seeded: a run stopped between its writes and their
 * removal (or the horizon job and its reset) left more series or occurrences, which change what
 * the routes list (a venue's page with the written series' occurrences in it). Its counts are
 * compared with the seed's; a drift is put back (and said), or the run stops asking for a reseed.
 */
async function putBackSeed(database: BenchDatabase, seed: RecurrenceSeedSummary): Promise<void> {
  const counts = async () => {
    const { rows } = await database.query(
      'SELECT (SELECT count(*) FROM events)::int AS events, (SELECT count(*) FROM calendar_occurrences)::int AS occurrences',
    )
    return rows[0] as { events: number; occurrences: number }
  }
  // The last run's writes and horizon job left dead occurrences, which a site's autovacuum
  // would have cleared by now (src/db/calendarSchema/occurrences.ts) and which every plan
  // joining the table on its event would otherwise read past.
  await database.query('VACUUM calendar_occurrences')
  const found = await counts()
  if (found.events === seed.events && found.occurrences === seed.occurrences) {
    log(`the calendar is as seeded (${seed.events} events, ${seed.occurrences} occurrences)`)
    return
  }
  const series = await removeWrittenSeries(database)
  const occurrences = await resetHorizon(database, seed)
  await database.query('VACUUM calendar_occurrences')
  const after = await counts()
  log(
    `the calendar had drifted from its seed (${found.events} events, ${found.occurrences} occurrences; seeded ${seed.events} and ${seed.occurrences}): removed ${series} written series and ${occurrences} occurrences past the horizon, now ${after.events} and ${after.occurrences}`,
  )
  if (after.events !== seed.events || after.occurrences !== seed.occurrences)
    throw new Error(
      'the kept calendar still differs from its seed: remove its folder to seed it again',
    )
}

function report(options: Options, run: SizeRun, pgVersion: string): string {
  const { seed } = run
  const lines = [
    `### ${seed.occurrences.toLocaleString('en')} occurrences (${seed.series.toLocaleString('en')} series, ${seed.singles.toLocaleString('en')} single events) — ${new Date().toISOString().slice(0, 16).replace('T', ' ')} UTC`,
    '',
    `Machine: ${os.cpus()[0]?.model ?? 'unknown CPU'}, ${os.cpus().length} cores, ${Math.round(os.totalmem() / 2 ** 30)} GiB; Node ${process.version}; Postgres ${pgVersion} (embedded, loopback).`,
    `Load average (1, 5, 15 min) before / after: ${run.load[0]} / ${run.load[1]}.`,
    `Command: \`npm run bench -- --recurrence --sizes ${seed.series}:${seed.singles} --duration ${options.duration} --runs ${options.runs}${options.cold ? ' --cold' : ''}\` (answers not kept${options.cold ? ', nothing kept' : ''}; c=2).`,
    '',
    `| route | req/s (target ≥ ${MIN_RPS}) | p50 / p95 / p99 ms | CPU ms per request: server + Postgres |`,
    '| --- | ---: | --- | --- |',
    ...run.reads.map(
      (m) =>
        `| ${m.name} | ${m.rps.toFixed(0)}${m.rps >= MIN_RPS ? '' : ' ✗'}${m.errors || m.non2xx ? ` ⚠ ${m.errors + m.non2xx} failed` : ''} | ${ms(m.p50)} / ${ms(m.p95)} / ${ms(m.p99)} | ${ms(m.serverCpuMs)} + ${ms(m.postgresCpuMs)} |`,
    ),
    '',
    `| write (one at a time) | runs | p50 ms | p95 ms (target ≤ ${MAX_WRITE_P95_MS}) | max ms | CPU ms each: server + Postgres |`,
    '| --- | ---: | ---: | ---: | ---: | --- |',
    ...run.writes.map(
      (t) =>
        `| ${t.name} | ${t.count} | ${ms(t.p50)} | ${ms(t.p95)}${t.p95 <= MAX_WRITE_P95_MS ? '' : ' ✗'} | ${ms(t.max)} | ${ms(t.serverCpuMs)} + ${ms(t.postgresCpuMs)} |`,
    ),
    '',
    `Horizon job over the whole calendar (a day later): ${run.job.series} series, ${run.job.added} occurrences added, ${(run.job.ms / 1000).toFixed(1)} s (target ≤ ${MAX_JOB_MS / 1000} s)${run.job.ms <= MAX_JOB_MS ? '' : ' ✗'}; CPU: ${(run.job.cpuMs / 1000).toFixed(1)} s its own process, ${(run.job.postgresCpuMs / 1000).toFixed(1)} s Postgres's (from boot and migration checks to its end).`,
  ]
  return lines.join('\n')
}

function growth(runs: SizeRun[]): string {
  const lines: string[] = []
  for (let index = 1; index < runs.length; index++) {
    const small = runs[index - 1]!
    const big = runs[index]!
    lines.push(
      `#### p95 growth, ${small.seed.occurrences.toLocaleString('en')} → ${big.seed.occurrences.toLocaleString('en')} occurrences (target ≤ ${MAX_P95_GROWTH}×)`,
      '',
      '| route | p95 ms (small → large) | growth | req/s (small → large) |',
      '| --- | --- | ---: | --- |',
    )
    for (const m of big.reads) {
      const before = small.reads.find((item) => item.name === m.name)
      if (!before) continue
      const ratio = m.p95 / before.p95
      lines.push(
        `| ${m.name} | ${ms(before.p95)} → ${ms(m.p95)} | ${ratio.toFixed(2)}×${ratio <= MAX_P95_GROWTH ? '' : ' ✗'} | ${before.rps.toFixed(0)} → ${m.rps.toFixed(0)} |`,
      )
    }
    lines.push('')
  }
  return lines.join('\n')
}
