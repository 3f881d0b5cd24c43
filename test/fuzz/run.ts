/**
 * A hostile-input campaign over every surface on one port (the compatibility API, Payload's REST
 * API and GraphQL, through `serveAllApis` of `test/helpers/http.ts`), as a visitor and as a
 * contributor, against a throwaway embedded Postgres. It reports:
 * - 5xx answers (and which requests got them);
 * - internals in bodies (stack frames, SQL, file paths, the server's own URL in an error);
 * - leaks: the secret text of a seeded set of drafts, pending, private and password-protected
 *   items appearing in any answer to these callers, who may not read it;
 * - lost writes: items whose creation was acknowledged (2xx) missing at the end, though no
 *   acknowledged delete named them.
 *
 *   npm run fuzz -- --requests 10000 [--seed 42] [--concurrency 8]
 *
 * Exits 1 when any count but the requests is not zero.
 *
 *   npm run fuzz -- --cost [--only date-body,feeds] [--help]
 *
 * runs the cost fuzzer instead (`cost.ts`): attacks that make a request cost the server, measured by
 * another client's latency.
 */
import fs from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'

import { quietPoolErrors } from '../../src/db/pool'
import { hostileRequest, type FuzzRequest, type Rng, rng } from './generators'
import { seedSecrets } from './secrets'

const argument = (name: string, fallback: number) => {
  const index = process.argv.indexOf(`--${name}`)
  return index >= 0 ? Number(process.argv[index + 1]) : fallback
}
const REQUESTS = argument('requests', 10_000)
const SEED = argument('seed', Date.now() % 1_000_000)
const CONCURRENCY = argument('concurrency', 8)

const INTERNALS =
  /\bat .*\.(ts|js|mjs):\d+|\bselect\b.+\bfrom\b|\binsert into\b|syntax error at|node_modules|\/home\/|\/work\/|\/tmp\/|SQLSTATE|drizzle|Failed query/i

async function main() {
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'pec-fuzz-'))
  const { startEmbeddedPostgres } = await import('../../src/server/db/embeddedPostgres')
  const database = await startEmbeddedPostgres({
    database: 'events_calendar_fuzz',
    dir: path.join(dir, 'pg'),
    fast: true,
    persistent: false,
  })
  process.env.DATABASE_URL = database.url
  process.env.DISABLE_PAYLOAD_HMR = 'true'
  process.env.EVENTS_CALENDAR_RUN_JOBS = 'false'
  process.env.PAYLOAD_LOG_LEVEL ??= 'fatal'
  const { bootPayload } = await import('../../src/server/db/boot')
  const { serveAllApis, basic } = await import('../helpers/http')
  const payload = await bootPayload()
  payload.logger.level = 'fatal'
  // Stopping the database at the end drops the pool's idle connections: not an error of the campaign.
  quietPoolErrors(payload)
  const api = await serveAllApis(payload)

  try {
    const seeded = await seedSecrets(payload)
    const callers = [
      { name: 'visitor', headers: {} as Record<string, string> },
      {
        name: 'contributor',
        headers: basic(seeded.contributor.email, seeded.contributor.password),
      },
    ]
    const counts = {
      requests: 0,
      serverErrors: 0,
      internals: 0,
      leaks: 0,
      lostWrites: 0,
      transportErrors: 0,
    }
    const examples: Record<string, string[]> = {
      serverErrors: [],
      internals: [],
      leaks: [],
      lostWrites: [],
      transportErrors: [],
    }
    const byStatus = new Map<number, number>()
    const bySurface = new Map<string, number>()
    const created = new Map<string, { collection: string; id: number; what: string }>()
    const deleted = new Set<string>()
    const note = (kind: keyof typeof examples, text: string) => {
      if (examples[kind]!.length < 15) examples[kind]!.push(text.slice(0, 400))
    }

    const started = Date.now()
    let next = 0
    const worker = async (workerRandom: Rng) => {
      while (next < REQUESTS) {
        next++
        const caller = callers[Math.floor(workerRandom() * callers.length)]!
        const request = hostileRequest(workerRandom, seeded.ids)
        const what = `${caller.name} ${request.method} ${request.path} ${request.body?.slice(0, 160) ?? ''}`
        let status: number
        let text: string
        try {
          const response = await send(api.url, request, caller.headers)
          status = response.status
          text = await response.text()
        } catch (error) {
          counts.transportErrors++
          note('transportErrors', `${what} → ${(error as Error).message}`)
          continue
        }
        counts.requests++
        byStatus.set(status, (byStatus.get(status) ?? 0) + 1)
        bySurface.set(request.surface, (bySurface.get(request.surface) ?? 0) + 1)
        if (status >= 500) {
          counts.serverErrors++
          note('serverErrors', `${what} → ${status} ${text.slice(0, 200)}`)
        }
        if (status >= 400 && INTERNALS.test(text)) {
          counts.internals++
          note('internals', `${what} → ${status} ${text.slice(0, 200)}`)
        }
        const lower = text.toLowerCase()
        const secret = seeded.secrets.find((marker) => lower.includes(marker.toLowerCase()))
        if (secret) {
          counts.leaks++
          note('leaks', `${what} → ${status} shows ${secret}`)
        }
        if (status >= 200 && status < 300) track(request, text, created, deleted)
      }
    }
    await Promise.all(
      Array.from({ length: CONCURRENCY }, (_, index) => worker(rng(SEED * 31 + index))),
    )

    for (const [key, item] of created) {
      if (deleted.has(key)) continue
      const { totalDocs } = await payload.count({
        collection: item.collection as never,
        overrideAccess: true,
        where: { id: { equals: item.id } },
      })
      if (totalDocs === 0) {
        counts.lostWrites++
        note('lostWrites', `${key} (${item.what})`)
      }
    }

    const seconds = ((Date.now() - started) / 1000).toFixed(1)
    console.log(
      JSON.stringify(
        {
          seed: SEED,
          seconds,
          ...counts,
          acknowledgedCreates: created.size,
          bySurface: Object.fromEntries(bySurface),
          byStatus: Object.fromEntries([...byStatus].sort(([a], [b]) => a - b)),
          examples,
        },
        null,
        2,
      ),
    )
    process.exitCode =
      counts.serverErrors || counts.internals || counts.leaks || counts.lostWrites ? 1 : 0
  } catch (error) {
    console.error(error)
    process.exitCode = 2
  } finally {
    await api.close()
    await payload.destroy?.().catch(() => undefined)
    await database.stop()
    await fs.rm(dir, { force: true, recursive: true })
  }
}

