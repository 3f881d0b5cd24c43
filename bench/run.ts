/**
 * `npm run bench [-- --events 10000 --duration 3 --connections 1,2,8 --only events-default,venues]`
 *
 * Seeds a fresh throwaway database with N events (plus venues, organizers, terms, images,
 * translations and a mix of statuses), starts the real server as `npm start` does
 * (NODE_ENV=production, built admin), and loads it with autocannon over loopback: each scenario
 * through the compatibility API and the same data through Payload's own REST API, at each
 * concurrency. Prints requests/s, p50/p95/p99 latency and the server's peak memory for each, the
 * compat/Payload ratios, and the plans Postgres chose for the list queries (auto_explain).
 * Everything it starts is stopped and removed at the end, and the whole run is bounded in time.
 * `--mix` runs the many-URL workload of bench/mix/run.ts instead.
 */
import autocannon from 'autocannon'
import type { ChildProcess } from 'node:child_process'
import { existsSync } from 'node:fs'
import fs from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import qs from 'qs'

import { benchEventBody } from './eventBody'
import type { SeedSummary } from './seed'

import { type BenchDatabase, freePort, startBenchDatabase } from './database'
import { summarizePlans } from './explain'
import { runMix } from './mix/run'
import { fetchJson, loadavg, ROOT, runChild, startServer, stopServer } from './server'
import { LARGE_MIN_RPS, MAX_P95_GROWTH, ORIGINAL, ORIGINAL_SOURCE } from './original'

type Options = {
  /**
   * Serves every request cold: the server keeps nothing between requests (`KEEP_READS=false`), so
   * each answer, list total, event and related item is read from the database, as right after a
   * change of the calendar.
   */
  cold: boolean
  connections: number[]
  /**
   * No whole answers kept for visitors (`KEEP_ANSWERS=false`): every request makes its answer, from
   * the events, list totals and related items the server keeps (as a crawler asking distinct URLs).
   */
  noAnswers: boolean
  /** Where the server writes a V8 CPU profile (`node --cpu-prof`) of each size's run, when set. */
  cpuProf?: string
  /**
   * A folder that keeps each size's seeded database (`DIR/<size>/`) for the next runs, which reuse
   * it instead of seeding again (100,000 events take minutes to seed). Creates add to it.
   */
  data?: string
  duration: number
  /** Calendar sizes, each seeded afresh; the growth from each size to the next is reported. */
  events: number[]
  explain: boolean
  /** Also load Payload's own REST API with the same data, where a scenario has an equivalent. */
  payload: boolean
  markdown?: string
  maxMinutes: number
  only?: string[]
  warmup: number
}

function readOptions(argv: string[]): Options {
  const options: Options = {
    cold: false,
    connections: [2],
    noAnswers: false,
    duration: 3,
    events: [50, 10_000, 100_000],
    explain: true,
    maxMinutes: 60,
    payload: false,
    warmup: 1,
  }
  for (let index = 0; index < argv.length; index++) {
    const [flag, inline] = argv[index]!.split('=', 2)
    const value = () => inline ?? argv[++index] ?? ''
    switch (flag) {
      case '--events':
        options.events = value()
          .split(',')
          .map((size) => Number(size.replace(/_/g, '')))
        break
      case '--payload':
        options.payload = true
        break
      case '--cold':
        options.cold = true
        break
      case '--no-answers':
        options.noAnswers = true
        break
      case '--cpu-prof':
        options.cpuProf = path.resolve(value())
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
      case '--connections':
        options.connections = value().split(',').map(Number)
        break
      case '--only':
        options.only = value().split(',')
        break
      case '--markdown':
        options.markdown = value()
        break
      case '--max-minutes':
        options.maxMinutes = Number(value())
        break
      case '--no-explain':
        options.explain = false
        break
      case '--help':
        console.log(
          'npm run bench -- [--mix [--original URL] [--seconds 15] [--readers 4]] [--events 50,10000,100000] [--duration S] [--warmup S] [--connections 2] [--payload] [--cold] [--no-answers] [--cpu-prof DIR] [--data DIR] [--only a,b] [--markdown file] [--no-explain] [--max-minutes M]',
        )
        return process.exit(0)
      default:
        throw new Error(`Unknown option ${argv[index]}`)
    }
  }
  if (!options.events.every((size) => Number.isInteger(size) && size >= 50))
    throw new Error('--events must be integers of at least 50')
  if (!(options.duration > 0)) throw new Error('--duration must be a positive number of seconds')
  return options
}

