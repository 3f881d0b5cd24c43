/**
 * `npm start`: reads the configuration, starts the embedded Postgres when no DATABASE_URL is
 * given, builds the admin panel if needed, applies pending migrations, creates the first
 * administrator when asked to, and serves on PORT. With WEB_CONCURRENCY above 1 (by default, a
 * worker per core but one: `defaultWorkerCount`), the machine's part (the configuration, the
 * database, the admin build) is done once by a primary process, which forks that many workers that
 * each serve as one process does (`workers.ts`); with 1, all of it is done in this one process.
 */

import cluster from 'node:cluster'
import os from 'node:os'
import path from 'node:path'
import { fileURLToPath } from 'node:url'

import type { AppEnv } from '../env'
import type { AdminBuild, startAdminBuild as startAdminBuildType } from './build'

import { quietPoolErrors } from '../db/pool'
import { DatabaseStartError, ensureDatabase } from './db/withDatabase'
import { EnvError, readEnv, refuseDevelopmentSecretInProduction } from '../env'
import { startDraining } from './draining'
import { startLog } from './startLog'
import { pluginOptionsOf } from '../pluginOptions'
import { adminBuildFromPrimary } from './workerLink'
import { defaultWorkerCount, runWorkers } from './workers'

const log = startLog(process.env.LOG_FORMAT === 'json' ? 'json' : 'text')

/** How long a stop waits for requests in flight (SHUTDOWN_GRACE_MS, default 10 s: well under the usual 30 s before SIGKILL). */
const SHUTDOWN_GRACE_MS = Number(process.env.SHUTDOWN_GRACE_MS) || 10_000

/**
 * How long a stop keeps accepting connections, answering `/readyz` with 503, before it closes
 * the listening socket (SHUTDOWN_DRAIN_MS, default 1 s). Connections the kernel accepted that
 * the process had not taken yet would be reset, not refused, when it closes; behind a load
 * balancer, set it to a little more than the readiness probe's interval, so no new request
 * is still on its way when the socket closes.
 */
const SHUTDOWN_DRAIN_MS = Number(process.env.SHUTDOWN_DRAIN_MS ?? 1_000) || 0

/** What a test may put in place of the real admin build (test/system/first-start.test.ts). */
export type StartOptions = { startAdminBuild?: typeof startAdminBuildType }

export async function main(options: StartOptions = {}) {
  // A worker asks its primary about the admin build first, so that no word of it is missed.
  const fromPrimary = cluster.isWorker ? adminBuildFromPrimary() : undefined
  const env = readEnv()
  if (fromPrimary) {
    // The primary checked the settings, started the database and the admin build, and set what
    // follows from them (NODE_ENV among them).
    const worker = process.env.EVENTS_CALENDAR_WORKER ?? '?'
    const workerLog = (message: string) => log(`worker ${worker}: ${message}`)
    const adminBuild = await fromPrimary
    const dev = process.env.NODE_ENV === 'development'
    return serve({ adminBuild, dev, env, firstWorker: worker === '1', log: workerLog })
  }
  refuseDevelopmentSecretInProduction(env, process.env.NODE_ENV)
  const dev = process.env.NODE_ENV === 'development'
  if (!dev) (process.env as Record<string, string>).NODE_ENV = 'production'
  if (env.secretIsDefault)
    log('WARNING: PAYLOAD_SECRET is not set; using a development secret. Set it in production.')

  const { requireAdminBuild, startAdminBuild } = await import('./build')
  // SKIP_ADMIN_BUILD: the deploy built it once (`npm run build`); instances only check it is there.
  if (!dev && env.skipAdminBuild) await requireAdminBuild()
  const stopDatabase = await ensureDatabase(env, log)
  // RUN_JOBS=false on every instance but one: scheduled publication then runs on that one only.
  process.env.EVENTS_CALENDAR_RUN_JOBS ??= process.env.RUN_JOBS === 'false' ? 'false' : 'true'
  process.env.DISABLE_PAYLOAD_HMR ??= dev ? '' : 'true'

  // Built while Payload starts and the server serves everything but the admin panel. The
  // import map is made from the config Payload reads (so after the settings above), in this
  // process: the config is then compiled once, not once more by a process of its own.
  let adminBuild: AdminBuild | null = null
  if (!dev && !env.skipAdminBuild)
    adminBuild = await (options.startAdminBuild ?? startAdminBuild)(log, false, async () => {
      const [{ generateImportMap }, { default: config }] = await Promise.all([
        import('payload'),
        import('../../payload.config'),
      ])
      await generateImportMap(await config, { log: false })
    })

  // Development compiles the admin on demand, in one process.
  const workers = dev ? 1 : (env.webConcurrency ?? defaultWorkerCount(os.availableParallelism()))
  if (workers === 1) return serve({ adminBuild, dev, env, firstWorker: true, log, stopDatabase })
  runWorkers({
    adminBuild,
    count: workers,
    log,
    readyMessage: (port) => readyMessage(port, adminBuild, workers),
    stopWithinMs: SHUTDOWN_DRAIN_MS + SHUTDOWN_GRACE_MS + STOP_MARGIN_MS,
    stopDatabase,
  })
}

