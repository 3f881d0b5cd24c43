import type { TestProject } from 'vitest/node'

import fs from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import pg from 'pg'

import { startEmbeddedPostgres } from '../src/server/db/embeddedPostgres'

declare module 'vitest' {
  export interface ProvidedContext {
    databaseUrl: string
    e2eDatabaseUrl: string
    smokeDatabaseUrl: string
  }
}

/**
 * Tests run against a real Postgres: the server in TEST_PG_ADMIN_URL when set (a maintenance
 * database URL, e.g. postgres://postgres:postgres@localhost:5432/postgres), otherwise a
 * throwaway embedded one. Each run gets fresh databases.
 */
export default async function setup(project: TestProject) {
  let adminUrl = process.env.TEST_PG_ADMIN_URL
  let stop: (() => Promise<void>) | undefined
  let dir: string | undefined
  if (!adminUrl) {
    dir = await fs.mkdtemp(path.join(os.tmpdir(), 'pec-test-'))
    const server = await startEmbeddedPostgres({ database: 'postgres', dir: path.join(dir, 'pg'), fast: true, persistent: false })
    adminUrl = server.url
    stop = server.stop
  }
  const urls: string[] = []
  const client = new pg.Client({ connectionString: adminUrl })
  await client.connect()
  for (const name of ['events_calendar_test', 'events_calendar_smoke', 'events_calendar_e2e']) {
    await client.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`)
    await client.query(`CREATE DATABASE "${name}"`)
    const url = new URL(adminUrl)
    url.pathname = `/${name}`
    urls.push(url.toString())
  }
  await client.end()
  project.provide('databaseUrl', urls[0]!)
  project.provide('smokeDatabaseUrl', urls[1]!)
  project.provide('e2eDatabaseUrl', urls[2]!)

  return async () => {
    await stop?.()
    if (dir) await fs.rm(dir, { force: true, recursive: true })
  }
}