export type Request = {
  body?: string
  headers?: Record<string, string>
  method?: 'GET' | 'POST' | 'PUT'
  path: string
}
export type Side = {
  make: () => Request
  total?: (response: { body: unknown; headers: Headers }) => number | undefined
}
type Scenario = {
  compat: Side
  /** Concurrencies for this scenario instead of `--connections` (creates are compared with the original at 1). */
  connections?: number[]
  name: string
  /** The same data through Payload's REST API, where it has an equivalent. */
  payload?: Side
  what: string
  write?: boolean
}

type Measurement = {
  api: 'compat' | 'payload'
  connections: number
  errors: number
  non2xx: number
  p50: number
  p95: number
  p99: number
  peakRssMb: number
  requests: number
  rps: number
  scenario: string
}

const log = (message: string) => console.log(`[bench] ${message}`)

async function main() {
  // Keeps the process alive while modules load (see src/server/start.ts): Node 20 with tsx's
  // loader hooks can otherwise exit in the middle of a dynamic import. main() ends with exit().
  setInterval(() => undefined, 1000)
  const argv = process.argv.slice(2)
  if (argv.includes('--mix')) return runMix(argv.filter((arg) => arg !== '--mix'))
  const options = readOptions(argv)
  const deadline = setTimeout(() => {
    console.error(`[bench] still running after ${options.maxMinutes} minutes: stopping.`)
    void cleanup().finally(() => process.exit(2))
  }, options.maxMinutes * 60_000)
  deadline.unref()

  let tmp: string | undefined
  let database: BenchDatabase | undefined
  let server: ChildProcess | undefined
  const stopAll = async () => {
    await stopServer(server)
    server = undefined
    await database?.stop().catch(() => undefined)
    database = undefined
    if (tmp) await fs.rm(tmp, { force: true, recursive: true })
    tmp = undefined
  }
  let cleaning: Promise<void> | undefined
  const cleanup = () => (cleaning ??= stopAll())
  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    process.on(signal, () => void cleanup().finally(() => process.exit(130)))
  }

  const runs: SizeRun[] = []
  try {
    log(
      `machine: ${os.cpus()[0]?.model ?? 'unknown CPU'}, ${os.cpus().length} cores, ${Math.round(os.totalmem() / 2 ** 30)} GiB, ${os.type()} ${os.release()}, Node ${process.version}`,
    )
    for (const size of options.events) {
      // With --data, the size's folder is kept (not removed by stopAll) and its seed reused.
      const kept = options.data ? path.join(options.data, String(size)) : undefined
      if (kept) await fs.mkdir(kept, { recursive: true })
      else tmp = await fs.mkdtemp(path.join(os.tmpdir(), 'pec-bench-'))
      const folder = kept ?? tmp!
      const summaryFile = path.join(folder, 'seed.json')
      const reuse = Boolean(kept) && existsSync(summaryFile)
      let started = Date.now()
      database = await startBenchDatabase(path.join(folder, 'pg'), { keep: Boolean(kept) })
      log(`Postgres ${database.version} on loopback, started in ${Date.now() - started} ms`)

      started = Date.now()
      let seed: SeedSummary
      if (reuse) {
        seed = JSON.parse(await fs.readFile(summaryFile, 'utf8')) as SeedSummary
        log(`reusing the ${size.toLocaleString('en')} events seeded in ${folder}`)
      } else {
        log(`seeding ${size.toLocaleString('en')} events…`)
        const seedOutput = await runChild([path.join(ROOT, 'bench/seed.ts'), summaryFile], {
          BENCH_EVENTS: String(size),
          DATABASE_URL: database.url,
          NODE_ENV: 'production',
        })
        seed = JSON.parse(
          await fs.readFile(summaryFile, 'utf8').catch(() => {
            throw new Error(`the seed wrote no summary:\n${seedOutput.slice(-4000)}`)
          }),
        ) as SeedSummary
      }
      const counts = (
        await database.query(
          `SELECT status, count(*)::int AS n FROM events GROUP BY status ORDER BY n DESC`,
        )
      ).rows
      log(
        `seeded in ${((Date.now() - started) / 1000).toFixed(1)} s: ${seed.events} events (${counts.map((row) => `${row.n} ${row.status}`).join(', ')}), ${seed.venues} venues, ${seed.organizers} organizers, ${seed.categories} categories, ${seed.tags} tags`,
      )

      started = Date.now()
      const port = await freePort()
      const base = `http://127.0.0.1:${port}`
      // Logs as a production site ships them to a collector (LOG_FORMAT=json) unless told otherwise:
      // the readable text format is formatted in the server's own thread, about 14% of its CPU on
      // answers kept for visitors (measured with --cpu-prof).
      const logFormat = process.env.LOG_FORMAT ?? 'json'
      server = await startServer(
        {
          DATABASE_URL: database.url,
          KEEP_ANSWERS: options.noAnswers ? 'false' : 'true',
          KEEP_READS: options.cold ? 'false' : 'true',
          LOG_FORMAT: logFormat,
          NODE_ENV: 'production',
          PAYLOAD_SECRET: 'bench-secret',
          PORT: String(port),
          SITE_URL: base,
        },
        options.cpuProf,
      )
      log(`server ready in ${((Date.now() - started) / 1000).toFixed(1)} s (pid ${server.pid})`)

      // Single reads go through every published event, each asked once as a crawler would (the
      // seed's sample of 500 is read again and again within a run, and then served kept).
      const published = (
        await database.query(
          `SELECT id, slug FROM events WHERE status = 'publish' AND coalesce(password, '') = '' ORDER BY md5(id::text)`,
        )
      ).rows
      const scenarios = await buildScenarios(
        base,
        {
          ...seed,
          sample: published.map((row) => ({ id: Number(row.id), slug: String(row.slug) })),
        },
        seed.sample,
      )
      const selected = scenarios.filter(
        (scenario) => !options.only || options.only.includes(scenario.name),
      )
      // Plans first, while the server has read nothing yet: later, totals and related items it
      // keeps between requests would leave their queries out.
      const plans = options.explain ? await explainLists(base, database, selected) : ''
      await checkEquivalence(base, selected, options.payload)

      const results: Measurement[] = []
      const load1 = loadavg()
      for (const scenario of selected) {
        for (const connections of scenario.connections ?? options.connections) {
          for (const api of options.payload
            ? (['compat', 'payload'] as const)
            : (['compat'] as const)) {
            const side = scenario[api]
            if (!side) continue
            if (options.warmup > 0) await load(base, side, connections, options.warmup)
            await resetPeakRss(server.pid!)
            const result = await load(base, side, connections, options.duration)
            const measurement: Measurement = {
              api,
              connections,
              scenario: scenario.name,
              ...result,
              peakRssMb: await peakRssMb(server.pid!),
            }
            results.push(measurement)
            log(formatLine(measurement))
          }
        }
      }
      const run: SizeRun = { load: [load1, loadavg()], plans, results, scenarios: selected, seed }
      runs.push(run)

      console.log('')
      const table = report(options, run, database.version)
      console.log(table)
      if (options.markdown) await fs.appendFile(options.markdown, `${table}\n\n`)
      if (plans) {
        console.log(plans)
        if (options.markdown) await fs.appendFile(options.markdown, `${plans}\n\n`)
      }
      await stopAll()
    }
    const summary = [againstOriginal(runs), growth(runs)].filter(Boolean).join('\n\n')
    console.log(`\n${summary}`)
    if (options.markdown) await fs.appendFile(options.markdown, `${summary}\n`)
  } finally {
    await cleanup()
    clearTimeout(deadline)
  }
}

