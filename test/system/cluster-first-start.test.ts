import fs from 'node:fs/promises'
import http from 'node:http'
import os from 'node:os'
import path from 'node:path'
import { setTimeout as delay } from 'node:timers/promises'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import { freshDatabase } from '../helpers/freshDatabase'
import { type ServerProcess, startServerProcess } from '../helpers/serverProcess'

/*
 * The first start with two workers (src/server/workers.ts, src/server/workerLink.ts): the primary
 * builds the admin panel once (held by the test, test/system/fixtures/startWithHeldBuild.ts), every
 * worker serves the APIs and says the admin is being built meanwhile, then serves the admin once the
 * primary says it is built, and so does a worker forked after the build. Each request opens a
 * connection of its own, which the cluster gives to the next worker in turn.
 */
describe('the first start of a cluster of two workers (the admin built once, by the primary)', () => {
  const database = freshDatabase('cluster_first_start')
  let server: ServerProcess
  let release: string

  beforeAll(async () => {
    await database.create()
    release = path.join(await fs.mkdtemp(path.join(os.tmpdir(), 'pec-cluster-build-')), 'built')
    server = await startServerProcess({
      databaseUrl: database.url,
      entry: 'test/system/fixtures/startWithHeldBuild.ts',
      env: { HELD_BUILD_RELEASE: release, HELD_BUILD_SECONDS: '90', WEB_CONCURRENCY: '2' },
    })
  }, 600_000)
  afterAll(async () => {
    await server?.stop()
    await database.drop()
    if (release) await fs.rm(path.dirname(release), { force: true, recursive: true })
  })

  const status = (route: string) =>
    new Promise<{ body: string; status: number }>((resolve, reject) => {
      http
        .get(new URL(route, server.base), { agent: false }, (response) => {
          let body = ''
          response.setEncoding('utf8')
          response.on('data', (chunk: string) => (body += chunk))
          response.on('end', () => resolve({ body, status: response.statusCode! }))
        })
        .on('error', reject)
    })

  const waitForLog = async (pattern: RegExp, what: string) => {
    const deadline = Date.now() + 120_000
    while (!pattern.test(server.output())) {
      if (Date.now() > deadline) throw new Error(`waited for ${what}:\n${server.output()}`)
      await delay(100)
    }
  }

  it('builds once, in the primary, while both workers serve the APIs and say the admin is being built', async () => {
    expect(server.output()).toContain('(2 worker processes): admin /admin (once built)')
    expect(server.output().match(/Building the admin panel \(held by the test\)/g)).toHaveLength(1)
    for (let n = 0; n < 4; n++) {
      expect((await status('/wp-json/vendor/events/v1/events')).status).toBe(200)
      const admin = await status('/admin/login')
      expect(admin.status).toBe(503)
      expect(admin.body).toMatch(/^The admin panel is being built, ready in about \d+ s\.\n$/)
    }
  })

  it('serves the admin panel from every worker once the primary has built it, and from a worker forked afterwards', async () => {
    await fs.writeFile(release, '')
    await waitForLog(/worker 1: The admin panel is ready\./, 'worker 1')
    await waitForLog(/worker 2: The admin panel is ready\./, 'worker 2')
    for (let n = 0; n < 4; n++) expect((await status('/admin/login')).status).toBe(200)

    const worker = /worker 2 \(process (\d+)\) starting/.exec(server.output())!
    process.kill(Number(worker[1]), 'SIGKILL')
    await waitForLog(/worker 2 \(process \d+\) serves/, 'the new worker 2')
    for (let n = 0; n < 4; n++) expect((await status('/admin/login')).status).toBe(200)
  }, 240_000)
})
