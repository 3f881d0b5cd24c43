import fs from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import sharp from 'sharp'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import { ensureAdminBuild } from '../../src/server/build'
import { freshDatabase, query } from '../helpers/freshDatabase'
import { basic } from '../helpers/http'
import { type S3Server, startS3Server } from '../helpers/s3Server'
import { type ServerProcess, startServerProcess } from '../helpers/serverProcess'

const DATABASE = 'events_calendar_multi_instance'
const ADMIN = { email: 'multi-admin@example.test', password: 'multi-password-1' }
const SECRET = 'multi-instance-shared-secret'

type Answer = { status: number; body: string; error?: string }
const answer = (promise: Promise<Response>): Promise<Answer> =>
  promise.then(
    async (response) => ({ status: response.status, body: await response.text() }),
    (error: Error) => ({
      status: 0,
      body: '',
      error: String((error.cause as { code?: string })?.code ?? error.cause ?? error),
    }),
  )

/**
 * Production on more than one machine (issue 13), all of it real: one Postgres database, one
 * S3 API, two app processes as `npm start` runs them, started at the same moment against the
 * empty database. Whatever one instance writes, the other serves at once.
 */
describe('two instances sharing one database and one bucket', () => {
  const database = freshDatabase(DATABASE)

  let s3: S3Server
  let a: ServerProcess
  let b: ServerProcess
  const dataDirs: string[] = []

  beforeAll(async () => {
    await database.create()
    s3 = await startS3Server()
    // Built once here, as a deploy does (`npm run build`); the instances only use it.
    await ensureAdminBuild(() => undefined)
    for (let i = 0; i < 2; i++)
      dataDirs.push(await fs.mkdtemp(path.join(os.tmpdir(), 'pec-instance-')))
    const env = (runJobs: boolean, dataDir: string) => ({
      ...s3.env,
      ADMIN_EMAIL: ADMIN.email,
      ADMIN_PASSWORD: ADMIN.password,
      DATA_DIR: dataDir,
      PAYLOAD_SECRET: SECRET,
      PASSWORD_GUARD_ACCOUNT_FREE_TRIES: '2',
      PASSWORD_GUARD_FIRST_DELAY_MS: '1500',
      PASSWORD_GUARD_MAX_HOLD_MS: '5000',
      RUN_JOBS: String(runJobs),
      SKIP_ADMIN_BUILD: '1',
    })
    ;[a, b] = await Promise.all([
      startServerProcess({ databaseUrl: database.url, env: env(true, dataDirs[0]!) }),
      startServerProcess({ databaseUrl: database.url, env: env(false, dataDirs[1]!) }),
    ])
  }, 300_000)

  afterAll(async () => {
    await Promise.all([a?.stop(), b?.stop()])
    await s3?.close()
    for (const dir of dataDirs) await fs.rm(dir, { force: true, recursive: true })
    await database.drop()
  })

  const signIn = async (base: string) => {
    const response = await fetch(`${base}/api/users/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(ADMIN),
    })
    expect(response.status).toBe(200)
    return `JWT ${(await response.json()).token}`
  }

  it('both become ready, with the health probes uncached and unauthenticated', async () => {
    for (const server of [a, b]) {
      const ready = await fetch(`${server.base}/readyz`)
      expect(ready.status, await ready.clone().text()).toBe(200)
      expect(ready.headers.get('cache-control')).toBe('no-store')
      expect(await ready.json()).toMatchObject({
        status: 'ok',
        checks: { database: { ok: true }, migrations: { ok: true }, shutdown: { ok: true } },
      })
      const alive = await fetch(`${server.base}/healthz`)
      expect(alive.status).toBe(200)
      expect(await alive.json()).toEqual({ status: 'ok' })
    }
    // Migrated once, by one of them; one administrator.
    const migrations = await query(
      database.url,
      'SELECT name, count(*)::int AS times FROM payload_migrations GROUP BY name',
    )
    expect(migrations.rows.every((row) => row.times === 1)).toBe(true)
    expect((await query(database.url, 'SELECT count(*)::int AS n FROM users')).rows[0].n).toBe(1)
  })

  it('a write through A, by the compatibility API or Payload’s REST, is read at once through B', async () => {
    const created = await fetch(`${a.base}/wp-json/vendor/events/v1/events`, {
      body: JSON.stringify({
        title: 'Written on A',
        start_date: '2027-10-01 10:00',
        end_date: '2027-10-01 11:00',
        status: 'publish',
      }),
      headers: { 'content-type': 'application/json', ...basic(ADMIN.email, ADMIN.password) },
      method: 'POST',
    })
    expect(created.status).toBe(201)
    const event = await created.json()
    const read = await fetch(`${b.base}/wp-json/vendor/events/v1/events/${event.id}`)
    expect(read.status).toBe(200)
    expect((await read.json()).title).toBe('Written on A')

    const venue = await fetch(`${a.base}/api/venues`, {
      body: JSON.stringify({ name: 'Venue written on A', status: 'publish' }),
      headers: { 'content-type': 'application/json', Authorization: await signIn(a.base) },
      method: 'POST',
    })
    expect(venue.status).toBe(201)
    const { doc } = await venue.json()
    const venueOnB = await fetch(`${b.base}/api/venues/${doc.id}`)
    expect(venueOnB.status).toBe(200)
    expect((await venueOnB.json()).name).toBe('Venue written on A')
  })

  it('an image uploaded through A is stored in the bucket, not on A’s disk, and served by B', async () => {
    const image = await sharp({
      create: { background: '#c04020', channels: 3, height: 40, width: 60 },
    })
      .png()
      .toBuffer()
    const form = new FormData()
    form.append(
      'file',
      new Blob([new Uint8Array(image)], { type: 'image/png' }),
      'shared-image.png',
    )
    form.append('_payload', JSON.stringify({ alt: 'uploaded on A' }))
    const uploaded = await fetch(`${a.base}/api/media`, {
      body: form,
      headers: { Authorization: await signIn(a.base) },
      method: 'POST',
    })
    expect(uploaded.status, await uploaded.clone().text()).toBe(201)
    const { doc } = await uploaded.json()
    expect(await s3.keys()).toContain(doc.filename)
    expect(await fs.readdir(path.join(dataDirs[0]!, 'media')).catch(() => [])).toEqual([])

    const served = await fetch(`${b.base}${new URL(doc.url, b.base).pathname}`)
    expect(served.status).toBe(200)
    expect(Buffer.from(await served.arrayBuffer()).equals(image)).toBe(true)
  })

  it('wrong passwords on A slow down the same account’s sign-in on B (the guard’s counts are in Postgres)', async () => {
    const login = async (base: string, password: string) => {
      const started = performance.now()
      const response = await fetch(`${base}/api/users/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email: ADMIN.email, password }),
      })
      return { ms: performance.now() - started, status: response.status }
    }
    const quick = await login(b.base, 'wrong-0')
    for (let i = 1; i <= 2; i++) expect((await login(a.base, `wrong-${i}`)).status).toBe(401)
    const slowed = await login(b.base, 'wrong-3')
    expect([401, 429]).toContain(slowed.status)
    if (slowed.status === 401) expect(slowed.ms).toBeGreaterThanOrEqual(1_000 + quick.ms / 2)
  })

  it('SIGTERM to A during 20 writes: each committed write was answered, no empty reply, A not ready while it drains, B unaffected', async () => {
    const marker = `Drain ${Date.now()}`
    // Signed in once first (the guard is calm again: the right password resets it after its delay).
    await new Promise((resolve) => setTimeout(resolve, 2_000))
    const writes = Array.from({ length: 20 }, (_, n) =>
      answer(
        fetch(`${a.base}/wp-json/vendor/events/v1/events`, {
          body: JSON.stringify({
            title: `${marker} ${n}`,
            start_date: '2027-10-02 10:00',
            end_date: '2027-10-02 11:00',
            description: 'x'.repeat(20_000),
          }),
          headers: { 'content-type': 'application/json', ...basic(ADMIN.email, ADMIN.password) },
          method: 'POST',
        }),
      ),
    )
    await new Promise((resolve) => setTimeout(resolve, 50))
    const stopped = a.stop()
    await new Promise((resolve) => setTimeout(resolve, 100))
    const probesOfA: Answer[] = []
    const probesOfB: Answer[] = []
    let draining = true
    const probing = (async () => {
      while (draining) {
        const [ofA, ofB] = await Promise.all([
          answer(fetch(`${a.base}/readyz`)),
          answer(fetch(`${b.base}/readyz`)),
        ])
        probesOfA.push(ofA)
        probesOfB.push(ofB)
        await new Promise((resolve) => setTimeout(resolve, 50))
      }
    })()
    const answers = await Promise.all(writes)
    await stopped
    draining = false
    await probing

    const answered = answers.filter((item) => item.status === 201).length
    const kept = await query(
      database.url,
      'SELECT count(*)::int AS n FROM events_locales WHERE title LIKE $1',
      [`${marker}%`],
    )
    expect(kept.rows[0].n, JSON.stringify(answers.filter((item) => item.status !== 201))).toBe(
      answered,
    )
    // Refused before being sent is safe to retry elsewhere; an empty reply (reset, hang-up) is not.
    for (const item of answers) if (item.status !== 201) expect(item.error).toBe('ECONNREFUSED')
    expect(probesOfA.length).toBeGreaterThan(0)
    // Not ready from the signal on: 503 on a connection still open, refused once A stopped
    // listening, or reset when the probe reused a kept-alive connection the drain was closing.
    for (const probe of probesOfA)
      expect(
        probe.status === 503 || ['ECONNREFUSED', 'ECONNRESET'].includes(probe.error ?? ''),
        JSON.stringify(probe),
      ).toBe(true)
    for (const probe of probesOfB) expect(probe.status, JSON.stringify(probe)).toBe(200)
    expect(a.output()).toContain('stopped')
    expect((await fetch(`${b.base}/wp-json/vendor/events/v1/events?per_page=1`)).status).toBe(200)
  }, 120_000)

  it('ran the calendar job queue only on A, and logged a line per request', () => {
    expect(a.output()).toMatch(/GET \/readyz|POST \/wp-json\/vendor\/events\/v1\/events 201/)
    expect(b.output()).toMatch(/GET \/api\/venues\/\d+ 200/)
    expect(`${a.output()}${b.output()}`).not.toMatch(/Error in job queue|payload_jobs_log/)
  })
})
