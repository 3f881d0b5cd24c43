import type { TestProject } from 'vitest/node'

import { spawn } from 'node:child_process'
import fs from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'

import { startEmbeddedPostgres } from '../src/server/db/embeddedPostgres'
import { ensureAdminBuild, requireAdminBuild } from '../src/server/build'
import { startAppBroker } from './e2e/sharedApps'
import { awaitAdminBuild, awaitOtherNextBuilds, recordAdminBuild } from './helpers/adminBuild'
import { buildProcessBundles, newProcessBundlesFolder } from './helpers/processBundles'
import { databaseUrlOn, query } from './helpers/freshDatabase'
import { TEMPLATE_DATABASE } from './helpers/workerDatabase'
import { TEST_ENV } from './helpers/testEnv'

declare module 'vitest' {
  export interface ProvidedContext {
    /** The test server's maintenance database: a place to create and drop others from, never to test in. */
    postgresUrl: string
    smokeDatabaseUrl: string
    /** The file through which the run's admin build says how it went (test/helpers/adminBuild.ts). */
    adminBuildStatus: string
    /** Whether this tier's files start the built app, so cannot run without the build. */
    adminBuildRequired: boolean
  }
}

const ROOT = path.resolve(import.meta.dirname, '..')

type Server = {
  postgresUrl: string
  smokeDatabaseUrl: string
  stop: () => Promise<void>
}

// The tiers that use the database each name this file (vitest.config.ts), and run it only when
// they have files in the run; the server is started by the first and shared through the process.
const shared = globalThis as {
  eventsCalendarAdminBuild?: Promise<void>
  /** Where this run's admin build says how it went, in a folder of the run's own. */
  eventsCalendarAdminBuildStatus?: string
  /** This run's precompiled processes (test/helpers/processBundles.ts), in a folder of the run's own. */
  eventsCalendarProcessBundles?: Promise<string>
  eventsCalendarTestServer?: { server: Promise<Server>; users: number }
}

/** The tier whose files drive the app in Chromium, and may share the apps they drive (test/e2e/sharedApps.ts). */
const BROWSER_TIER = 'browser'

/** The tiers whose files start the product as `npm start` does, with the built admin panel. */
const SERVER_TIERS = ['system', 'system-timed', 'browser']

/**
 * Tests run against a real Postgres: the server in TEST_PG_ADMIN_URL when set (a maintenance
 * database URL, e.g. postgres://postgres:postgres@localhost:5432/postgres), otherwise a
 * throwaway embedded one. Each run gets fresh databases: a migrated template from which each
 * worker clones its own (test/helpers/workerDatabase.ts), as each browser file does for its
 * server process (test/e2e/browser.ts), and one for the smoke test's server process.
 */
export default async function setup(project: TestProject) {
  // Built once, here: servers started at once (several instances, files in a row) would each build
  // the same `.next` when the sources changed. Global setup ends before any file starts, so the
  // build goes on in the background while the unit and api tiers run; the files of the later tiers
  // wait for it (test/setupAdminBuild.ts).
  const status = (shared.eventsCalendarAdminBuildStatus ??= path.join(
    await fs.mkdtemp(path.join(os.tmpdir(), 'pec-admin-build-')),
    'status.json',
  ))
  const required = SERVER_TIERS.includes(project.name)
  // The processes these tiers start, precompiled first, in the same wait.
  const bundles = required
    ? await (shared.eventsCalendarProcessBundles ??= newProcessBundlesFolder(ROOT))
    : ''
  if (required)
    shared.eventsCalendarAdminBuild ??= recordAdminBuild(status, async () => {
      const log = (message: string) => console.log(message)
      await buildProcessBundles(ROOT, bundles)
      await awaitOtherNextBuilds(ROOT, log)
      // SKIP_ADMIN_BUILD, as `npm start` reads it: the build there is used as it is, never made
      // again (a worktree whose `.next` is another's, linked, must not write into it).
      if (['1', 'true'].includes(process.env.SKIP_ADMIN_BUILD ?? '')) await requireAdminBuild()
      else await ensureAdminBuild(log)
    })
  project.provide('adminBuildStatus', status)
  project.provide('adminBuildRequired', required)
  project.provide('processBundles', bundles)
  shared.eventsCalendarTestServer ??= { server: startServer(), users: 0 }
  const state = shared.eventsCalendarTestServer
  state.users++
  const server = await state.server
  project.provide('postgresUrl', server.postgresUrl)
  project.provide('smokeDatabaseUrl', server.smokeDatabaseUrl)
  // The apps the browser files share, each started once it is first claimed, after the build.
  const broker =
    project.name === BROWSER_TIER
      ? await startAppBroker({
          postgresUrl: server.postgresUrl,
          ready: async () => {
            await shared.eventsCalendarAdminBuild
            await awaitAdminBuild(status, true)
            return bundles
          },
        })
      : undefined
  project.provide('e2eAppBroker', broker?.url ?? '')
  return async () => {
    await broker?.stop()
    if (--state.users > 0) return
    // A run stopped early (a failure with --bail, Ctrl-C) may end before the build.
    await shared.eventsCalendarAdminBuild
    await fs.rm(path.dirname(status), { force: true, recursive: true })
    const bundles = await shared.eventsCalendarProcessBundles
    if (bundles) await fs.rm(bundles, { force: true, recursive: true })
    await server.stop()
  }
}

async function startServer(): Promise<Server> {
  let adminUrl = process.env.TEST_PG_ADMIN_URL
  let stop: (() => Promise<void>) | undefined
  let dir: string | undefined
  if (!adminUrl) {
    dir = await fs.mkdtemp(path.join(os.tmpdir(), 'pec-test-'))
    const server = await startEmbeddedPostgres({
      database: 'postgres',
      dir: path.join(dir, 'pg'),
      fast: true,
      persistent: false,
    })
    adminUrl = server.url
    stop = server.stop
  }
  // Worker databases left by an earlier run on the same server.
  const stale = await query(
    adminUrl,
    `SELECT datname FROM pg_database WHERE datname LIKE 'events_calendar_test%'`,
  )
  for (const { datname } of stale.rows)
    await query(adminUrl, `DROP DATABASE IF EXISTS "${datname}" WITH (FORCE)`)
  for (const name of [TEMPLATE_DATABASE, 'events_calendar_smoke']) {
    await query(adminUrl, `DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`)
    await query(adminUrl, `CREATE DATABASE "${name}"`)
  }
  await migrate(databaseUrlOn(adminUrl, TEMPLATE_DATABASE))
  return {
    postgresUrl: adminUrl,
    smokeDatabaseUrl: databaseUrlOn(adminUrl, 'events_calendar_smoke'),
    stop: async () => {
      await stop?.()
      if (dir) await fs.rm(dir, { force: true, recursive: true })
    },
  }
}

/** Every migration applied to `url`, by the command-line tool in a process of its own (it exits, so no connection to the template is left). */
async function migrate(url: string): Promise<void> {
  const child = spawn(process.execPath, ['bin/payload-events-calendar.js', 'migrate'], {
    cwd: ROOT,
    env: { ...process.env, ...TEST_ENV, DATABASE_URL: url },
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  let output = ''
  child.stdout.on('data', (chunk) => (output += chunk))
  child.stderr.on('data', (chunk) => (output += chunk))
  const code = await new Promise<null | number>((resolve) => child.once('exit', resolve))
  if (code !== 0)
    throw new Error(`migrating the template database failed (exit ${code}):\n${output}`)
}
