import { spawn } from 'node:child_process'
import fs from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import pg from 'pg'

import type { CostSeedSummary } from './costCalendar'

import { startEmbeddedPostgres } from '../../src/server/db/embeddedPostgres'
import { type ServerProcess, startServerProcess } from '../helpers/serverProcess'
import { nodeArgs } from '../helpers/processBundles'

const ROOT = path.resolve(import.meta.dirname, '../..')

export type CostTarget = {
  base: string
  /** Cancels the statements still running that began before `before` (epoch ms); says what they were. */
  cancelStatementsBefore: (before: number) => Promise<string[]>
  seed: CostSeedSummary
  server: ServerProcess
  stop: () => Promise<void>
}

/**
 * The server under attack, as `npm start` runs it (`test/helpers/serverProcess.ts`: the real
 * process in production mode, the built admin, on a free port), against a fresh database filled
 * by `costCalendar.ts`: an embedded Postgres in a temporary folder (with a real site's settings),
 * or `databaseUrl` when given (an empty database). Uploads go to the temporary folder too.
 */
export async function startCostTarget(args: {
  databaseUrl?: string
  events: number
  imageSize: number
  log: (message: string) => void
  /** How many of the events are recurring series (`costCalendar.ts`); none by default. */
  series?: number
}): Promise<CostTarget> {
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'pec-cost-'))
  let database: { stop: () => Promise<void>; url: string } | undefined
  let server: ServerProcess | undefined
  const stop = async () => {
    await server?.stop().catch(() => undefined)
    await database?.stop().catch(() => undefined)
    await fs.rm(dir, { force: true, recursive: true })
  }
  try {
    database = args.databaseUrl
      ? { stop: async () => undefined, url: args.databaseUrl }
      : await startEmbeddedPostgres({
          database: 'events_calendar_cost',
          dir: path.join(dir, 'pg'),
          persistent: false,
        })
    const env = { DATA_DIR: path.join(dir, 'data'), PAYLOAD_SECRET: 'cost-fuzzer-secret' }
    let started = Date.now()
    args.log(
      `seeding ${args.events.toLocaleString('en')} events${args.series ? ` (${args.series.toLocaleString('en')} of them series)` : ''}${args.imageSize ? ` and a ${args.imageSize}×${args.imageSize} image` : ''}…`,
    )
    const summaryFile = path.join(dir, 'seed.json')
    await runSeed(summaryFile, {
      ...env,
      COST_EVENTS: String(args.events),
      COST_IMAGE_SIZE: String(args.imageSize),
      COST_SERIES: String(args.series ?? 0),
      DATABASE_URL: database.url,
    })
    const seed = JSON.parse(await fs.readFile(summaryFile, 'utf8')) as CostSeedSummary
    args.log(
      `seeded in ${((Date.now() - started) / 1000).toFixed(1)} s: ${seed.published} published events of ${seed.events}, ${seed.venues} venues, ${seed.organizers} organizers${seed.series ? `, ${seed.series.count} series (${seed.series.occurrences.toLocaleString('en')} occurrences in all)` : ''}`,
    )
    started = Date.now()
    args.log('starting the server as `npm start` does (it builds the admin panel first if needed)…')
    server = await startServerProcess({ databaseUrl: database.url, env })
    args.log(`server ready in ${((Date.now() - started) / 1000).toFixed(1)} s at ${server.base}`)
    const url = database.url
    return {
      base: server.base,
      cancelStatementsBefore: async (before) => {
        const client = new pg.Client({ connectionString: url })
        await client.connect()
        try {
          const { rows } = await client.query(
            `SELECT pg_cancel_backend(pid), round(extract(epoch FROM now() - query_start))::int AS seconds, left(regexp_replace(query, '\\s+', ' ', 'g'), 100) AS query
             FROM pg_stat_activity
             WHERE datname = current_database() AND state = 'active' AND pid <> pg_backend_pid() AND query_start < to_timestamp($1 / 1000.0)`,
            [before],
          )
          return rows.map((row) => `${row.seconds} s: ${row.query}`)
        } finally {
          await client.end()
        }
      },
      seed,
      server,
      stop,
    }
  } catch (error) {
    await stop()
    throw error
  }
}

/** `costCalendar.ts` in a process of its own; its output only when it fails. */
function runSeed(summaryFile: string, env: Record<string, string>): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [...nodeArgs('test/fuzz/costCalendar.ts'), summaryFile], {
      cwd: ROOT,
      env: {
        ...process.env,
        DISABLE_PAYLOAD_HMR: 'true',
        EVENTS_CALENDAR_RUN_JOBS: 'false',
        NODE_ENV: 'production',
        ...env,
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    })
    let output = ''
    const keep = (chunk: Buffer) => (output = (output + chunk).slice(-8_000))
    child.stdout!.on('data', keep)
    child.stderr!.on('data', keep)
    child.on('error', reject)
    child.on('exit', (code) =>
      code === 0 ? resolve() : reject(new Error(`the seed exited with code ${code}:\n${output}`)),
    )
  })
}