type SizeRun = {
  load: [string, string]
  plans: string
  results: Measurement[]
  scenarios: Scenario[]
  seed: SeedSummary
}

const COMPAT = '/wp-json/vendor/events/v1'

/** `<p>Created by the <strong>benchmark</strong>.</p>` as Payload stores it, for the same create through both APIs. */
const CREATED_DESCRIPTION = {
  root: {
    type: 'root',
    children: [
      {
        type: 'paragraph',
        children: [
          {
            type: 'text',
            detail: 0,
            format: 0,
            mode: 'normal',
            style: '',
            text: 'Created by the ',
            version: 1,
          },
          {
            type: 'text',
            detail: 0,
            format: 1,
            mode: 'normal',
            style: '',
            text: 'benchmark',
            version: 1,
          },
          { type: 'text', detail: 0, format: 0, mode: 'normal', style: '', text: '.', version: 1 },
        ],
        direction: 'ltr',
        format: '',
        indent: 0,
        textFormat: 0,
        textStyle: '',
        version: 1,
      },
    ],
    direction: 'ltr',
    format: '',
    indent: 0,
    version: 1,
  },
}
const rotate = <T>(items: T[]) => {
  let index = 0
  return () => items[index++ % items.length]!
}
const DAY = 86_400_000
const dateOnly = (time: number) => new Date(time).toISOString().slice(0, 10)
/** A wall time of the site (UTC here) as the instant the compatibility layer compares with. */
const wallToIso = (wall: string) => `${wall.replace(' ', 'T')}.000Z`

