import cluster, { type Worker } from 'node:cluster'

import type { AdminBuild } from './build'

import { ADMIN_BUILD, type AdminBuildMessage, type AdminBuildState, isHello } from './workerLink'

/**
 * `npm start` with WEB_CONCURRENCY above 1: the primary process forks that many workers, each the
 * whole server as one process is (`start.ts`), sharing the port (Node's `cluster` hands each new
 * connection to the next worker in turn). Everything the workers share lives in Postgres, as
 * between instances (docs/production.md, "Several instances"). The primary serves nothing: it
 * started the database and the admin build before the workers, tells them about the build
 * (`workerLink.ts`), forks a worker again when one dies, and on SIGTERM/SIGINT stops them all,
 * then the database.
 */

/**
 * WEB_CONCURRENCY's default: a worker per core but one, which is left to Postgres (embedded, or on
 * the same machine), the primary and each worker's helper threads. On 2 cores that is one process,
 * which serves more there than two workers do (bench/RESULTS.md, issue 29, "Cluster").
 */
export function defaultWorkerCount(cores: number): number {
  return Math.max(1, cores - 1)
}

/** Waits before forking again a worker that died, by how many times in a row its place failed. */
const RESTART_DELAYS_MS = [1_000, 2_000, 4_000, 8_000, 16_000, 30_000]
/** A worker that served this long before dying starts its place's count of failures again. */
const STABLE_MS = 60_000

type Place = {
  exited?: Promise<void>
  failures: number
  listening: boolean
  number: number
  restart?: NodeJS.Timeout
  startedAt: number
  worker?: Worker
}

export function runWorkers(args: {
  adminBuild: AdminBuild | null
  count: number
  log: (message: string) => void
  /** The line said once every worker listens (the tests and users wait for `Ready on`). */
  readyMessage: (port: number) => string
  /** How long the workers' own stop may take before those left are killed. */
  stopWithinMs: number
  stopDatabase: () => Promise<void>
}): void {
  const { log } = args
  let build: AdminBuildState = args.adminBuild
    ? {
        expectedSeconds: args.adminBuild.expectedSeconds,
        startedAt: args.adminBuild.startedAt,
        state: 'building',
      }
    : null
  const told = new Set<Worker>()
  const tell = (worker: Worker) => {
    if (worker.isConnected()) worker.send({ build, type: ADMIN_BUILD } satisfies AdminBuildMessage)
  }
  args.adminBuild?.done.then(
    () => {
      build = { ...build!, state: 'built' }
      told.forEach(tell)
    },
    (error: unknown) => {
      console.error('[events-calendar] the admin panel could not be built:', error)
      build = { ...build!, state: 'failed' }
      told.forEach(tell)
    },
  )

  const places: Place[] = Array.from({ length: args.count }, (_, index) => ({
    failures: 0,
    listening: false,
    number: index + 1,
    startedAt: 0,
  }))
  let ready = false
  let stopping = false

  const fork = (place: Place) => {
    // One worker runs the scheduled jobs (as RUN_JOBS says), and creates the first administrator.
    const worker = cluster.fork({
      EVENTS_CALENDAR_WORKER: String(place.number),
      ...(place.number > 1 ? { EVENTS_CALENDAR_RUN_JOBS: 'false' } : {}),
    })
    const pid = worker.process.pid
    place.worker = worker
    place.listening = false
    place.startedAt = Date.now()
    place.exited = new Promise((resolve) => worker.once('exit', () => resolve()))
    log(`worker ${place.number} (process ${pid}) starting`)
    // A message to a worker that has just ended fails; its end is handled below, by 'exit'.
    worker.on('error', () => undefined)
    worker.on('message', (message: unknown) => {
      if (!isHello(message)) return
      told.add(worker)
      tell(worker)
    })
    worker.once('listening', (address) => {
      place.listening = true
      if (ready) return log(`worker ${place.number} (process ${pid}) serves`)
      if (places.every((other) => other.listening)) {
        ready = true
        log(args.readyMessage(address.port))
      }
    })
    worker.once('exit', (code, signal) => {
      told.delete(worker)
      if (stopping) return
      const how = signal ? `signal ${signal}` : `exit code ${code}`
      if (!ready) {
        log(`worker ${place.number} (process ${pid}) could not start (${how}): stopping`)
        void stop('SIGTERM', 1)
        return
      }
      place.failures = Date.now() - place.startedAt >= STABLE_MS ? 1 : place.failures + 1
      const delay = RESTART_DELAYS_MS[Math.min(place.failures, RESTART_DELAYS_MS.length) - 1]!
      log(
        `worker ${place.number} (process ${pid}) ended unexpectedly (${how}); starting another in ${delay / 1000} s`,
      )
      place.restart = setTimeout(() => fork(place), delay)
    })
  }

  const stop = async (signal: NodeJS.Signals, exitCode: number) => {
    if (stopping) return
    stopping = true
    const running = places.filter((place) => place.worker && !place.worker.isDead())
    log(
      `${exitCode ? 'Stopping' : `${signal}: stopping`} the workers (each answers the requests in flight), then the database`,
    )
    for (const place of places) clearTimeout(place.restart)
    // Each worker stops as one process does on this signal (`start.ts`): /readyz 503, its
    // requests in flight answered within SHUTDOWN_GRACE_MS, its pool closed.
    for (const place of running) place.worker!.process.kill(signal)
    const exited = Promise.all(running.map((place) => place.exited))
    const late = setTimeout(() => {
      for (const place of running)
        if (!place.worker!.isDead()) {
          log(`worker ${place.number} (process ${place.worker!.process.pid}) did not stop: killed`)
          place.worker!.process.kill('SIGKILL')
        }
    }, args.stopWithinMs)
    await exited
    clearTimeout(late)
    await args.stopDatabase().catch(() => undefined)
    log('stopped')
    process.exit(exitCode)
  }
  process.on('SIGINT', () => void stop('SIGINT', 0))
  process.on('SIGTERM', () => void stop('SIGTERM', 0))

  for (const place of places) fork(place)
}
