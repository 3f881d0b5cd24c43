/**
 * `node --import ./src/server/register.mjs bench/create.ts [--events 50] [--creates 200] [--write create|update|rename|venue|venue-update|trash] [--cpu-prof DIR] [--show]`
 *
 * What one `POST /events` costs, measured in one process so that the machine's load disturbs it
 * less than `npm run bench`'s req/s: seeds a throwaway database as the bench does, serves the
 * compatibility API from this process (`endpoints/express.ts`, no admin), and sends the bench's
 * create (title, HTML description, dates, venue, category, cost, published; application
 * password) one at a time; `--write update` sends `PUT /events/{id}` of the events created during
 * the warm-up in turn (a new title, cost, venue and category), `--write rename` the same with a
 * new title only (the mix's editor, `bench/mix/run.ts`), `--write venue` creates venues,
 * `--write venue-update` renames and re-addresses a venue (`PUT /venues/{id}`) in turn, `--write trash`
 * trashes events created beforehand (`DELETE /events/{id}`).
 * Prints, per write: SQL statements (every query the `pg` driver
 * sends, transaction control included), wall time and this process's CPU time, median and p95,
 * and the writes per second this makes one after another (c=1);
 * `--show` lists the statements of one create; `--cpu-prof DIR` writes a V8 profile of the
 * measured creates.
 */
import express from 'express'
import { spawn } from 'node:child_process'
import fs from 'node:fs/promises'
import inspector from 'node:inspector/promises'
import type { AddressInfo } from 'node:net'
import os from 'node:os'
import path from 'node:path'
import { fileURLToPath } from 'node:url'

import { benchEventBody } from './eventBody'
import type { SeedSummary } from './seed'

import type pg from 'pg'

import { startBenchDatabase } from './database'
import { pluginOptionsOf } from '../src/pluginOptions'
import { countStatements, measureEach, quantile } from './statements'

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..')

type Options = {
  cpuProf?: string
  creates: number
  events: number
  show: boolean
  warmup: number
  write: 'create' | 'rename' | 'trash' | 'update' | 'venue' | 'venue-update'
}

function readOptions(argv: string[]): Options {
  const options: Options = { creates: 200, events: 50, show: false, warmup: 30, write: 'create' }
  for (let index = 0; index < argv.length; index++) {
    const [flag, inline] = argv[index]!.split('=', 2)
    const value = () => inline ?? argv[++index] ?? ''
    switch (flag) {
      case '--events':
        options.events = Number(value())
        break
      case '--creates':
        options.creates = Number(value())
        break
      case '--warmup':
        options.warmup = Number(value())
        break
      case '--cpu-prof':
        options.cpuProf = path.resolve(value())
        break
      case '--show':
        options.show = true
        break
      case '--write':
        options.write = value() as Options['write']
        break
      default:
        throw new Error(`Unknown option ${argv[index]}`)
    }
  }
  return options
}

function seedDatabase(url: string, events: number, out: string): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(
      process.execPath,
      ['--import', './src/server/register.mjs', path.join(ROOT, 'bench/seed.ts'), out],
      {
        cwd: ROOT,
        env: {
          ...process.env,
          BENCH_EVENTS: String(events),
          DATABASE_URL: url,
          DISABLE_PAYLOAD_HMR: 'true',
        },
        stdio: ['ignore', 'ignore', 'inherit'],
      },
    )
    child.on('error', reject)
    child.on('exit', (code) =>
      code === 0 ? resolve() : reject(new Error(`the seed exited with code ${code}`)),
    )
  })
}