/** The scenarios, each as a compatibility request and the Payload REST request for the same data. */
async function buildScenarios(
  base: string,
  seed: SeedSummary,
  listedSample: SeedSummary['sample'],
): Promise<Scenario[]> {
  const login = await fetchJson(`${base}/api/users/login`, {
    body: JSON.stringify({ email: seed.admin.email, password: seed.admin.password }),
    headers: { 'content-type': 'application/json' },
    method: 'POST',
  })
  const token = (login.body as { token?: string }).token
  if (!token)
    throw new Error(
      `could not sign in to Payload's REST API: ${JSON.stringify(login.body).slice(0, 300)}`,
    )
  const basic = `Basic ${Buffer.from(`${seed.admin.username}:${seed.appPassword}`).toString('base64')}`

  // The default window as the compatibility layer computes it today (it echoes it in rest_url),
  // asked as a signed-in user so that the server keeps nothing from it for visitors.
  const probe = await fetchJson(`${base}${COMPAT}/events?per_page=1`, {
    headers: { authorization: basic },
  })
  const echoed = new URL((probe.body as { rest_url: string }).rest_url).searchParams
  const windowStart = wallToIso(echoed.get('start_date')!)
  const windowEnd = wallToIso(echoed.get('end_date')!)
  const rangeFrom = dateOnly(Date.now() + 90 * DAY)
  const rangeTo = dateOnly(Date.now() + 120 * DAY)

  const payloadList = (where: unknown[], extra: Record<string, unknown> = {}) =>
    `/api/events?${qs.stringify({ depth: 1, limit: 10, page: 1, sort: 'startDate,id', where: { and: where }, ...extra }, { encodeValuesOnly: true })}`
  const listed = [{ hideFromListings: { not_equals: true } }, { status: { in: ['publish'] } }]
  const defaultWindow = [
    { startDate: { greater_than_equal: windowStart } },
    { endDate: { less_than_equal: windowEnd } },
  ]
  const compatTotal = ({ headers }: { headers: Headers }) => Number(headers.get('x-tec-total'))
  const payloadTotal = ({ body }: { body: unknown }) => (body as { totalDocs?: number }).totalDocs
  const get = (path: string): Request => ({ path })
  const ids = rotate(seed.sample.map((event) => event.id))
  // From the other end, so that the slugs' run does not ask what the ids' run read first.
  const slugs = rotate(seed.sample.map((event) => event.slug).reverse())
  let created = 0
  const startOf = () => new Date(Date.now() + (30 + (created % 300)) * DAY)
  const updatedIds = rotate(seed.sample.map((event) => event.id))
  let updated = 0

  return [
    {
      name: 'events-default',
      what: 'GET /events (default window: yesterday to +2 years, 10 per page)',
      compat: { make: () => get(`${COMPAT}/events`), total: compatTotal },
      payload: { make: () => get(payloadList([...listed, ...defaultWindow])), total: payloadTotal },
    },
    {
      name: 'events-range',
      what: `GET /events?start_date=${rangeFrom}&end_date=${rangeTo}`,
      compat: {
        make: () => get(`${COMPAT}/events?start_date=${rangeFrom}&end_date=${rangeTo}`),
        total: compatTotal,
      },
      payload: {
        make: () =>
          get(
            payloadList([
              ...listed,
              { startDate: { greater_than_equal: `${rangeFrom}T00:00:00.000Z` } },
              { endDate: { less_than_equal: `${rangeTo}T23:59:59.000Z` } },
            ]),
          ),
        total: payloadTotal,
      },
    },
    {
      name: 'events-filtered',
      what: `GET /events?categories=${seed.filter.category}&venue=${seed.filter.venue}`,
      compat: {
        make: () =>
          get(`${COMPAT}/events?categories=${seed.filter.category}&venue=${seed.filter.venue}`),
        total: compatTotal,
      },
      payload: {
        make: () =>
          get(
            payloadList([
              ...listed,
              ...defaultWindow,
              { categories: { in: [seed.filter.category] } },
              { venue: { in: [seed.filter.venue] } },
            ]),
          ),
        total: payloadTotal,
      },
    },
    // A 50th page exists only in a large calendar.
    ...(seed.events < 1_000
      ? []
      : [
          {
            name: 'events-page50',
            what: 'GET /events?page=50',
            compat: { make: () => get(`${COMPAT}/events?page=50`), total: compatTotal },
            payload: {
              make: () => get(payloadList([...listed, ...defaultWindow], { page: 50 })),
              total: payloadTotal,
            },
          },
        ]),
    {
      name: 'event-by-id',
      what: `GET /events/{id} (each of the ${seed.sample.length} published events in turn)`,
      compat: { make: () => get(`${COMPAT}/events/${ids()}`) },
      payload: { make: () => get(`/api/events/${ids()}?depth=1`) },
    },
    {
      name: 'event-by-slug',
      what: `GET /events/by-slug/{slug} (each of the ${seed.sample.length} published events in turn, from the other end)`,
      compat: { make: () => get(`${COMPAT}/events/by-slug/${slugs()}`) },
      payload: {
        make: () =>
          get(
            `/api/events?${qs.stringify({ depth: 1, limit: 1, where: { slug: { equals: slugs() } } }, { encodeValuesOnly: true })}`,
          ),
      },
    },
    {
      name: 'venues',
      what: 'GET /venues (10 per page, newest first)',
      compat: { make: () => get(`${COMPAT}/venues`), total: compatTotal },
      payload: {
        make: () =>
          get(
            `/api/venues?${qs.stringify({ depth: 1, limit: 10, sort: '-createdAt,-id', where: { status: { in: ['publish'] } } }, { encodeValuesOnly: true })}`,
          ),
        total: payloadTotal,
      },
    },
    {
      name: 'categories',
      what: "GET /categories (with each one's count of events)",
      compat: { make: () => get(`${COMPAT}/categories`) },
      payload: {
        make: () =>
          get(
            `/api/event-categories?${qs.stringify({ depth: 1, limit: 10, sort: 'name' }, { encodeValuesOnly: true })}`,
          ),
      },
    },
    {
      name: 'events-per-page-50',
      what: "GET /events?per_page=50&start_date=2026-01-01 (the issue's list of 50)",
      compat: {
        make: () => get(`${COMPAT}/events?per_page=50&start_date=2026-01-01`),
        total: compatTotal,
      },
    },
    ...eventFilters(seed, listedSample).map(([name, query]): Scenario => ({
      name,
      what: `GET /events?${query}`,
      compat: { make: () => get(`${COMPAT}/events?${query}`), total: compatTotal },
    })),
    ...(['venues', 'organizers'] as const).flatMap((kind): Scenario[] =>
      [
        ['has-events', 'has_events=1'],
        ['no-events', 'has_events=0'],
        ['upcoming', 'only_with_upcoming=1'],
        ['search', `search=${kind === 'venues' ? 'Theatre' : 'Society'}`],
      ].map(([suffix, query]) => ({
        name: `${kind}-${suffix}`,
        what: `GET /${kind}?${query}`,
        compat: { make: () => get(`${COMPAT}/${kind}?${query}`), total: compatTotal },
      })),
    ),
    {
      name: 'organizers',
      what: 'GET /organizers',
      compat: { make: () => get(`${COMPAT}/organizers`), total: compatTotal },
    },
    {
      name: 'tags',
      what: 'GET /tags',
      compat: { make: () => get(`${COMPAT}/tags`), total: compatTotal },
    },
    {
      name: 'categories-search',
      what: 'GET /categories?search=music',
      compat: { make: () => get(`${COMPAT}/categories?search=music`), total: compatTotal },
    },
    {
      name: 'tags-search',
      what: 'GET /tags?search=lorem',
      compat: { make: () => get(`${COMPAT}/tags?search=lorem`), total: compatTotal },
    },
    {
      name: 'create',
      what: 'POST /events (signed in: application password / Payload JWT)',
      connections: [1],
      write: true,
      compat: {
        make: () => {
          const start = startOf()
          return {
            body: benchEventBody(seed, ++created, start),
            headers: { authorization: basic, 'content-type': 'application/json' },
            method: 'POST',
            path: `${COMPAT}/events`,
          }
        },
      },
      payload: {
        make: () => {
          const start = startOf()
          return {
            body: JSON.stringify({
              title: `Bench created event ${++created}`,
              description: CREATED_DESCRIPTION,
              startDate: start.toISOString(),
              endDate: new Date(start.getTime() + 7_200_000).toISOString(),
              timezone: 'UTC',
              venue: seed.filter.venue,
              categories: [seed.filter.category],
              cost: '$12',
              status: 'publish',
            }),
            headers: { authorization: `JWT ${token}`, 'content-type': 'application/json' },
            method: 'POST',
            path: '/api/events?depth=1',
          }
        },
      },
    },
    {
      name: 'update',
      what: 'PUT /events/{id} (signed in: application password): a new title, cost, venue and category',
      connections: [1],
      write: true,
      compat: {
        make: () => ({
          body: JSON.stringify({
            title: `Bench updated event ${++updated}`,
            cost: `$${updated % 50}`,
            venue: seed.filter.venue,
            categories: [seed.filter.category],
          }),
          headers: { authorization: basic, 'content-type': 'application/json' },
          method: 'PUT',
          path: `${COMPAT}/events/${updatedIds()}`,
        }),
      },
    },
  ]
}