async function send(
  base: string,
  request: FuzzRequest,
  headers: Record<string, string>,
): Promise<Response> {
  return fetch(`${base}${request.path}`, {
    body: request.body,
    headers: {
      ...headers,
      ...(request.body !== undefined
        ? { 'content-type': request.contentType ?? 'application/json' }
        : {}),
    },
    method: request.method,
    signal: AbortSignal.timeout(30_000),
  })
}

/** Acknowledged creates (by id) and acknowledged deletes, to find writes that went missing. */
function track(
  request: FuzzRequest,
  text: string,
  created: Map<string, { collection: string; id: number; what: string }>,
  deleted: Set<string>,
) {
  let body: any
  try {
    body = JSON.parse(text)
  } catch {
    return
  }
  if (request.method === 'POST' && request.collection && !request.path.includes('?_method')) {
    const id =
      request.surface === 'compat'
        ? body?.id
        : request.surface === 'rest'
          ? body?.doc?.id
          : undefined
    if (
      typeof id === 'number' &&
      /\/(events|venues|organizers|categories|tags|event-categories|event-tags)$/.test(
        request.path.split('?')[0]!,
      )
    ) {
      created.set(`${request.collection}:${id}`, {
        collection: request.collection,
        id,
        what: `${request.surface} ${request.path}`,
      })
    }
  }
  if (request.surface === 'graphql') {
    for (const [field, value] of Object.entries(body?.data ?? {})) {
      const match = /^(create|delete)(Event|Venue|Organizer)$/.exec(field)
      const id = (value as { id?: unknown } | null)?.id
      if (!match || typeof id !== 'number') continue
      const collection = `${match[2]!.toLowerCase()}s`
      if (match[1] === 'create')
        created.set(`${collection}:${id}`, { collection, id, what: 'graphql create' })
      else deleted.add(`${collection}:${id}`)
    }
  }
  if (request.method === 'DELETE' && request.collection) {
    const id = /\/(\d+)(?:\?|$)/.exec(request.path)?.[1]
    if (id) deleted.add(`${request.collection}:${Number(id)}`)
    // A bulk delete (`DELETE /api/events?where=…`) may take anything: count all of its items as deleted.
    for (const doc of body?.docs ?? [])
      if (typeof doc?.id === 'number') deleted.add(`${request.collection}:${doc.id}`)
  }
  if (request.method === 'PATCH' || request.method === 'PUT' || request.method === 'POST') {
    // The compatibility API's DELETE may arrive as POST with _method, and trashing is an update.
    if (/_method=DELETE/i.test(request.path) && request.collection) {
      const id = /\/(\d+)(?:\?|$)/.exec(request.path)?.[1]
      if (id) deleted.add(`${request.collection}:${Number(id)}`)
    }
  }
}

if (process.argv.includes('--cost')) {
  // Keeps the process alive while modules load (see src/server/start.ts); the cost fuzzer exits by itself.
  setInterval(() => undefined, 1000)
  import('./cost')
    .then(({ costFuzz }) => costFuzz(process.argv.slice(2)))
    .then(
      (code) => process.exit(code),
      (error) => {
        console.error(error)
        process.exit(2)
      },
    )
} else {
  main().catch((error) => {
    console.error(error)
    process.exit(2)
  })
}