/** What a worker's stop may take besides draining and the grace (its jobs' turn, its pool, its log) before its primary kills it. */
const STOP_MARGIN_MS = 15_000

function readyMessage(port: number, adminBuild: AdminBuild | null, workers: number) {
  return `Ready on http://localhost:${port}${workers > 1 ? ` (${workers} worker processes)` : ''}: admin /admin${adminBuild ? ' (once built)' : ''}, Payload API /api, compatibility API /wp-json/vendor/events/v1 (also /fr/wp-json, /es/wp-json)`
}

/**
 * Payload on the database, the server on the port, and the stop on SIGTERM/SIGINT: the whole of
 * a single process's serving, and of each worker's. Only a single process says `Ready on` (a
 * worker's primary says it once every worker listens) and stops the database it started.
 */
async function serve(args: {
  adminBuild: AdminBuild | null
  dev: boolean
  env: AppEnv
  /** Creates the first administrator (one worker only, or the single process). */
  firstWorker: boolean
  log: (message: string) => void
  stopDatabase?: () => Promise<void>
}) {
  const { adminBuild, dev, env, log } = args
  const { bootPayload, ensureAdministrator } = await import('./db/boot')
  // MIGRATE_ON_START=false: the deploy applies them once beforehand (`npm run migrate`).
  const payload = await bootPayload({ migrate: process.env.MIGRATE_ON_START !== 'false' })
  const admin = args.firstWorker ? await ensureAdministrator(payload, env) : null
  if (admin) log(`Created the administrator ${env.adminEmail}.`)
  let queueRunner: { stop: () => Promise<void> } | undefined
  const calendarOptions = pluginOptionsOf(payload)
  // A disabled plugin keeps its job's slug (the schema) but publishes nothing: no runner either.
  if (process.env.EVENTS_CALENDAR_RUN_JOBS === 'true' && !calendarOptions.disabled) {
    const { startCalendarQueueRunner } = await import('../jobs/calendarQueueRunner')
    queueRunner = startCalendarQueueRunner(payload, calendarOptions.scheduledPublication.cron)
  }

  const { createServer } = await import('./server')
  const server = await createServer({
    ...(adminBuild ? { adminBuild } : {}),
    dev,
    log,
    payload,
    port: env.port,
  })
  const { trackConnections } = await import('./gracefulClose')
  const connections = trackConnections(server)
  const address = server.address()
  const port = typeof address === 'object' && address ? address.port : env.port
  if (!cluster.isWorker) log(readyMessage(port, adminBuild, 1))

  let stopping = false
  const stop = async (signal: string) => {
    if (stopping) return
    stopping = true
    log(`${signal}: answering the requests in flight, then stopping`)
    // /readyz answers 503 from now on, so the load balancer stops sending new requests here.
    startDraining()
    quietPoolErrors(payload)
    if (SHUTDOWN_DRAIN_MS) await new Promise((resolve) => setTimeout(resolve, SHUTDOWN_DRAIN_MS))
    // The timer may fire late, after the loop was busy: one more turn of the loop takes the
    // connections the kernel accepted meanwhile (`setImmediate` runs after the poll phase).
    await new Promise((resolve) => setImmediate(resolve))
    // No new connections; each request already read is answered (a client that got no answer
    // would retry a write that was kept). Connections still busy after the grace period are cut.
    // A connection that has not delivered its request yet is not cut as idle (`src/server/gracefulClose.ts`).
    await connections.close(SHUTDOWN_GRACE_MS)
    // The scheduled jobs (a turn under way finishes) and the pool end before the database they talk to.
    await queueRunner?.stop()
    await payload.destroy().catch(() => undefined)
    await args.stopDatabase?.().catch(() => undefined)
    // The request log is written in the background (`logger.ts`): its last lines before this one.
    await new Promise((resolve) => payload.logger.flush(resolve))
    log('stopped')
    process.exit(0)
  }
  process.on('SIGINT', () => void stop('SIGINT'))
  process.on('SIGTERM', () => void stop('SIGTERM'))
}

/** Stops the process with the reason it could not start. */
export function startFailed(error: unknown): never {
  if (error instanceof EnvError || error instanceof DatabaseStartError)
    console.error(`[events-calendar] ${error.message}`)
  else console.error('[events-calendar] could not start:', error)
  process.exit(1)
}

if (process.argv[1] && fileURLToPath(import.meta.url) === path.resolve(process.argv[1]))
  main().catch(startFailed)