/** Every filter of the events list the original has (`endpoints/events/params.ts`), one scenario each. */
function eventFilters(seed: SeedSummary, listedSample: SeedSummary['sample']): [string, string][] {
  const firstOrganizer = seed.venues + 1
  const firstTag = seed.categories + 1
  return [
    ['events-search', 'search=jazz'],
    ['events-search-2', 'search=jazz%20night'],
    ['events-tags', `tags=${firstTag}`],
    ['events-organizer', `organizer=${firstOrganizer}`],
    ['events-venue', `venue=${seed.filter.venue}`],
    ['events-category', `categories=${seed.filter.category}`],
    ['events-featured', 'featured=1'],
    ['events-geoloc', 'geoloc=1'],
    ['events-near', 'geoloc_lat=40.7&geoloc_lng=-74'],
    ['events-starts-after', `starts_after=${dateOnly(Date.now() + 30 * DAY)}`],
    ['events-ends-before', `ends_before=${dateOnly(Date.now() + 60 * DAY)}`],
    [
      'events-include',
      `include=${listedSample
        .slice(0, 5)
        .map((event) => event.id)
        .join(',')}`,
    ],
    ['events-all-statuses-visitor', 'status=publish&per_page=20'],
  ]
}

/**
 * Both sides of each read scenario must answer 200 with the same total, or the comparison means
 * nothing; without `--payload` only our side is asked (Payload's equivalents filter on the UTC
 * dates, ours on each event's wall times, which differ at the window's edges).
 */
