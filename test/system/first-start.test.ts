import fs from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import { setTimeout as delay } from 'node:timers/promises'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import { freshDatabase } from '../helpers/freshDatabase'
import { type ServerProcess, startServerProcess } from '../helpers/serverProcess'

/*
 * The first start (issue 28, item 8): while the admin panel is being built, `npm start` already
 * serves the APIs, the feeds and the health checks, and the admin answers 503 with the time
 * expected; once the build is done, the admin panel itself. The build is held by the test
 * (test/system/fixtures/startWithHeldBuild.ts) around the run's real one, so no second build is made.
 */
describe('the first start (npm start while the admin panel builds)', () => {
  const database = freshDatabase('first_start')
  let server: ServerProcess
  let release: string

  beforeAll(async () => {
    await database.create()
    release = path.join(await fs.mkdtemp(path.join(os.tmpdir(), 'pec-first-start-')), 'built')
    server = await startServerProcess({
      databaseUrl: database.url,
      entry: 'test/system/fixtures/startWithHeldBuild.ts',
      env: { HELD_BUILD_RELEASE: release, HELD_BUILD_SECONDS: '90' },
    })
  }, 600_000)
  afterAll(async () => {
    await server?.stop()
    await database.drop()
    if (release) await fs.rm(path.dirname(release), { force: true, recursive: true })
  })

  it('serves the APIs, feeds and health checks, and says the admin is being built', async () => {
    expect(server.output()).toContain('admin /admin (once built)')
    for (const route of [
      '/wp-json/vendor/events/v1/events',
      '/api/events?limit=1',
      '/events.ics',
      '/healthz',
      '/readyz',
    ])
      expect((await fetch(`${server.base}${route}`)).status, route).toBe(200)

    const page = await fetch(`${server.base}/admin`, { headers: { accept: 'text/html' } })
    expect(page.status).toBe(503)
    const retryAfter = Number(page.headers.get('retry-after'))
    expect(retryAfter).toBeGreaterThan(0)
    expect(retryAfter).toBeLessThanOrEqual(10)
    expect(page.headers.get('content-type')).toContain('text/html')
    const html = await page.text()
    expect(html).toMatch(/The admin panel is being built, ready in about \d+ s\./)
    expect(html).toContain('http-equiv="refresh"')
    // The estimate counts down from the build's expected duration.
    const seconds = Number(/about (\d+) s/.exec(html)![1])
    expect(seconds).toBeGreaterThan(0)
    expect(seconds).toBeLessThanOrEqual(90)

    const plain = await fetch(`${server.base}/admin/login`)
    expect(plain.status).toBe(503)
    expect(await plain.text()).toMatch(/^The admin panel is being built, ready in about \d+ s\.\n$/)
  })

  it('serves the admin panel once the build is done', async () => {
    await fs.writeFile(release, '')
    const deadline = Date.now() + 120_000
    while (!server.output().includes('The admin panel is ready.')) {
      if (Date.now() > deadline)
        throw new Error(`the admin never became ready:\n${server.output()}`)
      await delay(100)
    }
    const page = await fetch(`${server.base}/admin/login`, { headers: { accept: 'text/html' } })
    expect(page.status).toBe(200)
    const html = await page.text()
    expect(html).not.toContain('being built')
    expect(html).toContain('/_next/static/')
    // Payload's API is Next's again, and answers as before.
    expect((await fetch(`${server.base}/api/events?limit=1`)).status).toBe(200)
  }, 150_000)
})