async function main() {
  setInterval(() => undefined, 1000)
  const options = readOptions(process.argv.slice(2))
  const tmp = await fs.mkdtemp(path.join(os.tmpdir(), 'pec-create-'))
  const database = await startBenchDatabase(path.join(tmp, 'pg'))
  try {
    const summaryFile = path.join(tmp, 'seed.json')
    await seedDatabase(database.url, options.events, summaryFile)
    const seed = JSON.parse(await fs.readFile(summaryFile, 'utf8')) as SeedSummary

    process.env.DATABASE_URL = database.url
    process.env.PAYLOAD_SECRET ??= 'bench-secret'
    process.env.LOG_LEVEL ??= 'warn'
    const texts = countStatements()
    const { bootPayload } = await import('../src/server/db/boot')
    const { compatMiddleware } = await import('../endpoints/express')
    const payload = await bootPayload({ migrate: false })
    const app = express()
    app.use(compatMiddleware(async () => payload, pluginOptionsOf(payload)))
    const server = app.listen(0, '127.0.0.1')
    await new Promise((resolve) => server.once('listening', resolve))
    const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/wp-json/vendor/events/v1/events`
    const authorization = `Basic ${Buffer.from(`${seed.admin.username}:${seed.appPassword}`).toString('base64')}`

    let created = 0
    const create = async () => {
      const start = new Date(Date.now() + (30 + (created % 300)) * 86_400_000)
      const response = await fetch(url, {
        body: benchEventBody(seed, ++created, start),
        headers: { authorization, 'content-type': 'application/json' },
        method: 'POST',
      })
      const body = await response.text()
      if (response.status !== 201)
        throw new Error(`create answered ${response.status}: ${body.slice(0, 500)}`)
      createdIds.push((JSON.parse(body) as { id: number }).id)
    }
    const createdIds: number[] = []
    let updated = 0
    const update = async () => {
      const id = createdIds[updated++ % createdIds.length]!
      const response = await fetch(`${url}/${id}`, {
        body: JSON.stringify({
          title: `Bench updated event ${updated}`,
          cost: `$${updated % 50}`,
          venue: seed.filter.venue,
          categories: [seed.filter.category],
        }),
        headers: { authorization, 'content-type': 'application/json' },
        method: 'PUT',
      })
      const body = await response.text()
      if (response.status !== 200)
        throw new Error(`update answered ${response.status}: ${body.slice(0, 500)}`)
    }
    const rename = async () => {
      const id = createdIds[updated++ % createdIds.length]!
      const response = await fetch(`${url}/${id}`, {
        body: JSON.stringify({ title: `Bench renamed event ${updated}` }),
        headers: { authorization, 'content-type': 'application/json' },
        method: 'PUT',
      })
      const body = await response.text()
      if (response.status !== 200)
        throw new Error(`rename answered ${response.status}: ${body.slice(0, 500)}`)
    }
    let venues = 0
    const createVenue = async () => {
      const response = await fetch(url.replace(/events$/, 'venues'), {
        body: JSON.stringify({
          venue: `Bench venue ${++venues}`,
          address: '1 Main Street',
          city: 'Springfield',
          country: 'United States',
          state: 'IL',
          status: 'publish',
        }),
        headers: { authorization, 'content-type': 'application/json' },
        method: 'POST',
      })
      const body = await response.text()
      if (response.status !== 201)
        throw new Error(`venue create answered ${response.status}: ${body.slice(0, 500)}`)
    }
    const venueIds: number[] = []
    let venueUpdates = 0
    const updateVenue = async () => {
      const id = venueIds[venueUpdates++ % venueIds.length]!
      const response = await fetch(`${url.replace(/events$/, 'venues')}/${id}`, {
        body: JSON.stringify({
          venue: `Bench renamed venue ${venueUpdates}`,
          address: `${venueUpdates} Main Street`,
          city: 'Springfield',
        }),
        headers: { authorization, 'content-type': 'application/json' },
        method: 'PUT',
      })
      const body = await response.text()
      if (response.status !== 200)
        throw new Error(`venue update answered ${response.status}: ${body.slice(0, 500)}`)
    }
    let trashed = 0
    const trash = async () => {
      const id = createdIds[options.warmup + trashed++]!
      const response = await fetch(`${url}/${id}`, { headers: { authorization }, method: 'DELETE' })
      const body = await response.text()
      if (response.status !== 200)
        throw new Error(`trash answered ${response.status}: ${body.slice(0, 500)}`)
    }
    const write = {
      create,
      rename,
      trash,
      update,
      venue: createVenue,
      'venue-update': updateVenue,
    }[options.write]

    for (let index = 0; index < options.warmup; index++) await create()
    if (options.write === 'trash')
      for (let index = 0; index < options.creates; index++) await create()
    if (options.write === 'venue-update') {
      for (let index = 0; index < 10; index++) await createVenue()
      const listed = await fetch(`${url.replace(/events$/, 'venues')}?per_page=10&status=publish`, {
        headers: { authorization },
      })
      venueIds.push(
        ...((await listed.json()) as { venues: { id: number }[] }).venues.map((venue) => venue.id),
      )
    }
    const session = options.cpuProf ? new inspector.Session() : null
    if (session) {
      session.connect()
      await session.post('Profiler.enable')
      await session.post('Profiler.start')
    }
    const firstMeasured = texts.length
    const {
      cpuMs,
      last: shown,
      statements,
      wallMs,
    } = await measureEach(options.creates, texts, write)
    if (session) {
      const { profile } = await session.post('Profiler.stop')
      await fs.mkdir(options.cpuProf!, { recursive: true })
      const file = path.join(options.cpuProf!, `create-${Date.now()}.cpuprofile`)
      await fs.writeFile(file, JSON.stringify(profile))
      console.log(`profile: ${file}`)
    }
    const format = (values: number[]) =>
      `median ${quantile(values, 0.5).toFixed(1)}, p95 ${quantile(values, 0.95).toFixed(1)}`
    console.log(
      `${options.creates} writes (${options.write}) at ${options.events} events, load average ${os
        .loadavg()
        .map((v) => v.toFixed(2))
        .join(', ')}`,
    )
    console.log(
      `statements per write: ${format(statements)} (min ${Math.min(...statements)}, max ${Math.max(...statements)})`,
    )
    console.log(
      `wall ms per write: ${format(wallMs)}; ${(options.creates / (wallMs.reduce((sum, ms) => sum + ms, 0) / 1000)).toFixed(1)} writes/s one after another (c=1)`,
    )
    console.log(`CPU ms per write (this process): ${format(cpuMs)}`)
    if (options.show) {
      // Each statement of the last create, with the median round trip of its kind over every measured create.
      const byKind = new Map<string, number[]>()
      const kindOf = (text: string) => text.replace(/\s+/g, ' ').slice(0, 200)
      for (const { ms, text } of texts.slice(firstMeasured))
        byKind.set(kindOf(text), [...(byKind.get(kindOf(text)) ?? []), ms])
      shown.forEach(({ text }, index) => {
        const times = byKind.get(kindOf(text)) ?? []
        console.log(
          `${String(index + 1).padStart(2)}. ${quantile(times, 0.5).toFixed(2).padStart(6)} ms  ${text.replace(/\s+/g, ' ').slice(0, 160)}`,
        )
      })
    }
    server.close()
    // A pooled connection still busy (a use of the application password recorded in the background) must not keep the run from ending.
    await Promise.race([
      (payload.db as unknown as { pool: pg.Pool }).pool.end(),
      new Promise((resolve) => setTimeout(resolve, 3000)),
    ])
  } finally {
    await database.stop()
    await fs.rm(tmp, { force: true, recursive: true })
  }
  process.exit(0)
}

main().catch((error) => {
  console.error(error)
  process.exit(1)
})