async function checkEquivalence(base: string, scenarios: Scenario[], withPayload: boolean) {
  for (const scenario of scenarios) {
    if (scenario.write) continue
    const answers = []
    for (const api of withPayload ? (['compat', 'payload'] as const) : (['compat'] as const)) {
      const side = scenario[api]
      if (!side) continue
      const request = side.make()
      const response = await fetchJson(`${base}${request.path}`, {
        body: request.body,
        headers: request.headers,
        method: request.method,
      })
      if (response.status !== 200)
        throw new Error(
          `${scenario.name} (${api}) answered ${response.status}: ${JSON.stringify(response.body).slice(0, 500)}`,
        )
      answers.push(side.total?.(response))
    }
    if (answers[0] !== undefined && answers.length > 1 && answers[0] !== answers[1]) {
      throw new Error(
        `${scenario.name}: the compatibility API counts ${answers[0]} and Payload's REST API ${answers[1]}: the queries are not equivalent`,
      )
    }
    log(
      `${scenario.name}: ${scenario.what}${answers[0] !== undefined ? ` — ${answers[0]} match${answers.length > 1 ? ' on both APIs' : ''}` : ''}`,
    )
  }
}

/** One autocannon run; latencies are taken per response so that p95 is exact. */
export async function load(base: string, side: Side, connections: number, seconds: number) {
  const latencies: number[] = []
  const first = side.make()
  const result = await new Promise<autocannon.Result>((resolve, reject) => {
    const instance = autocannon(
      {
        connections,
        duration: seconds,
        requests: [{ ...first, setupRequest: (request) => ({ ...request, ...side.make() }) }],
        timeout: 30,
        url: base,
      },
      (error, result) => (error ? reject(error) : resolve(result)),
    )
    instance.on('response', (_client: unknown, _status: number, _bytes: number, time: number) =>
      latencies.push(time),
    )
  })
  latencies.sort((a, b) => a - b)
  const at = (q: number) =>
    latencies.length
      ? latencies[Math.min(latencies.length - 1, Math.ceil(q * latencies.length) - 1)]!
      : NaN
  return {
    errors: result.errors + result.timeouts,
    non2xx: result.non2xx,
    p50: at(0.5),
    p95: at(0.95),
    p99: at(0.99),
    requests: latencies.length,
    rps: latencies.length / seconds,
  }
}

/** Linux keeps each process's peak resident size (VmHWM); writing 5 to clear_refs starts it afresh. */
async function resetPeakRss(pid: number) {
  await fs.writeFile(`/proc/${pid}/clear_refs`, '5').catch(() => undefined)
}

