import fs from 'node:fs'
import http from 'node:http'
import type { AddressInfo } from 'node:net'
import path from 'node:path'

import { type ServerProcess, startServerProcess } from '../helpers/serverProcess'
import { query } from '../helpers/freshDatabase'
import { TEST_ENV } from '../helpers/testEnv'
import { templateCopyOn } from '../helpers/workerDatabase'

declare module 'vitest' {
  export interface ProvidedContext {
    /** The address of the run's lender of shared apps (`startAppBroker`), '' in tiers without one. */
    e2eAppBroker: string
  }
}

/** Where the browser files' screenshots and the servers' logs are written. */
export const ARTIFACTS = path.resolve(import.meta.dirname, '../../test-results/e2e')

/** The administrator the app is started with (E2E_ADMIN_EMAIL / E2E_ADMIN_PASSWORD for one already running). */
export const E2E_ADMIN = {
  email: process.env.E2E_ADMIN_EMAIL ?? 'e2e-admin@example.test',
  password: process.env.E2E_ADMIN_PASSWORD ?? 'e2e-admin-password-1',
}

/**
 * The settings of an app the browser files drive: the tests' own (the site's zone, its clock),
 * which a test file's process has and the run's own process has not, but with the job queue
 * running, as it does by default, and the administrator above made at its first start.
 */
export function e2eAppEnv(env: Record<string, string> = {}): Record<string, string | undefined> {
  return {
    ...TEST_ENV,
    EVENTS_CALENDAR_RUN_JOBS: undefined,
    ...env,
    ADMIN_EMAIL: E2E_ADMIN.email,
    ADMIN_PASSWORD: E2E_ADMIN.password,
  }
}

type SharedApp = {
  busy: boolean
  database: string
  id: number
  server: Promise<ServerProcess>
}

/**
 * The apps the browser files that need no settings of their own drive, kept by the run's own
 * process (test/globalSetup.ts) and lent to one file at a time: a file claims one over HTTP
 * (`POST /claim`, answered with its address once it is ready) and gives it back when done
 * (`POST /release?id=`). A claim takes an idle app, or starts one when all are lent, so there are
 * as many as files run at once, each started (Payload's boot, the admin's first renders) once per
 * run rather than once per file. Each is the real server process (`npm start`, the built admin)
 * on a copy of the migrated template of its own; the files it serves in turn see each other's
 * data, so each makes its own under names of its own. `ready` waits for what a server needs
 * (the admin build) and gives the run's folder of precompiled processes.
 */
export async function startAppBroker(args: {
  postgresUrl: string
  ready: () => Promise<string>
}): Promise<{ stop: () => Promise<void>; url: string }> {
  const apps: SharedApp[] = []
  const start = async (database: string): Promise<ServerProcess> => {
    const bundles = await args.ready()
    const databaseUrl = await templateCopyOn(args.postgresUrl, database, { fresh: true })
    return startServerProcess({ bundles, databaseUrl, env: e2eAppEnv() })
  }
  const claim = async (): Promise<SharedApp> => {
    const idle = apps.find((app) => !app.busy)
    if (idle) {
      idle.busy = true
      return idle
    }
    const id = apps.length + 1
    const database = `events_calendar_test_e2e_shared_${id}`
    const app: SharedApp = { busy: true, database, id, server: start(database) }
    apps.push(app)
    return app
  }
  const broker = http.createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://127.0.0.1')
    const answer = (status: number, body: unknown) =>
      void res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body))
    if (req.method === 'POST' && url.pathname === '/claim') {
      void claim().then(async (app) => {
        try {
          answer(200, { base: (await app.server).base, id: app.id })
        } catch (error) {
          // A server that did not start stays lent: the next claim starts another.
          answer(500, { error: (error as Error).message })
        }
      })
      return
    }
    const app = apps.find((one) => one.id === Number(url.searchParams.get('id')))
    if (req.method === 'POST' && url.pathname === '/release' && app) {
      app.busy = false
      return answer(200, {})
    }
    answer(404, { error: 'unknown request' })
  })
  await new Promise<void>((resolve) => broker.listen(0, '127.0.0.1', resolve))
  return {
    stop: async () => {
      broker.closeAllConnections()
      await new Promise((resolve) => broker.close(resolve))
      fs.mkdirSync(ARTIFACTS, { recursive: true })
      for (const app of apps) {
        const server = await app.server.catch(() => undefined)
        if (server) {
          await server.stop()
          fs.writeFileSync(path.join(ARTIFACTS, `shared-${app.id}-server.log`), server.output())
        }
        await query(args.postgresUrl, `DROP DATABASE IF EXISTS "${app.database}" WITH (FORCE)`)
      }
    },
    url: `http://127.0.0.1:${(broker.address() as AddressInfo).port}`,
  }
}
