import { readFileSync } from 'node:fs'
import fs from 'node:fs/promises'
import http from 'node:http'
import os from 'node:os'
import path from 'node:path'
import { setTimeout as delay } from 'node:timers/promises'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import { isAlive } from '../../src/server/db/staleServer'
import { type ServerProcess, startServerProcess } from '../helpers/serverProcess'

const ADMIN = { email: 'cluster-admin@example.test', password: 'cluster-password-1' }
const AUTHORIZATION = `Basic ${Buffer.from(`${ADMIN.email}:${ADMIN.password}`).toString('base64')}`
const EVENTS = '/wp-json/vendor/events/v1/events'

/**
 * `npm start` with WEB_CONCURRENCY=2 (src/server/workers.ts) on the embedded Postgres, as a fresh
 * clone runs it: a primary that starts the database, and two workers sharing the port. Which worker
 * answered is read from the request log (LOG_FORMAT=json names each line's process), never from
 * the answer. Each request below opens a connection of its own: the cluster gives each new
 * connection to the next worker in turn.
 */
describe('npm start as a cluster of two workers', () => {
  let dataDir: string
  let server: ServerProcess | undefined

  const start = () =>
    startServerProcess({
      databaseUrl: '',
      env: {
        ADMIN_EMAIL: ADMIN.email,
        ADMIN_PASSWORD: ADMIN.password,
        DATABASE_URL: undefined,
        DATA_DIR: dataDir,
        LOG_FORMAT: 'json',
        // Long enough for the checks made while the workers drain (the stop's test below).
        SHUTDOWN_DRAIN_MS: '3000',
        SKIP_ADMIN_BUILD: '1',
        WEB_CONCURRENCY: '2',
      },
    })

  beforeAll(async () => {
    dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'pec-cluster-'))
  })
  afterAll(async () => {
    if (server?.child.exitCode === null) server.child.kill('SIGKILL')
    // A Postgres left by a failed run: stopped as the next start would (src/server/db/staleServer.ts).
    const postgres = postmasterPid(dataDir)
    if (postgres && isAlive(postgres)) process.kill(postgres, 'SIGINT')
    await waitFor(() => !postgres || !isAlive(postgres), 'the Postgres to stop').catch(
      () => undefined,
    )
    await fs.rm(dataDir, { force: true, recursive: true })
  })

  /** A request on a connection of its own. */
  const call = (method: string, route: string, body?: object) =>
    new Promise<{ body: string; status: number }>((resolve, reject) => {
      const data = body ? JSON.stringify(body) : undefined
      const request = http.request(
        new URL(route, server!.base),
        {
          agent: false,
          headers: data ? { authorization: AUTHORIZATION, 'content-type': 'application/json' } : {},
          method,
        },
        (response) => {
          let text = ''
          response.setEncoding('utf8')
          response.on('data', (chunk: string) => (text += chunk))
          response.on('end', () => resolve({ body: text, status: response.statusCode! }))
        },
      )
      request.on('error', reject)
      request.end(data)
    })

  /** The request log's lines so far: the process that answered, what, and when. */
  const requestsLogged = () =>
    server!
      .output()
      .split('\n')
      .filter((line) => line.startsWith('{') && line.includes('"durationMs"'))
      .map(
        (line) =>
          JSON.parse(line) as {
            method: string
            path: string
            pid: number
            status: number
            time: string
          },
      )

  /** The workers' process ids as the primary named them, in the order they started. */
  const workersStarted = () =>
    [...server!.output().matchAll(/worker (\d) \(process (\d+)\) starting/g)].map((match) => ({
      number: Number(match[1]),
      pid: Number(match[2]),
    }))

  it('starts a primary and two workers that share the port and both answer', async () => {
    server = await start()
    expect(server.output()).toContain('(2 worker processes)')
    const workers = workersStarted()
    expect(workers.map((worker) => worker.number).sort()).toEqual([1, 2])
    for (let n = 0; n < 6; n++) expect((await call('GET', '/readyz')).status).toBe(200)
    for (let n = 0; n < 6; n++) expect((await call('GET', `${EVENTS}?per_page=1`)).status).toBe(200)
    // Each line of the log is written within a second (src/server/logger.ts).
    await waitFor(
      () => requestsLogged().filter((line) => line.path === EVENTS).length === 6,
      'the request log',
    )
    const answeredBy = new Set(
      requestsLogged()
        .filter((line) => line.path === EVENTS)
        .map((line) => line.pid),
    )
    expect([...answeredBy].sort()).toEqual(workers.map((worker) => worker.pid).sort())
  })

  it('reads a write made through one worker at once through the other, whatever each kept', async () => {
    const created = await call('POST', EVENTS, {
      end_date: '2027-10-01 11:00',
      start_date: '2027-10-01 10:00',
      status: 'publish',
      title: 'Written once',
    })
    expect(created.status).toBe(201)
    const { id } = JSON.parse(created.body) as { id: number }
    // Both workers answer it, and keep their answer for the next visitor (docs/caching.md).
    for (let n = 0; n < 4; n++)
      expect(JSON.parse((await call('GET', `${EVENTS}/${id}`)).body).title).toBe('Written once')
    const updated = await call('POST', `${EVENTS}/${id}`, { title: 'Written twice' })
    expect(updated.status).toBe(200)
    const acknowledged = new Date().toISOString()
    for (let n = 0; n < 6; n++) {
      const read = await call('GET', `${EVENTS}/${id}`)
      expect(read.status).toBe(200)
      expect(JSON.parse(read.body).title).toBe('Written twice')
    }
    const readsAfter = () =>
      requestsLogged().filter(
        (line) =>
          line.method === 'GET' && line.path === `${EVENTS}/${id}` && line.time >= acknowledged,
      )
    await waitFor(() => readsAfter().length === 6, 'the request log')
    expect(new Set(readsAfter().map((line) => line.pid)).size).toBe(2)
  })

  it('forks a worker killed with SIGKILL again, and the new one serves', async () => {
    const [killed] = workersStarted()
    process.kill(killed!.pid, 'SIGKILL')
    const replaced = new RegExp(
      `worker ${killed!.number} \\(process ${killed!.pid}\\) ended unexpectedly \\(signal SIGKILL\\); starting another in 1 s`,
    )
    await waitFor(() => replaced.test(server!.output()), 'the primary to say so')
    const serves = new RegExp(`worker ${killed!.number} \\(process (\\d+)\\) serves`)
    await waitFor(() => serves.test(server!.output()), 'the new worker', 60_000)
    const newPid = Number(serves.exec(server!.output())![1])
    const since = new Date().toISOString()
    for (let n = 0; n < 6; n++) expect((await call('GET', `${EVENTS}?page=1`)).status).toBe(200)
    await waitFor(
      () => requestsLogged().some((line) => line.pid === newPid && line.time >= since),
      'a request answered by the new worker',
    )
  })

  it('on SIGTERM, drains every worker as one process drains, then stops the database, and exits 0', async () => {
    const pids = [...new Set(workersStarted().map((worker) => worker.pid))]
    const postgres = postmasterPid(dataDir)!
    const exited = new Promise<null | number>((resolve) =>
      server!.child.once('exit', (code) => resolve(code)),
    )
    const write = call('POST', EVENTS, {
      description: 'x'.repeat(20_000),
      end_date: '2027-10-02 11:00',
      start_date: '2027-10-02 10:00',
      title: 'In flight',
    })
    await delay(30)
    server!.child.kill('SIGTERM')
    // Both workers drain: the load balancer's check fails at once, whichever worker answers it.
    await delay(300)
    const checks = [(await call('GET', '/readyz')).status, (await call('GET', '/readyz')).status]
    expect(checks).toEqual([503, 503])
    expect((await write).status).toBe(201)
    expect(await exited).toBe(0)
    expect(server!.output()).toMatch(/worker 1: stopped[\s\S]*"msg":"stopped"/)
    expect(pids.filter((pid) => isAlive(pid))).toEqual([])
    expect(isAlive(postgres)).toBe(false)
    expect(postmasterPid(dataDir)).toBeUndefined()
  })

  it('starts again on the same data folder; after a SIGKILL of the primary, its workers end by themselves and the next start stops the Postgres it left', async () => {
    server = await start()
    expect(server.output()).not.toContain('was left running')
    const event = JSON.parse((await call('GET', `${EVENTS}?per_page=1`)).body).events[0]
    expect(event.title).toBe('Written twice')

    const workers = workersStarted().map((worker) => worker.pid)
    const postgres = postmasterPid(dataDir)!
    server.child.kill('SIGKILL')
    await waitFor(() => workers.every((pid) => !isAlive(pid)), 'the workers to end')
    expect(isAlive(postgres)).toBe(true)

    server = await start()
    expect(server.output()).toContain(
      `was left running by a process that ended without stopping it: stopped it (process ${postgres})`,
    )
    expect(JSON.parse((await call('GET', `${EVENTS}?per_page=1`)).body).events[0].title).toBe(
      'Written twice',
    )
    const exited = new Promise((resolve) => server!.child.once('exit', resolve))
    server.child.kill('SIGTERM')
    expect(await exited).toBe(0)
  })
})

async function waitFor(condition: () => boolean, what: string, ms = 20_000): Promise<void> {
  const deadline = Date.now() + ms
  while (!condition()) {
    if (Date.now() > deadline) throw new Error(`waited ${ms / 1000} s for ${what}`)
    await delay(100)
  }
}

function postmasterPid(dataDir: string): number | undefined {
  try {
    const text = readFileSync(path.join(dataDir, 'pg', 'postmaster.pid'), 'utf8')
    return Number(text.split('\n')[0]) || undefined
  } catch {
    return undefined
  }
}