async function peakRssMb(pid: number): Promise<number> {
  const status = await fs.readFile(`/proc/${pid}/status`, 'utf8').catch(() => '')
  const match = status.match(/VmHWM:\s+(\d+) kB/)
  return match ? Math.round(Number(match[1]) / 1024) : NaN
}

const ms = (value: number) =>
  Number.isNaN(value) ? '–' : value < 10 ? value.toFixed(1) : value.toFixed(0)

function formatLine(m: Measurement) {
  const problems = m.errors || m.non2xx ? `  (${m.errors} errors, ${m.non2xx} non-2xx)` : ''
  return `${m.scenario.padEnd(16)} c=${m.connections} ${m.api.padEnd(7)} ${m.rps.toFixed(0).padStart(5)} req/s  p50 ${ms(m.p50).padStart(4)}  p95 ${ms(m.p95).padStart(4)}  p99 ${ms(m.p99).padStart(4)} ms  peak ${m.peakRssMb} MB${problems}`
}

function report(options: Options, run: SizeRun, pgVersion: string): string {
  const { results, scenarios, seed } = run
  const lines: string[] = []
  const cpu = os.cpus()[0]?.model ?? 'unknown CPU'
  lines.push(
    `### ${seed.events.toLocaleString('en')} events — ${new Date().toISOString().slice(0, 16).replace('T', ' ')} UTC`,
  )
  lines.push('')
  lines.push(
    `Machine: ${cpu}, ${os.cpus().length} cores, ${Math.round(os.totalmem() / 2 ** 30)} GiB; ${os.type()} ${os.release()}; Node ${process.version}; Postgres ${pgVersion} (embedded, loopback).`,
  )
  lines.push(
    `Load average (1, 5, 15 min) before / after: ${run.load[0]} / ${run.load[1]}. Server logs: LOG_FORMAT=${process.env.LOG_FORMAT ?? 'json'}.`,
  )
  lines.push(
    `Command: \`npm run bench -- --events ${seed.events} --duration ${options.duration} --connections ${options.connections.join(',')}${options.cold ? ' --cold' : ''}${options.noAnswers ? ' --no-answers' : ''}${options.payload ? ' --payload' : ''}${options.only ? ` --only ${options.only.join(',')}` : ''}\``,
  )
  lines.push(
    `Data: ${seed.events} events, ${seed.venues} venues, ${seed.organizers} organizers, ${seed.categories} categories, ${seed.tags} tags (seeded in ${seed.seconds} s).`,
  )
  lines.push('')
  lines.push(
    '| scenario | conc. | compat req/s | compat p50 / p95 / p99 ms | Payload REST req/s | Payload p50 / p95 / p99 ms | p50 ratio | p95 ratio | peak RSS MB (compat / Payload) |',
  )
  lines.push('| --- | ---: | ---: | --- | ---: | --- | ---: | ---: | --- |')
  const flag = (m: Measurement) => (m.errors || m.non2xx ? ` ⚠ ${m.errors + m.non2xx} failed` : '')
  for (const scenario of scenarios) {
    for (const connections of scenario.connections ?? options.connections) {
      const compat = results.find(
        (m) => m.scenario === scenario.name && m.connections === connections && m.api === 'compat',
      )
      const payload = results.find(
        (m) => m.scenario === scenario.name && m.connections === connections && m.api === 'payload',
      )
      if (!compat) continue
      const other = payload
        ? `${payload.rps.toFixed(0)}${flag(payload)} | ${ms(payload.p50)} / ${ms(payload.p95)} / ${ms(payload.p99)} | ${(compat.p50 / payload.p50).toFixed(2)} | ${(compat.p95 / payload.p95).toFixed(2)} | ${compat.peakRssMb} / ${payload.peakRssMb}`
        : `– | – | – | – | ${compat.peakRssMb} / –`
      lines.push(
        `| ${scenario.name} | ${connections} | ${compat.rps.toFixed(0)}${flag(compat)} | ${ms(compat.p50)} / ${ms(compat.p95)} / ${ms(compat.p99)} | ${other} |`,
      )
    }
  }
  lines.push('')
  for (const scenario of scenarios) lines.push(`- \`${scenario.name}\`: ${scenario.what}`)
  return lines.join('\n')
}

/** Our requests/s against the original's best figure (`original.ts`), per size, at the original's concurrency. */
function againstOriginal(runs: SizeRun[]): string {
  const lines = [
    `#### Against the original (${ORIGINAL_SOURCE}; its best figure, at about 50 events)`,
    '',
  ]
  lines.push(
    `| scenario | conc. | original req/s (best; range) | target | ${runs.map((run) => `ours at ${run.seed.events.toLocaleString('en')} events`).join(' | ')} |`,
  )
  lines.push(`| --- | ---: | --- | ---: | ${runs.map(() => '---:').join(' | ')} |`)
  for (const [name, original] of Object.entries(ORIGINAL)) {
    const cells = runs.map((run) => {
      const ours = run.results.find(
        (m) => m.scenario === name && m.connections === original.connections && m.api === 'compat',
      )
      if (!ours) return '–'
      const ratio = ours.rps / original.best
      return `${ours.rps.toFixed(0)} (${ratio.toFixed(0)}×${ratio >= original.target ? '' : ' ✗'})`
    })
    lines.push(
      `| ${name} | ${original.connections} | ${original.best} (${original.range[0]}–${original.range[1]}) | ${original.target}× | ${cells.join(' | ')} |`,
    )
  }
  const large = runs.filter((run) => run.seed.events >= 10_000)
  const slow = large.flatMap((run) =>
    run.results
      .filter(
        (m) =>
          m.api === 'compat' &&
          m.connections === 2 &&
          !run.scenarios.find((s) => s.name === m.scenario)?.write &&
          m.rps < LARGE_MIN_RPS,
      )
      .map((m) => `${m.scenario} at ${run.seed.events} (${m.rps.toFixed(0)} req/s)`),
  )
  if (large.length)
    lines.push(
      '',
      `Reads at c=2 below ${LARGE_MIN_RPS} req/s at 10,000 events or more: ${slow.length ? slow.join(', ') : 'none'}.`,
    )
  return lines.join('\n')
}

/** p95 growth from each size to the next (the issue asks < 1.5× from 10,000 to 100,000 events). */
function growth(runs: SizeRun[]): string {
  const pairs = runs
    .slice(1)
    .map((run, index) => [runs[index]!, run] as const)
    .filter(([small]) => small.seed.events >= 1_000)
  if (!pairs.length) return ''
  const lines: string[] = []
  for (const [small, big] of pairs) {
    lines.push(
      `#### p95 growth, ${small.seed.events.toLocaleString('en')} → ${big.seed.events.toLocaleString('en')} events (target < ${MAX_P95_GROWTH}×)`,
      '',
    )
    lines.push(
      '| scenario | conc. | p95 ms (small → large) | growth | req/s (small → large) |',
      '| --- | ---: | --- | ---: | --- |',
    )
    for (const m of big.results.filter((item) => item.api === 'compat')) {
      const before = small.results.find(
        (item) =>
          item.api === 'compat' &&
          item.scenario === m.scenario &&
          item.connections === m.connections,
      )
      if (!before) continue
      const ratio = m.p95 / before.p95
      lines.push(
        `| ${m.scenario} | ${m.connections} | ${ms(before.p95)} → ${ms(m.p95)} | ${ratio.toFixed(2)}×${ratio < MAX_P95_GROWTH ? '' : ' ✗'} | ${before.rps.toFixed(0)} → ${m.rps.toFixed(0)} |`,
      )
    }
    lines.push('')
  }
  return lines.join('\n')
}

/** One request of each list scenario with auto_explain on: the plans of every statement the server sent. */
async function explainLists(
  base: string,
  database: BenchDatabase,
  scenarios: Scenario[],
): Promise<string> {
  const lists = scenarios.filter((scenario) => !scenario.write)
  const sections: string[] = []
  for (const scenario of lists) {
    await database.autoExplain(true)
    const stop = database.captureLog()
    const request = scenario.compat.make()
    await fetchJson(`${base}${request.path}`, { headers: request.headers })
    await new Promise((resolve) => setTimeout(resolve, 200))
    const text = stop()
    await database.autoExplain(false)
    sections.push(summarizePlans(scenario.name, request.path, text))
  }
  return `#### Plans (auto_explain: the first compatibility request of each scenario, before anything is kept)\n\n${sections.join('\n')}`
}

// `--recurrence`: issue 26's calendar of series instead, with its own options (bench/recurrence.ts).
const recurrence = process.argv.includes('--recurrence')
;(recurrence
  ? import('./recurrence').then(({ benchRecurrence }) =>
      benchRecurrence(process.argv.slice(2).filter((arg) => arg !== '--recurrence')),
    )
  : main()
).then(
  () => process.exit(0),
  (error) => {
    console.error('[bench] failed:', error)
    process.exit(1)
  },
)
